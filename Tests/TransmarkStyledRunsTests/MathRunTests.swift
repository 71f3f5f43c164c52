import Foundation
import Testing
import TransmarkCore
import TransmarkMarkdown
import TransmarkStyledRuns

/// Math in styled runs: a `math` attribute on the runs of its TeX source, in styled JSON and
/// `AttributedString`, read back into math nodes.
@Suite struct MathRunTests {
    static func styled(_ markdown: String) throws -> StyledText {
        let document = try MarkdownFrontend().parse(Array(markdown.utf8), options: .chat)
        return StyledText(document: document)
    }

    @Test func mathAttribute() throws {
        let styled = try Self.styled("Let $x^2$ and $$y$$ be.")
        #expect(styled.text == "Let x^2 and y be.")
        #expect(Styled.words(styled, where: { $0.math == .inline }) == ["x^2"])
        #expect(Styled.words(styled, where: { $0.math == .display }) == ["y"])
        let document = try MarkdownFrontend().parse(Array("Let $x^2$ and $$y$$ be.".utf8), options: .chat)
        let json = String(decoding: try StyledJSONBackend().render(document, options: StyledTextOptions()), as: UTF8.self)
        #expect(json.contains("\"math\": \"inline\"") && json.contains("\"math\": \"display\""))
    }

    @Test func readsBackIntoMathNodes() throws {
        let styled = try Self.styled("Let $a*b$ be \\[c\\].")
        let document = try Document(styled)
        var math: [String] = []
        for event in document.events() {
            guard case .enter(let node) = event else { continue }
            if node.kind == .inlineMath { math.append("inline:" + node.text) }
            if node.kind == .displayMath { math.append("display:" + node.text) }
        }
        #expect(math == ["inline:a*b", "display:c"])
    }

    @Test func attributedStringCarriesMath() throws {
        let styled = try Self.styled("Let $x$.")
        let attributed = AttributedString(styled)
        let kinds = attributed.runs.compactMap { $0[TransmarkAttributes.Math.self] }
        #expect(kinds == [.inline])
        #expect(StyledText(attributed) == styled)
    }
}
