/// A range of a `StyledText`'s text, as a start offset and a length in the text's `OffsetUnit`.
/// With the default UTF-16 unit it is exactly an `NSRange`.
public struct TextRange: Sendable, Hashable, Codable {
    /// The offset of the first unit.
    public var location: Int
    /// The number of units.
    public var length: Int

    /// Creates a range.
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    /// The offset just past the range.
    public var end: Int { location + length }
}
