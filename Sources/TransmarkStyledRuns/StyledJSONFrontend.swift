import Foundation
import TransmarkCore

/// The reading side of the `styled-json` format: styled JSON (as `StyledJSONBackend` writes it, or
/// as an editor exports it) read back into a tree. Paragraph attributes become blocks (headings,
/// block quotes, lists with their markers, code blocks, tables, thematic breaks, footnotes), runs
/// become inline nodes (strong, emphasis, code, links, …), and resolved styles that differ from
/// what the theme gives the semantic markup become `span` nodes with a `Style`.
///
/// What styled runs cannot hold (code block info strings, raw HTML, soft line breaks, …) is
/// listed in `Docs/styled-json.md`, "Reading styled JSON back".
public struct StyledJSONFrontend: Frontend {
    /// Options of the `styled-json` reader.
    public struct Options: FormatOptions, Hashable {
        /// How the reader treats resolved styles (fonts, colors, decorations) that differ from
        /// what the theme gives the run's semantic markup.
        public enum ResolvedStyles: String, Sendable, Hashable, CaseIterable {
            /// Keep them: each difference becomes a `span` with a `Style` (or the style of an
            /// inline code, image or footnote reference node), so that writing the tree again with
            /// the same theme gives the same resolved runs.
            case spans
            /// Ignore them: only the semantic attributes (traits, links, headings, lists, …)
            /// count.
            case ignore
        }

        /// The theme the styled text was laid out with: the reader compares each run's resolved
        /// style with what this theme gives its markup, and reads indents in its units.
        public var theme: Theme = .default
        // option: .choice(summary: "styles that differ from the theme: spans (keep as styled spans) or ignore")
        /// What to do with resolved styles that differ from the theme's.
        public var resolvedStyles: ResolvedStyles = .spans
        // option: .int(range: 0...Int.max, summary: "largest input accepted, in bytes")
        /// The largest input accepted, in bytes.
        public var maxInputSize = 512 * 1024 * 1024
        // option: .int(range: 1...Int.max, summary: "deepest block nesting accepted")
        /// The deepest block nesting accepted (block quotes, lists and footnotes counted together).
        public var maxDepth = 100_000
        // option: .int(range: 0...Int.max,
        //     summary: "most block containers (quotes, lists, items) opened in the whole document")
        // options: OptionSpec.themeFont(\.theme)
        /// The most block containers (quotes, lists, list items, footnotes, definitions) opened
        /// in the whole document. Each paragraph opens those its depths need beyond the previous
        /// one's, so paragraphs alternating between a deep and a shallow list level open
        /// `maxDepth` containers each: this bounds that work, and the tree, by a number rather
        /// than by input size × `maxDepth`.
        public var maxContainers = 1_000_000

        /// The defaults.
        public init() {}
    }

    /// The options every conversion through this styled-json reader starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// The `styled-json` format, as `StyledJSONBackend` describes it (one name, read and write).
    public var format: FormatDescriptor { StyledJSONBackend().format }

    /// Reads styled JSON. Malformed JSON (JSON nested deeper than 512 levels, numbers out of range
    /// for their field: see `StyledJSONNumberCheck`), an unknown version, ranges that do not cover
    /// the text, a `blockQuoteDepth`, `listLevel` or indent beyond `maxDepth` and a `tableColumn`
    /// below 0 or more than 1000 columns past the cell before are `TransmarkError`s; everything
    /// else reads.
    public func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        if input.count > options.maxInputSize {
            throw TransmarkError.inputTooLarge(bytes: input.count, limit: options.maxInputSize, option: "maxInputSize")
        }
        // JSON is UTF-8; UTF-16 after its byte order mark is read too.
        if let decoded = try InputDecoder.decodedCopy(input) {
            return try decoded.withUnsafeBufferPointer { try parse($0, options: options) }
        }
        try StyledJSONNumberCheck.check(input)
        let styled = try StyledText.decodeForReading(Data(buffer: input))
        return try Document(styled, options: options)
    }
}

extension StyledText {
    /// Decodes styled JSON, turning every decoding failure into a `TransmarkError`.
    static func decodeForReading(_ data: Data) throws -> StyledText {
        do {
            return try JSONDecoder().decode(StyledText.self, from: data)
        } catch let error as TransmarkError {
            throw error
        } catch let error as DecodingError {
            throw StyledJSONDecodingFailure.transmarkError(error, data: data)
        } catch {
            throw TransmarkError.malformedInput(message: "styled-json: \(error)", offset: 0)
        }
    }
}

/// Messages for styled JSON that does not decode.
enum StyledJSONDecodingFailure {
    static func transmarkError(_ error: DecodingError, data: Data) -> TransmarkError {
        func path(_ codingPath: [any CodingKey]) -> String {
            var s = ""
            for key in codingPath {
                if let i = key.intValue { s += "[\(i)]" } else { s += (s.isEmpty ? "" : ".") + key.stringValue }
            }
            return s.isEmpty ? "the top level" : s
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = context.codingPath.isEmpty ? "the top level" : path(context.codingPath)
            return .malformedInput(message: "styled-json: missing key '\(key.stringValue)' in \(at)", offset: 0)
        case .typeMismatch(let type, let context):
            return .malformedInput(message: "styled-json: \(path(context.codingPath)) is not \(describe(type))", offset: 0)
        case .valueNotFound(let type, let context):
            return .malformedInput(message: "styled-json: \(path(context.codingPath)) is null, expected \(describe(type))", offset: 0)
        case .dataCorrupted(let context):
            // Ranges that do not cover the text (`validate()`): its own error, as it is.
            if let invalid = context.underlyingError as? TransmarkError { return invalid }
            if context.codingPath.isEmpty, context.underlyingError != nil || context.debugDescription.contains("not valid JSON") {
                // A syntax error: not JSON at all. Foundation may name the position.
                let nsError = context.underlyingError.map { $0 as NSError }
                let index = nsError?.userInfo["NSJSONSerializationErrorIndex"] as? Int ?? 0
                let detail = nsError?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
                return .malformedInput(message: "styled-json is not valid JSON (\(detail))", offset: index)
            }
            let at = context.codingPath.isEmpty ? "" : " at \(path(context.codingPath))"
            return .malformedInput(message: "styled-json\(at): \(context.debugDescription)", offset: 0)
        @unknown default:
            return .malformedInput(message: "styled-json: \(error)", offset: 0)
        }
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
