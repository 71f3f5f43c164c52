/// A font as Apple's text system describes it: a family (the system font in one of its designs,
/// or a named family), a point size, a weight on Apple's scale and symbolic traits. Computed from
/// a resolved `FontDescriptor`; the Apple adapter turns it into a `UIFont`, `NSFont` or SwiftUI
/// `Font`.
public struct AppleFont: Sendable, Hashable {
    /// The family: the platform's system font in a design, or a font family by name.
    public enum Family: Sendable, Hashable {
        /// The system font (`UIFont.systemFont`, `NSFont.systemFont`, `Font.system`) in a design.
        case system(AppleFontDesign)
        /// A font family by name (`Helvetica Neue`, `Georgia`).
        case named(String)
    }

    /// The family.
    public var family: Family
    /// The size in points.
    public var pointSize: Double
    /// The weight on Apple's scale, -1 to 1 (the raw value of `UIFont.Weight` and `NSFont.Weight`:
    /// regular 0, bold 0.4).
    public var weight: Double
    /// The symbolic traits (italic, bold, monospaced).
    public var traits: AppleFontTraits

    /// Creates a font.
    public init(family: Family, pointSize: Double, weight: Double = 0, traits: AppleFontTraits = []) {
        self.family = family
        self.pointSize = pointSize
        self.weight = weight
        self.traits = traits
    }

    /// The font of a resolved `FontDescriptor`: the generic families `system`, `monospace`,
    /// `serif` (and CSS's `ui-serif`, `ui-rounded`, `ui-monospace`) become the system font in its
    /// design, any other family stays a name; the CSS weight goes on Apple's scale; italic, bold
    /// (600 and heavier) and monospaced become symbolic traits.
    public init(_ font: FontDescriptor) {
        let design = AppleFontDesign(genericFamily: font.family)
        family = design.map(Family.system) ?? .named(font.family)
        pointSize = font.size
        weight = AppleFontWeight.value(cssWeight: font.weight)
        traits = []
        if font.italic { traits.insert(.italic) }
        if font.isBold { traits.insert(.bold) }
        if design == .monospaced { traits.insert(.monospace) }
    }

    /// The named weight nearest to `weight`: what SwiftUI's `Font.Weight`, which has no numeric
    /// initializer, can take.
    public var nearestNamedWeight: AppleFontWeight {
        AppleFontWeight.allCases.min { abs($0.value - weight) < abs($1.value - weight) } ?? .regular
    }
}
