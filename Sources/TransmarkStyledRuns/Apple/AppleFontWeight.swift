/// Apple's named font weights with their values on Apple's scale (the raw values of
/// `UIFont.Weight` and `NSFont.Weight`), and the CSS weight each stands for.
public enum AppleFontWeight: String, Sendable, Hashable, CaseIterable {
    /// The named weights, lightest first (CSS 100 to 900).
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The weight's value on Apple's scale: ultraLight -0.8 … black 0.62.
    public var value: Double {
        switch self {
        case .ultraLight: -0.8
        case .thin: -0.6
        case .light: -0.4
        case .regular: 0
        case .medium: 0.23
        case .semibold: 0.3
        case .bold: 0.4
        case .heavy: 0.56
        case .black: 0.62
        }
    }

    /// The CSS weight the named weight stands for: 100 for ultraLight … 900 for black.
    public var cssWeight: Int {
        (Self.allCases.firstIndex(of: self)! + 1) * 100
    }

    /// A CSS weight (100 to 900; clamped) on Apple's scale: the named weights at the hundreds,
    /// straight lines between them (450 is halfway between regular and medium).
    public static func value(cssWeight: Int) -> Double {
        let clamped = min(900, max(100, cssWeight))
        let lower = (clamped - 100) / 100
        let fraction = Double(clamped - 100 - lower * 100) / 100
        let low = allCases[lower].value
        guard fraction > 0, lower + 1 < allCases.count else { return low }
        return low + (allCases[lower + 1].value - low) * fraction
    }
}
