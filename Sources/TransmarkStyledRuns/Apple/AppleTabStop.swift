/// A tab stop (`NSTextTab(textAlignment:location:options:)`).
public struct AppleTabStop: Sendable, Hashable {
    /// The position from the leading edge, in points.
    public var location: Double
    /// How the text after the tab aligns at the stop.
    public var alignment: AppleTextAlignment

    /// Creates a tab stop.
    public init(location: Double, alignment: AppleTextAlignment = .natural) {
        self.location = location
        self.alignment = alignment
    }
}
