import Testing
import TransmarkCore
@testable import TransmarkHTML

/// Tree-construction cases in the style of html5lib's: each input's visible text, in DOM order,
/// as a browser (scripting off) builds it, derived by hand from the WHATWG parsing rules.
/// Whitespace is ignored in the comparison.
@Suite struct TreeConstructionTextTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let input: String
        let text: String
        var testDescription: String { input.debugDescription }
    }

    static let cases: [Case] = [
        // Misnested formatting (adoption agency) keeps the text in order.
        Case(input: "<p>a<b>b<i>c</b>d</i>e", text: "abcde"),
        Case(input: "<a><p>x</a>y", text: "xy"),
        Case(input: "<b>1<p>2</b>3</p>", text: "123"),
        Case(input: "<p><b><i>1</p>2", text: "12"),
        // Tables.
        Case(input: "<table><tr><td>a</td></tr></table>b", text: "ab"),
        Case(input: "<table>a<tr><td>b</td></tr></table>", text: "ab"),
        Case(input: "<p>x<table><tr><td>y</table>z", text: "xyz"),
        Case(input: "<table><caption>c</caption><tr><th>h<td>d</table>", text: "chd"),
        // Foster parenting: content misplaced in a table is shown before the table.
        Case(input: "<table><tr><td>a</td>b</tr></table>", text: "ba"),
        Case(input: "<table><tr><td>a</td></tr>b<tr><td>c</td></tr></table>", text: "bac"),
        Case(input: "<table><b>bold</b><tr><td>1</td></tr></table>", text: "bold1"),
        Case(input: "<table><tr><td>1</td></tr><div>d</div>e</table>", text: "de1"),
        Case(input: "<p>p<table><tr>s<td>1</td></tr></table>", text: "ps1"),
        Case(input: "<table><tr><td><table>x<tr><td>in</td></tr></table>o</td></tr></table>", text: "xino"),
        Case(input: "<table><tr><td>a</td></tr>b</table>c<table>d<tr><td>e</td></tr></table>", text: "bacde"),
        // SVG and MathML: the text stays; HTML start tags break out; integration points hold HTML.
        Case(input: "<svg><text>svg</text></svg>", text: "svg"),
        Case(input: "<svg><title>T</title><desc>D</desc></svg>", text: "TD"),
        Case(input: "<math><mi>x</mi><mo>+</mo><mn>1</mn></math>", text: "x+1"),
        Case(input: "<svg><p>out</p></svg>after", text: "outafter"),
        Case(input: "<svg><foreignObject><p>in</p></foreignObject></svg>", text: "in"),
        Case(input: "<math><annotation-xml encoding=\"text/html\"><p>h</p></annotation-xml></math>", text: "h"),
        Case(input: "<svg><style>a{b:c}</style><script>s()</script></svg>x", text: "x"),
        Case(input: "<svg><title><b>t</b></title></svg>", text: "t"),
        // CDATA sections exist only in foreign content.
        Case(input: "<svg><![CDATA[c<d]]></svg>", text: "c<d"),
        Case(input: "<div><![CDATA[c]]>x</div>", text: "x"),
        // NUL: dropped in HTML content, U+FFFD in foreign content and in RCDATA.
        Case(input: "<p>a\u{0}b", text: "ab"),
        Case(input: "<pre>a\u{0}b</pre>", text: "ab"),
        Case(input: "<svg>a\u{0}b</svg>", text: "a\u{FFFD}b"),
        Case(input: "<svg><![CDATA[a\u{0}b]]></svg>", text: "a\u{FFFD}b"),
        Case(input: "<textarea>a\u{0}b</textarea>", text: "a\u{FFFD}b"),
        // Numeric references to C1 controls: the Windows-1252 table; five stay as they are.
        Case(input: "&#x80;&#x82;&#x9F;&#150;", text: "\u{20AC}\u{201A}\u{178}\u{2013}"),
        Case(input: "&#x81;&#x8D;&#x8F;&#x90;&#x9D;", text: "\u{81}\u{8D}\u{8F}\u{90}\u{9D}"),
        Case(input: "&#0;&#xD800;&#x110000;", text: "\u{FFFD}\u{FFFD}\u{FFFD}"),
        // textarea, noscript (scripting off) and template.
        Case(input: "<textarea><b>not bold</b></textarea>", text: "<b>notbold</b>"),
        Case(input: "<noscript><p>shown</p></noscript>", text: "shown"),
        Case(input: "<template><p>inert</p></template>x", text: "x"),
        // `</template>` closes its template over a table or object left open inside.
        Case(input: "<template><table></template>Foo", text: "Foo"),
        Case(input: "<template><object></template>Foo", text: "Foo"),
        Case(input: "<template><table><tr><td>x</template><p>after", text: "after"),
        // Text in a `noscript` in the head ends the head: it is shown in the body.
        Case(input: "<head><noscript>XXX</noscript></head>", text: "XXX"),
        Case(input: "<head><noscript><link rel=x></noscript><title>T</title></head><body>B", text: "B"),
        Case(input: "<title>t</title><p>x", text: "x"),
    ]

    @Test(arguments: cases)
    func visibleTextInDOMOrder(_ c: Case) throws {
        let document = try HTMLFrontend().parse(Array(c.input.utf8), options: HTMLFrontend.Options())
        #expect(Self.withoutWhitespace(document.root.plainText) == Self.withoutWhitespace(c.text))
    }

    /// Where the reader departs from browsers (see Docs/html-reader.md): an isolated unknown
    /// start tag stays literal text.
    @Test func knownDepartures() throws {
        let literal = try HTMLFrontend().parse(Array("<p>Hi <Congratulation!> you".utf8), options: .init())
        #expect(literal.root.plainText == "Hi <Congratulation!> you") // browsers: "Hi "
    }

    static func withoutWhitespace(_ s: String) -> String {
        String(s.unicodeScalars.filter { !($0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}") }.map(Character.init))
    }
}
