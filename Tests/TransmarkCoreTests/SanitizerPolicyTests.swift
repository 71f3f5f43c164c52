import Testing
import TransmarkCore

@Suite struct SanitizerPolicyTests {
    func clean(_ raw: String, _ policy: SanitizerPolicy = .default) -> String {
        String(decoding: policy.sanitize(rawHTML: Array(raw.utf8)), as: UTF8.self)
    }

    @Test func rawHTMLKeepsWhatItVouchesFor() {
        #expect(clean("<div class=c>x</div>") == "<div class=\"c\">x</div>")
        #expect(clean("<a href='https://e.x/?a=1&amp;b=2' title=\"t\">") == "<a href=\"https://e.x/?a=1&amp;b=2\" title=\"t\">")
        #expect(clean("<br/>") == "<br />")
        #expect(clean("<!-- note -->") == "<!-- note -->")
        #expect(SanitizerPolicy.default.vouchesFor(rawHTML: Array("<div class=\"c\">\n<!-- a -->".utf8)))
    }

    @Test func rawHTMLLosesWhatCanRunCode() {
        #expect(clean("<img src=x onerror=alert(1)>") == "<img src=\"x\">")
        #expect(clean("<img/src=x/onerror=alert(1)>") == "<img src=\"x/onerror=alert(1)\">")
        #expect(clean("<a title=\"x\"onclick=\"y\">") == "<a title=\"x\">")
        #expect(clean("<a href=\"jav&#x61;script:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"java&Tab;script&colon;alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"&#106&#97vascript:x\">x</a>") == "<a>x</a>")
        #expect(clean("<script>alert('</b>')</script>after") == "after")
        #expect(clean("<STYLE>*{}</style ><p>") == "<p>")
        #expect(clean("<svg><circle onload=x></svg>") == "<circle>")
        // Comments end where a browser ends them (`--!>`): what follows is checked.
        #expect(clean("<!--x--!><img src=x onerror=y>-->z") == "<!--x--!><img src=\"x\">-->z")
        #expect(clean("<!--><b onclick=y>") == "<!--><b>")
        #expect(clean("a < b <3 </ x> <?php x ?> <!DOCTYPE html> <a") == "a &lt; b &lt;3 </ x> <?php x ?> <!DOCTYPE html> ")
        #expect(clean("<a title=\"x") == "" && clean("x <!-- open") == "x " && clean("x <") == "x &lt;")
        #expect(SanitizerPolicy.default.vouchesFor(rawHTML: Array("a < b <?php x ?>".utf8)))
        #expect(!SanitizerPolicy.default.vouchesFor(rawHTML: Array("<div id=\"foo\"\n*hi*".utf8)))
        #expect(clean("<div style=\"background:url(javascript:x)\">") == "<div>")
        #expect(clean("<p title=\"a>b\">") == "<p title=\"a&gt;b\">")
        #expect(!SanitizerPolicy.default.vouchesFor(rawHTML: Array("<b onclick=x>".utf8)))
    }

    @Test func presetsAndLists() {
        let strict = SanitizerPolicy.strict
        #expect(strict.allowsElement("p") && !strict.allowsElement("marquee") && !strict.allowsElement("script"))
        #expect(strict.allowsURL("https://x") && strict.allowsURL("/rel") && !strict.allowsURL("ftp://x"))
        #expect(!strict.allowsAttribute("data-x", value: "1"))
        var custom = strict
        custom.elementAttributes["a"] = ["rel"]
        #expect(custom.allowsAttribute("rel", value: "nofollow", element: "a"))
        #expect(!custom.allowsAttribute("rel", value: "nofollow", element: "p"))
        custom.attributeSchemes["src"] = ["https"]
        #expect(!custom.allowsURL("http://x/i.png", attribute: "src") && custom.allowsURL("http://x", attribute: "href"))
        // Listing a scheme never allows a dangerous URL; listing an element never allows code.
        var careless = SanitizerPolicy.default
        careless.schemes = ["javascript", "data"]
        careless.elements = ["script", "p"]
        #expect(!careless.allowsURL("javascript:x") && !careless.allowsURL("data:text/html,x") && careless.allowsURL("data:image/png;base64,x"))
        #expect(!careless.allowsElement("script"))
        #expect(SanitizerPolicy.default.allowsURL("x.png 1x, https://y 2x", attribute: "srcset"))
        #expect(!SanitizerPolicy.default.allowsURL("x.png 1x, javascript:y 2x", attribute: "srcset"))
        #expect(SanitizerPolicy.none.allowsURL("javascript:x") && SanitizerPolicy.none.allowsElement("script"))
    }

    /// Names compare as HTML compares them: ASCII case folded, nothing else (a Kelvin sign,
    /// U+212A, is not a `k`, so `LIN\u{212A}` is no `link` element, as in a browser).
    @Test func namesFoldASCIICaseOnly() {
        #expect(HTMLNames.isCodeBearingElement("SCRIPT") && HTMLNames.isCodeBearingElement("IFrame"))
        #expect(!HTMLNames.isCodeBearingElement("LIN\u{212A}") && !HTMLNames.isCodeBearingElement("lin\u{212A}"))
        #expect(HTMLNames.isURLAttribute("HREF") && HTMLNames.isURLAttribute("xlink:Href"))
        #expect(!HTMLNames.isURLAttribute("XLIN\u{212A}:HREF"))
        #expect(HTMLNames.isEventHandler("onclick") && HTMLNames.isEventHandler("ONLOAD") && !HTMLNames.isEventHandler("o"))
        #expect(!SanitizerPolicy.default.allowsAttribute("OnClick", value: "x()"))
        #expect(!SanitizerPolicy.default.allowsAttribute("HREF", value: "javascript:x()", element: "a"))
        #expect(SanitizerPolicy.default.allowsAttribute("Title", value: "t"))
    }
}
