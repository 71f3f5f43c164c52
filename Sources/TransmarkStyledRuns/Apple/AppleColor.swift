import TransmarkCore

/// A color as Apple's text system takes it: red, green, blue and alpha in the sRGB space, each
/// from 0 to 1 (`UIColor(red:green:blue:alpha:)`, `NSColor(srgbRed:green:blue:alpha:)`,
/// SwiftUI's `Color(.sRGB, red:green:blue:opacity:)`).
public struct AppleColor: Sendable, Hashable {
    /// Red, 0 to 1.
    public var red: Double
    /// Green, 0 to 1.
    public var green: Double
    /// Blue, 0 to 1.
    public var blue: Double
    /// Alpha, 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// Creates a color from components between 0 and 1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The color of a resolved `RGBAColor`: each 0–255 component divided by 255.
    public init(_ color: RGBAColor) {
        self.init(red: Double(color.red) / 255, green: Double(color.green) / 255,
                  blue: Double(color.blue) / 255, alpha: Double(color.alpha) / 255)
    }
}
