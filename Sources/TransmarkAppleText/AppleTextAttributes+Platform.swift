#if canImport(UIKit) || canImport(AppKit)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif
import TransmarkStyledRuns

extension AppleTextAttributes {
    /// An `NSTextAttachment` for an image attachment: no image (the caller loads it), the
    /// declared size as its bounds when both width and height are known.
    public static func textAttachment(for attachment: Attachment) -> NSTextAttachment {
        let textAttachment = NSTextAttachment()
        if let width = attachment.width, let height = attachment.height {
            textAttachment.bounds = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        }
        return textAttachment
    }

    /// The run's `NSAttributedString` attributes: `.font`, `.foregroundColor`,
    /// `.backgroundColor`, `.underlineStyle` and `.underlineColor`, `.strikethroughStyle` and
    /// `.strikethroughColor`, `.baselineOffset`, `.kern`, `.link` (and on macOS `.toolTip` for a
    /// link's title), `.attachment` (made by `makeAttachment`) and `.inlinePresentationIntent`.
    /// The paragraph style comes from the run's paragraph (`AppleParagraphAttributes`).
    public func attributes(
        makeAttachment: (Attachment) -> NSTextAttachment = AppleTextAttributes.textAttachment(for:)
    ) -> [NSAttributedString.Key: Any] {
        var keys: [NSAttributedString.Key: Any] = [.font: font.platformFont]
        if let color = foregroundColor { keys[.foregroundColor] = color.platformColor }
        if let color = backgroundColor { keys[.backgroundColor] = color.platformColor }
        if let line = underline {
            keys[.underlineStyle] = line.styleRawValue
            if let color = line.color { keys[.underlineColor] = color.platformColor }
        }
        if let line = strikethrough {
            keys[.strikethroughStyle] = line.styleRawValue
            if let color = line.color { keys[.strikethroughColor] = color.platformColor }
        }
        if baselineOffset != 0 { keys[.baselineOffset] = CGFloat(baselineOffset) }
        if kern != 0 { keys[.kern] = CGFloat(kern) }
        if let url = link?.url { keys[.link] = url }
        #if !canImport(UIKit)
        if let title = link?.title, !title.isEmpty { keys[.toolTip] = title }
        #endif
        if let attachment { keys[.attachment] = makeAttachment(attachment) }
        if !inlinePresentationIntent.isEmpty { keys[.inlinePresentationIntent] = inlinePresentationIntent.rawValue }
        return keys
    }
}
#endif
