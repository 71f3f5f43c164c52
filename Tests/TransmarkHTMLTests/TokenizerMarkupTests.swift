import Testing
import TransmarkCore
import TransmarkHTML

@Suite("Tokenizer tags, comments and doctypes")
struct TokenizerMarkupTests {
    @Test("Unquoted, boolean, duplicate and uppercase attributes")
    func attributes() {
        #expect(simpleTokens("<A HREF=foo.html Class=x disabled checked=''>")
            == [.start("a", ["href": "foo.html", "class": "x", "disabled": "", "checked": ""])])
        var tokenizer = HTMLTokenizer(#"<p id=one ID="two" id=three title=t>"#)
        guard case let .startTag(tag)? = tokenizer.next() else {
            Issue.record("expected a start tag")
            return
        }
        #expect(tag.attributes == [Attribute("id", "one"), Attribute("title", "t")])
        #expect(simpleTokens("<br/><img src=x />") == [.start("br", selfClosing: true), .start("img", ["src": "x"], selfClosing: true)])
    }

    @Test("Text that only looks like markup stays text")
    func notMarkup() {
        #expect(simpleTokens("a < b <3 <> </ > x") == [.text("a < b <3 <> "), .comment(" "), .text(" x")])
        #expect(simpleTokens("x<") == [.text("x<")])
        #expect(simpleTokens("x</") == [.text("x</")])
        #expect(simpleTokens("<Congratulation!>") == [.start("congratulation!")])
    }

    @Test("Comment endings", arguments: [
        ("<!---->", ""), ("<!-->", ""), ("<!--->", ""), ("<!-- a --!>", " a "), ("<!-- a -- b -->", " a -- b "),
        ("<!-- open", " open"), ("<!--a--!-->", "a--!"), ("<?php x ?>", "?php x ?"), ("<!x>", "x"),
    ])
    func comments(input: String, data: String) {
        #expect(simpleTokens(input) == [.comment(data)])
    }

    @Test("Doctypes with identifiers and force-quirks")
    func doctypes() {
        var tokenizer = HTMLTokenizer(#"<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" 'http://x'><!doctype><!DOCTYPE html"#)
        #expect(tokenizer.next() == .doctype(HTMLDoctype(name: "html", publicIdentifier: "-//W3C//DTD HTML 4.01//EN",
                                                          systemIdentifier: "http://x", forceQuirks: false)))
        #expect(tokenizer.next() == .doctype(HTMLDoctype(name: nil, forceQuirks: true)))
        #expect(tokenizer.next() == .doctype(HTMLDoctype(name: "html", forceQuirks: true)))
        #expect(tokenizer.next() == nil)
        #expect(tokenizer.next() == nil)
    }

    @Test("End of input inside a tag drops the tag but keeps the text before it")
    func endOfInputInTag() {
        #expect(simpleTokens("text<div class=\"x") == [.text("text")])
    }
}
