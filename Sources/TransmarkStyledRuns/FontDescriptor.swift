/// A resolved font: family, size, weight and slant.
public struct FontDescriptor: Sendable, Hashable {
    /// The generic family of the platform's UI font.
    public static let systemFamily = "system"
    /// The generic monospaced family.
    public static let monospaceFamily = "monospace"

    /// A family name, or one of the generic names `system`, `monospace`, `serif`.
    public var family: String
    /// The size in points.
    public var size: Double
    /// The weight, 100 to 900 (400 regular, 700 bold).
    public var weight: Int
    /// Whether the font is italic (or oblique).
    public var italic: Bool

    /// Creates a font descriptor.
    public init(family: String = FontDescriptor.systemFamily, size: Double = 16, weight: Int = 400, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }

    /// Whether the weight is 600 or more.
    public var isBold: Bool { weight >= 600 }
}
