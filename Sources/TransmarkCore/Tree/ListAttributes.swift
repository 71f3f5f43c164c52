/// How a list is numbered or bulleted.
public struct ListAttributes: Hashable, Sendable {
    /// Whether the list is ordered (numbered).
    public var isOrdered: Bool
    /// The number of the first item of an ordered list.
    public var start: Int
    /// Whether the list is tight (items not separated by blank lines).
    public var isTight: Bool
    /// The bullet character (`-`, `*`, `+`) of a bullet list, or the delimiter (`.`, `)`) of an
    /// ordered list, as written in the source; `nil` when the source had none (HTML).
    public var marker: Character?
    /// The numbering style of an ordered list (from HTML `type`, or CSS `list-style-type` in
    /// the list's `style`).
    public var numbering: ListNumbering
    /// Whether an ordered list counts down (HTML `reversed`).
    public var isReversed: Bool

    /// Creates list attributes.
    public init(
        isOrdered: Bool, start: Int = 1, isTight: Bool = true, marker: Character? = nil,
        numbering: ListNumbering = .decimal, isReversed: Bool = false
    ) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.marker = marker
        self.numbering = numbering
        self.isReversed = isReversed
    }

    /// A tight bullet list.
    public static let bullet = ListAttributes(isOrdered: false)
    /// A tight ordered list starting at 1.
    public static let ordered = ListAttributes(isOrdered: true)

    /// How the number changes from one item to the next: 1, or -1 when the list counts down.
    public var step: Int { isReversed ? -1 : 1 }

    /// The number of the item `position` items after the first (0 is the first item): `start`
    /// plus or minus `position`, saturating at `Int.min` and `Int.max` rather than overflowing
    /// (a list from JSON may start at `Int.max`; its next items keep that number).
    public func number(ofItemAt position: Int) -> Int {
        let (product, overflow) = step.multipliedReportingOverflow(by: position)
        guard !overflow else { return isReversed ? Int.min : Int.max }
        return start.addingSaturating(product)
    }
}

extension Int {
    /// `self + other`, or `Int.max` / `Int.min` where the sum would overflow: for arithmetic on
    /// numbers read from input (list numbers, spans, depths), which must never trap.
    @inlinable
    public func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? Int.max : Int.min
    }

    /// `self - other`, or `Int.max` / `Int.min` where the difference would overflow.
    @inlinable
    public func subtractingSaturating(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? Int.max : Int.min
    }
}

/// The numbering style of an ordered list.
public enum ListNumbering: String, Hashable, Sendable, CaseIterable {
    /// 1, 2, 3
    case decimal
    /// a, b, c
    case lowerAlpha
    /// A, B, C
    case upperAlpha
    /// i, ii, iii
    case lowerRoman
    /// I, II, III
    case upperRoman
}

/// The state of a task-list item.
public enum TaskState: String, Hashable, Sendable {
    /// `[ ]`
    case unchecked
    /// `[x]`
    case checked
}

/// The horizontal alignment of a table column or cell.
public enum TableAlignment: String, Hashable, Sendable, CaseIterable {
    /// No alignment given.
    case none
    /// `:--`
    case left
    /// `:-:`
    case center
    /// `--:`
    case right
}

/// What a table cell knows about itself.
public struct TableCellAttributes: Hashable, Sendable {
    /// The cell's alignment (from its column in Markdown, from `align` in HTML).
    public var alignment: TableAlignment
    /// How many columns the cell spans (at least 1).
    public var columnSpan: Int
    /// How many rows the cell spans (at least 1).
    public var rowSpan: Int
    /// Whether the cell is a header cell (`<th>`), whatever row it is in.
    public var isHeader: Bool

    /// Creates cell attributes.
    public init(alignment: TableAlignment = .none, columnSpan: Int = 1, rowSpan: Int = 1, isHeader: Bool = false) {
        self.alignment = alignment
        self.columnSpan = columnSpan
        self.rowSpan = rowSpan
        self.isHeader = isHeader
    }

    /// A plain data cell.
    public static let plain = TableCellAttributes()

    /// The widest column span a cell may have: 1000, HTML's limit (the HTML reader clamps
    /// `colspan` to it, the `json-tree` reader refuses more). Work in the table writers grows
    /// with the spans, so they are bounded.
    public static let maximumColumnSpan = 1000
    /// The tallest row span a cell may have: 65534, HTML's limit.
    public static let maximumRowSpan = 65534
}

/// The declared size of an image, in CSS pixels.
public struct ImageSize: Hashable, Sendable {
    /// The width, if declared.
    public var width: Int?
    /// The height, if declared.
    public var height: Int?

    /// Creates an image size.
    public init(width: Int? = nil, height: Int? = nil) {
        self.width = width
        self.height = height
    }
}

/// A name/value pair kept from the source (HTML `id`, `class`, `data-*`, …), in source order.
public struct Attribute: Hashable, Sendable {
    /// The attribute's name, lowercased for HTML.
    public var name: String
    /// The attribute's value; empty for boolean attributes.
    public var value: String

    /// Creates an attribute.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// Where one attribute's name and value are in a byte buffer: `nameStart ..< valueStart` is the
/// name, `valueStart ..< valueEnd` the value. (Frontends fill such buffers as they read tags;
/// documents store their attributes so.)
package struct AttributeSpan: Sendable, Equatable, BitwiseCopyable {
    package var nameStart: Int32
    package var valueStart: Int32
    package var valueEnd: Int32

    @inline(__always)
    package init(nameStart: Int32, valueStart: Int32, valueEnd: Int32) {
        self.nameStart = nameStart
        self.valueStart = valueStart
        self.valueEnd = valueEnd
    }

    /// The name's byte range.
    package var name: Range<Int> {
        @inline(__always) get { Int(nameStart) ..< Int(valueStart) }
    }

    /// The value's byte range.
    package var value: Range<Int> {
        @inline(__always) get { Int(valueStart) ..< Int(valueEnd) }
    }
}

/// One node's attributes in a document: a range of its attribute spans.
package struct AttributeListRange: Sendable, BitwiseCopyable {
    package var first: Int32
    package var count: Int32

    /// The indices of the spans.
    package var spans: Range<Int> { Int(first) ..< Int(first) + Int(count) }
}

/// An attribute list added to a ``DocumentBuilder`` and not yet (or not only) given to a node:
/// several nodes may share one.
package struct AttributeListID: Sendable, Equatable, BitwiseCopyable {
    /// The index in the document's attribute lists, or -1 for no attributes.
    package var index: Int32

    package init(index: Int32) { self.index = index }

    /// No attributes.
    package static let none = AttributeListID(index: -1)
}

extension ListNumbering {
    /// Item number `n` written in this numbering, without a delimiter: decimal, letters `a`…`z`,
    /// `aa`, … (bijective base 26), or Roman numerals up to 3999. Numbers it cannot show (below 1
    /// for letters and Roman numerals, above 3999 for Roman numerals) are written in decimal.
    public func label(_ n: Int) -> String {
        switch self {
        case .decimal:
            return String(n)
        case .lowerAlpha, .upperAlpha:
            guard n >= 1 else { return String(n) }
            var digits: [UInt8] = []
            var v = n
            let base: UInt8 = self == .lowerAlpha ? 0x61 : 0x41
            while v > 0 {
                v -= 1
                digits.append(base + UInt8(v % 26))
                v /= 26
            }
            return String(decoding: digits.reversed(), as: UTF8.self)
        case .lowerRoman, .upperRoman:
            guard n >= 1 && n <= 3999 else { return String(n) }
            let values = [1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1]
            let symbols = ["M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"]
            var result = ""
            var v = n
            for (value, symbol) in zip(values, symbols) {
                while v >= value {
                    result += symbol
                    v -= value
                }
            }
            return self == .lowerRoman ? result.lowercased() : result
        }
    }
}
