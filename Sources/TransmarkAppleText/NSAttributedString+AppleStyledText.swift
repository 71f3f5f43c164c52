#if canImport(UIKit) || canImport(AppKit)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif
import TransmarkStyledRuns

extension NSAttributedString {
    /// Styled text for `UILabel`, `UITextView`, `NSTextField` and `NSTextView`: each run with its
    /// `AppleTextAttributes.attributes(makeAttachment:)` and its paragraph's
    /// `AppleParagraphAttributes.paragraphStyle(sharingLists:)` (the paragraphs of one list share
    /// one `NSTextList`). Block intents (headings, lists, quotes as `PresentationIntent`) are in
    /// the SwiftUI-ready `AttributedString(_:)`; here they are the paragraph styles.
    public convenience init(
        _ styled: AppleStyledText,
        makeAttachment: (Attachment) -> NSTextAttachment = AppleTextAttributes.textAttachment(for:)
    ) {
        let result = NSMutableAttributedString()
        var lists: [Int: NSTextList] = [:]
        var paragraphStyles: [Int: NSParagraphStyle] = [:]
        for run in styled.runs {
            var keys = run.attributes.attributes(makeAttachment: makeAttachment)
            if styled.paragraphs.indices.contains(run.paragraph) {
                let style = paragraphStyles[run.paragraph]
                    ?? styled.paragraphs[run.paragraph].attributes.paragraphStyle(sharingLists: &lists)
                paragraphStyles[run.paragraph] = style
                keys[.paragraphStyle] = style
            }
            result.append(NSAttributedString(string: run.text, attributes: keys))
        }
        self.init(attributedString: result)
    }

    /// Styled text for UIKit and AppKit views, straight from `StyledText`
    /// (`NSAttributedString(AppleStyledText(styled))`).
    public convenience init(
        _ styled: StyledText,
        makeAttachment: (Attachment) -> NSTextAttachment = AppleTextAttributes.textAttachment(for:)
    ) {
        self.init(AppleStyledText(styled), makeAttachment: makeAttachment)
    }
}
#endif
