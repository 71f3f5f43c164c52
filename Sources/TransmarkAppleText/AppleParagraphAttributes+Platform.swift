#if canImport(UIKit) || canImport(AppKit)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif
import TransmarkStyledRuns

extension AppleTextAlignment {
    /// The `NSTextAlignment`.
    public var textAlignment: NSTextAlignment {
        switch self {
        case .natural: .natural
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        }
    }
}

extension AppleTextList {
    /// A new `NSTextList` with this marker format and starting number.
    public func makeTextList() -> NSTextList {
        let list = NSTextList(markerFormat: NSTextList.MarkerFormat(rawValue: markerFormat), options: 0)
        list.startingItemNumber = startingItemNumber
        return list
    }
}

extension AppleParagraphAttributes {
    /// The paragraph style: alignment, indents, spacing, line height, tab stops and text lists
    /// (new `NSTextList`s; see `paragraphStyle(sharingLists:)` to share them between paragraphs).
    public var paragraphStyle: NSParagraphStyle {
        var lists: [Int: NSTextList] = [:]
        return paragraphStyle(sharingLists: &lists)
    }

    /// The paragraph style, taking each text list from `lists` by its identity (and adding the
    /// ones not there yet), so that the paragraphs of one list share one `NSTextList`.
    public func paragraphStyle(sharingLists lists: inout [Int: NSTextList]) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment.textAlignment
        style.firstLineHeadIndent = CGFloat(firstLineHeadIndent)
        style.headIndent = CGFloat(headIndent)
        style.paragraphSpacingBefore = CGFloat(paragraphSpacingBefore)
        style.paragraphSpacing = CGFloat(paragraphSpacing)
        style.lineHeightMultiple = CGFloat(lineHeightMultiple)
        style.tabStops = tabStops.map { NSTextTab(textAlignment: $0.alignment.textAlignment, location: CGFloat($0.location), options: [:]) }
        style.textLists = textLists.map { list in
            if let shared = lists[list.identity] { return shared }
            let made = list.makeTextList()
            lists[list.identity] = made
            return made
        }
        return style
    }
}
#endif
