import TransmarkCore
import TransmarkMarkdown
import TransmarkStyledRuns

/// Helpers shared by the styled-runs tests.
enum Styled {
    /// Markdown laid out as styled text.
    static func markdown(_ source: String, options: StyledTextOptions = StyledTextOptions()) throws -> StyledText {
        StyledText(document: try MarkdownFrontend().parse(source), options: options)
    }

    /// The substring of `styled.text` covered by a UTF-16 range.
    static func slice(_ styled: StyledText, _ range: TextRange) -> String {
        let utf16 = Array(styled.text.utf16)
        return String(decoding: utf16[range.location..<range.end], as: UTF16.self)
    }

    /// The text of every run whose attributes satisfy `predicate`, in order.
    static func words(_ styled: StyledText, where predicate: (RunAttributes) -> Bool) -> [String] {
        styled.runs.filter { predicate(styled.runStyles[$0.style]) }.map { slice(styled, $0.range) }
    }
}
