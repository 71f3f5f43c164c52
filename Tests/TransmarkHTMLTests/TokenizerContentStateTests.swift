import Testing
import TransmarkHTML

@Suite("Tokenizer content states")
struct TokenizerContentStateTests {
    @Test("A script ends at the first </script followed by whitespace, '/' or '>'")
    func scriptEnd() {
        #expect(simpleTokens(#"<script>var s = "</script"; t = "</scripts>";</script><p>"#) == [
            .start("script"), .text(#"var s = "</script"; t = "</scripts>";"#), .end("script"), .start("p"),
        ])
        #expect(simpleTokens(#"<script>document.write("</script>");</script>"#) == [
            .start("script"), .text(#"document.write(""#), .end("script"), .text(#"");"#), .end("script"),
        ])
        #expect(simpleTokens("<SCRIPT>a</Script\n>b") == [.start("script"), .text("a"), .end("script"), .text("b")])
    }

    @Test("Inside <!-- <script> … in a script, </script> does not end it (double-escaped)")
    func scriptDoubleEscaped() {
        #expect(simpleTokens("<script><!--<script></script>--></script>x") == [
            .start("script"), .text("<!--<script></script>-->"), .end("script"), .text("x"),
        ])
    }

    @Test("RCDATA and RAWTEXT elements switch states automatically")
    func automaticStates() {
        #expect(simpleTokens("<title><b>&amp;</b></title>") == [.start("title"), .text("<b>&</b>"), .end("title")])
        #expect(simpleTokens("<textarea></textareax></textarea>") == [.start("textarea"), .text("</textareax>"), .end("textarea")])
        #expect(simpleTokens("<style>a&amp;<b></style>") == [.start("style"), .text("a&amp;<b>"), .end("style")])
        #expect(simpleTokens("<plaintext></plaintext><b>") == [.start("plaintext"), .text("</plaintext><b>")])
    }

    @Test("Callers can turn automatic switching off and switch states themselves")
    func manualStates() {
        let off = HTMLTokenizer.Options(switchesContentStateAutomatically: false)
        #expect(simpleTokens("<title><b></title>", options: off) == [.start("title"), .start("b"), .end("title")])

        var tokenizer = HTMLTokenizer("<raw><b>&amp;</raw>", options: off)
        #expect(tokenizer.next() == .startTag(HTMLTag(name: "raw")))
        tokenizer.switchTo(.rawtext)
        #expect(tokenizer.contentState == .rawtext)
        #expect(simpleTokens(&tokenizer) == [.text("<b>&amp;"), .end("raw")])

        // As the spec says, only ASCII letters can make up the name of an appropriate end tag.
        var dashed = HTMLTokenizer("a</x-raw>")
        dashed.switchTo(.rawtext)
        dashed.lastStartTagName = "x-raw"
        #expect(simpleTokens(&dashed) == [.text("a</x-raw>")])

        var rcdata = HTMLTokenizer("a</x>&lt;</y>")
        rcdata.switchTo(.rcdata)
        rcdata.lastStartTagName = "Y"
        #expect(simpleTokens(&rcdata) == [.text("a</x><"), .end("y")])
    }

    @Test("CDATA sections are bogus comments unless the caller allows them (foreign content)")
    func cdata() {
        #expect(simpleTokens("<![CDATA[a<b]]>c") == [.comment("[CDATA[a<b]]"), .text("c")])
        var tokenizer = HTMLTokenizer("<![CDATA[a<b]]>c")
        tokenizer.allowsCDATASections = true
        #expect(simpleTokens(&tokenizer) == [.text("a<bc")])
    }

    @Test("Pull, callback and Sequence APIs give the same tokens")
    func apis() {
        let html = "<!DOCTYPE html><p class=a>x &amp; y<!-- c --></p>"
        var pulled: [HTMLToken] = []
        var tokenizer = HTMLTokenizer(html)
        while let token = tokenizer.next() { pulled.append(token) }
        var called: [HTMLToken] = []
        var other = HTMLTokenizer(html)
        other.forEachToken { called.append($0) }
        #expect(pulled == called)
        #expect(Array(HTMLTokenizer(html)) == pulled)
        // doctype, <p>, "x ", "&", " y", comment, </p>
        #expect(pulled.count == 7)
    }
}
