/// The alignment of a paragraph or a tab stop (`NSTextAlignment`, whose raw values differ between
/// UIKit and AppKit, hence no raw values here).
public enum AppleTextAlignment: String, Sendable, Hashable, CaseIterable {
    /// How lines are aligned (`natural` follows the writing direction).
    case natural, left, center, right, justified

    /// The alignment of a resolved paragraph alignment.
    public init(_ alignment: ParagraphAttributes.Alignment) {
        switch alignment {
        case .natural: self = .natural
        case .left: self = .left
        case .center: self = .center
        case .right: self = .right
        case .justified: self = .justified
        }
    }
}
