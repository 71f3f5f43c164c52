import TransmarkCore

/// `shift-headings`: moves every heading `by` levels (positive: deeper, `h1` → `h2`; negative:
/// shallower), clamping the result to levels 1…6.
///
/// ```swift
/// let nested = try ShiftHeadingsTransform().apply(to: doc, options: .init(by: 1))
/// ```
public struct ShiftHeadingsTransform: Transform {
    /// The options of `shift-headings`.
    public struct Options: FormatOptions {
        // option: .int(range: -5...5, summary: "levels to add to each heading (negative: subtract); results clamp to 1…6")
        /// Levels to add to each heading's level (negative to subtract).
        public var by = 1

        /// Shifts by one level.
        public init() {}
    }

    /// The options every conversion through this transform starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// `shift-headings`.
    public var name: String { "shift-headings" }
    /// One line of help.
    public var summary: String { "Shift every heading's level by n, clamped to 1…6." }

    /// Returns a copy of `document` with its headings shifted.
    public func apply(to document: Document, options: Options) throws -> Document {
        if options.by == 0 { return document }
        return document.rewritten { node in
            guard case .heading(let level) = node.kind else { return .keep }
            return .replaceKind(.heading(level: min(6, max(1, level + options.by))))
        }
    }
}
