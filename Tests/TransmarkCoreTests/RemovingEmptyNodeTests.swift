import Testing
@_spi(TransmarkStorage) @testable import TransmarkCore

/// `DocumentBuilder.closeRemovingIfEmpty`: a container that got nothing goes, links and all.
@Suite struct RemovingEmptyNodeTests {
    @Test func anEmptyContainerLeavesNoTrace() {
        var with = DocumentBuilder()
        _ = with.open(.paragraph)
        with.text("a")
        var red = Style()
        red.color = .rgba(RGBAColor(red: 255, green: 0, blue: 0))
        _ = with.open(.link(destination: "/p", title: "t"), style: red)
        let removedLink = with.closeRemovingIfEmpty()
        #expect(removedLink)
        with.text("b")
        with.close()
        var without = DocumentBuilder()
        _ = without.open(.paragraph)
        without.text("ab")
        without.close()
        #expect(with.finish() == without.finish())
    }

    @Test func aContainerWithContentStays() {
        var b = DocumentBuilder()
        _ = b.open(.paragraph)
        _ = b.open(.emphasis)
        b.text("x")
        let removedEmphasis = b.closeRemovingIfEmpty()
        #expect(!removedEmphasis)
        b.close()
        #expect(b.finish().treeDump.contains("emphasis"))
    }

    @Test func whitespaceBeforeARemovedContainerGoesToo() {
        var b = DocumentBuilder()
        _ = b.open(.paragraph)
        b.text("y \n ")
        _ = b.open(.span)
        let removedSpan = b.closeRemovingIfEmpty()
        #expect(removedSpan)
        b.close()
        var expected = DocumentBuilder()
        _ = expected.open(.paragraph)
        expected.text("y")
        expected.close()
        #expect(b.finish() == expected.finish())
    }

    @Test func aWhitespaceOnlyTextBeforeItGoesWhole() {
        var b = DocumentBuilder()
        _ = b.open(.paragraph)
        _ = b.open(.strong)
        b.text("s")
        b.close()
        b.text(" ")
        _ = b.open(.link(destination: "/p", title: ""))
        let removedLink = b.closeRemovingIfEmpty()
        #expect(removedLink)
        b.text("t")
        b.close()
        var expected = DocumentBuilder()
        _ = expected.open(.paragraph)
        _ = expected.open(.strong)
        expected.text("s")
        expected.close()
        expected.text("t")
        expected.close()
        #expect(b.finish() == expected.finish())
    }

    @Test func theFirstChildCanGo() {
        var b = DocumentBuilder()
        _ = b.open(.blockQuote)
        _ = b.open(.paragraph)
        let removedParagraph = b.closeRemovingIfEmpty()
        #expect(removedParagraph)
        _ = b.open(.paragraph)
        b.text("kept")
        b.close()
        b.close()
        let quote = b.finish().root.children.first { _ in true }
        #expect(quote?.children.map(\.kind) == [.paragraph])
        #expect(quote?.plainText == "kept")
    }
}
