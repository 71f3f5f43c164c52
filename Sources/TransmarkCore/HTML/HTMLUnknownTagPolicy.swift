/// What happens to a tag that no mapping knows: in the HTML frontend, an element its tag
/// registry does not map; in the tagged-string frontend (`tagged`), a tag with no node kind.
/// Lives in the core so that every frontend that reads tags shares one policy type.
public enum HTMLUnknownTagPolicy: String, Sendable, Hashable, CaseIterable {
    /// The element is unwrapped: its children go to its parent (the default). An isolated start
    /// tag that names no HTML element and is never closed (`Hi <Congratulation!> there`) is kept
    /// as literal text, since it is most likely text that looks like a tag.
    case keepChildren
    /// The element and its content are dropped.
    case dropWithContent
    /// The element's start and end tags are kept as literal text; its content is parsed as usual.
    case literalText
}
