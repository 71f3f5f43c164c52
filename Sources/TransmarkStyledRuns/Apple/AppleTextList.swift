import TransmarkCore

/// A list a paragraph is in, as `NSTextList` describes it: the marker format and the first item's
/// number. A paragraph's lists go outermost first, as `NSParagraphStyle.textLists` holds them.
public struct AppleTextList: Sendable, Hashable {
    /// The raw value of `NSTextList.MarkerFormat`: `{disc}`, `{circle}`, `{square}`, `{box}`,
    /// `{check}`, `{decimal}`, `{lower-alpha}`, `{upper-alpha}`, `{lower-roman}`, `{upper-roman}`.
    public var markerFormat: String
    /// The number of the list's first item (`NSTextList.startingItemNumber`).
    public var startingItemNumber: Int
    /// The list's identity (the same as its `orderedList` or `unorderedList` component's), which
    /// tells two lists with equal markers apart: the adapter makes one `NSTextList` per identity.
    public var identity: Int

    /// Creates a text list.
    public init(markerFormat: String, startingItemNumber: Int = 1, identity: Int) {
        self.markerFormat = markerFormat
        self.startingItemNumber = startingItemNumber
        self.identity = identity
    }

    /// The marker format of a list with these attributes whose first marker, as written into the
    /// text, is `firstMarker` (bullets by their character, task boxes as boxes and checks).
    static func format(for list: ListAttributes, firstMarker: String) -> String {
        if list.isOrdered {
            switch list.numbering {
            case .decimal: return "{decimal}"
            case .lowerAlpha: return "{lower-alpha}"
            case .upperAlpha: return "{upper-alpha}"
            case .lowerRoman: return "{lower-roman}"
            case .upperRoman: return "{upper-roman}"
            }
        }
        switch firstMarker {
        case ListMarkers.bullet(level: 2): return "{circle}"
        case ListMarkers.bullet(level: 3): return "{square}"
        case ListMarkers.task(.unchecked): return "{box}"
        case ListMarkers.task(.checked): return "{check}"
        default: return "{disc}"
        }
    }
}
