/// What styled text does with raw HTML nodes (`htmlBlock`, `htmlInline`) that no frontend turned
/// into tree nodes.
public enum RawHTMLPolicy: String, Sendable, Hashable, CaseIterable {
    /// Leave raw markup out of the text (the default): the text between tags is kept, the tags are not.
    case drop
    /// Keep raw markup as text, in the code style.
    case text
}
