import Foundation
import Testing
import Transmark

/// CSS selectors over the Markup tree (`Selector`, `Document.select`): type, class, id and
/// attribute selectors, combinators, structural pseudo-classes, groups, invalid selectors with the
/// offset of the fault, and deep trees.
@Suite struct SelectorTests {
    /// One page exercising every construct; its tree mirrors the HTML element for element (the
    /// table has no `tbody`: rows are the table's children).
    static let page = """
    <h1 id="top" class="title main">Title</h1>
    <p class="intro">Intro <a href="https://example.com/a" title="A">link a</a> and <a href="/b">link b</a>.</p>
    <ul id="list">
      <li class="item first">One</li>
      <li class="item">Two <em>em</em></li>
      <li class="item last" data-x="foo-bar">Three</li>
    </ul>
    <div class="box"><p>In box <strong>strong</strong></p><p class="note">Note</p><span></span></div>
    <table><tr><th>H1</th><th>H2</th></tr><tr><td>a1</td><td>a2</td></tr><tr><td>b1</td><td colspan="2">b2</td></tr></table>
    <h2 lang="en-US">Sub</h2>
    <ol start="3"><li>x</li><li>y</li></ol>
    <pre><code class="language-swift">let x = 1</code></pre>
    <p>last <img src="i.png" alt="pic"> <b>bold</b> <i>it</i></p>
    """

    static let document = try! HTMLFrontend().parse(page)

    /// A match written as its type and its text: `li:Two em`.
    static func describe(_ nodes: [Node]) -> [String] {
        nodes.map { node in
            let type: String
            switch node.kind {
            case .heading(let level): type = "h\(level)"
            case .paragraph: type = "p"
            case .link: type = "a"
            case .list(let list): type = list.isOrdered ? "ol" : "ul"
            case .listItem: type = "li"
            case .emphasis: type = "em"
            case .strong: type = "strong"
            case .division(let tag): type = tag
            case .span: type = "span"
            case .table: type = "table"
            case .tableRow: type = "tr"
            case .tableCell(let cell): type = cell.isHeader ? "th" : "td"
            case .codeBlock: type = "pre"
            case .image: type = "img"
            default: type = node.tag.name
            }
            return type + ":" + node.plainText
        }
    }

    static let intro = "p:Intro link a and link b."
    static let lastParagraph = "p:last pic bold it"
    static let items = ["li:One", "li:Two em", "li:Three"]
    static let ordered = ["li:x", "li:y"]
    static let cells = ["td:a1", "td:a2", "td:b1", "td:b2"]
    static let headers = ["th:H1", "th:H2"]
    static let paragraphs = [intro, "p:In box strong", "p:Note", lastParagraph]

    static let cases: [(String, [String])] = [
        // Type selectors: HTML names, kind names (kebab case or as tree dumps write them), aliases.
        ("h1", ["h1:Title"]),
        ("heading", ["h1:Title", "h2:Sub"]),
        ("p", paragraphs),
        ("paragraph", paragraphs),
        ("a", ["a:link a", "a:link b"]),
        ("link", ["a:link a", "a:link b"]),
        ("li", items + ordered),
        ("list-item", items + ordered),
        ("listItem", items + ordered),
        ("ul", ["ul:OneTwo emThree"]),
        ("ol", ["ol:xy"]),
        ("list", ["ul:OneTwo emThree", "ol:xy"]),
        ("td", cells),
        ("th", headers),
        ("table-cell", headers + cells),
        ("tr", ["tr:H1H2", "tr:a1a2", "tr:b1b2"]),
        ("table-row", ["tr:H1H2", "tr:a1a2", "tr:b1b2"]),
        ("em", ["em:em", "em:it"]),
        ("i", ["em:em", "em:it"]),
        ("emphasis", ["em:em", "em:it"]),
        ("b", ["strong:strong", "strong:bold"]),
        ("strong", ["strong:strong", "strong:bold"]),
        ("img", ["img:pic"]),
        ("image", ["img:pic"]),
        ("pre", ["pre:let x = 1"]),
        ("code-block", ["pre:let x = 1"]),
        ("div", ["div:In box strongNote"]),
        ("division", ["div:In box strongNote"]),
        ("span", ["span:"]),
        ("H1", ["h1:Title"]),
        ("TABLE-CELL", headers + cells),
        ("text", []),
        ("video", []),
        ("table", ["table:H1H2a1a2b1b2"]),
        // Classes and ids.
        (".item", items),
        (".first", ["li:One"]),
        (".item.last", ["li:Three"]),
        ("li.item.first.last", []),
        (".title", ["h1:Title"]),
        (".main.title", ["h1:Title"]),
        ("#top", ["h1:Title"]),
        ("#list", ["ul:OneTwo emThree"]),
        ("ul#list", ["ul:OneTwo emThree"]),
        ("ol#list", []),
        ("#top.title", ["h1:Title"]),
        (".intro a", ["a:link a", "a:link b"]),
        (".ITEM", []),
        (".box .note", ["p:Note"]),
        ("#nope", []),
        ("h1#top.main", ["h1:Title"]),
        // Attributes: the node's own and those its kind holds.
        ("[href]", ["a:link a", "a:link b"]),
        ("[title]", ["a:link a"]),
        ("[href=\"/b\"]", ["a:link b"]),
        ("a[href^=\"https:\"]", ["a:link a"]),
        ("a[href$=\".com/a\"]", ["a:link a"]),
        ("a[href*=example]", ["a:link a"]),
        ("[class~=item]", items),
        ("[class~=first]", ["li:One"]),
        ("[class=item]", ["li:Two em"]),
        ("[data-x|=foo]", ["li:Three"]),
        ("[data-x|=foo-bar]", ["li:Three"]),
        ("[data-x|=bar]", []),
        ("[lang|=en]", ["h2:Sub"]),
        ("[lang=EN-us i]", ["h2:Sub"]),
        ("[lang|=EN]", ["h2:Sub"]),
        ("[lang=EN-us]", ["h2:Sub"]),
        ("[lang=EN-us s]", []),
        ("[title=a]", []),
        ("[title=a i]", ["a:link a"]),
        ("[src=\"i.png\"]", ["img:pic"]),
        ("[alt=pic]", ["img:pic"]),
        ("[start=\"3\"]", ["ol:xy"]),
        ("td[colspan=\"2\"]", ["td:b2"]),
        ("[colspan]", ["td:b2"]),
        ("pre[class=\"language-swift\"]", ["pre:let x = 1"]),
        (".language-swift", ["pre:let x = 1"]),
        ("[href^=\"\"]", []),
        ("[href$='']", []),
        ("[href*=\"\"]", []),
        ("[class~=\"\"]", []),
        ("[ title = \"A\" ]", ["a:link a"]),
        ("[data-x]", ["li:Three"]),
        ("[DATA-X]", ["li:Three"]),
        ("[class~=\"item first\"]", []),
        ("[data-x='foo\\-bar']", ["li:Three"]),
        // Combinators.
        ("ul li", items),
        ("ul > li", items),
        ("div p", ["p:In box strong", "p:Note"]),
        ("div > p", ["p:In box strong", "p:Note"]),
        ("div strong", ["strong:strong"]),
        ("div > strong", []),
        ("p strong", ["strong:strong", "strong:bold"]),
        ("table td", cells),
        ("table > tr > td", cells),
        ("tr:first-child th", headers),
        ("h1 + p", [intro]),
        ("h1 + ul", []),
        ("h1 ~ ul", ["ul:OneTwo emThree"]),
        ("h1 ~ p", [intro, lastParagraph]),
        ("p + p", ["p:Note"]),
        ("p ~ span", ["span:"]),
        ("li + li", ["li:Two em", "li:Three", "li:y"]),
        ("li ~ li", ["li:Two em", "li:Three", "li:y"]),
        ("li + li + li", ["li:Three"]),
        ("ul li em", ["em:em"]),
        ("ul em", ["em:em"]),
        ("li > em", ["em:em"]),
        ("h2 ~ pre", ["pre:let x = 1"]),
        ("h2 + ol > li", ordered),
        ("div > p + p", ["p:Note"]),
        ("* > em", ["em:em", "em:it"]),
        ("ol li + li", ["li:y"]),
        ("table tr + tr td", cells),
        ("table tr ~ tr td:first-child", ["td:a1", "td:b1"]),
        (".box > *", ["p:In box strong", "p:Note", "span:"]),
        (".intro > a + a", ["a:link b"]),
        ("h1 ~ * ~ ol", ["ol:xy"]),
        ("a b", []),
        ("p > img", ["img:pic"]),
        ("div p strong", ["strong:strong"]),
        ("ul>li.last", ["li:Three"]),
        ("h1+p>a+a", ["a:link b"]),
        ("h1~h2", ["h2:Sub"]),
        // Structural pseudo-classes.
        ("li:first-child", ["li:One", "li:x"]),
        ("li:last-child", ["li:Three", "li:y"]),
        ("li:nth-child(2)", ["li:Two em", "li:y"]),
        ("li:nth-child(odd)", ["li:One", "li:Three", "li:x"]),
        ("li:nth-child(even)", ["li:Two em", "li:y"]),
        ("li:nth-child(2n+1)", ["li:One", "li:Three", "li:x"]),
        ("li:nth-child(-n+2)", ["li:One", "li:Two em", "li:x", "li:y"]),
        ("li:nth-child(n+3)", ["li:Three"]),
        ("li:nth-child(0n+3)", ["li:Three"]),
        ("li:nth-child( 2n + 1 )", ["li:One", "li:Three", "li:x"]),
        ("li:nth-child(ODD)", ["li:One", "li:Three", "li:x"]),
        ("li:nth-child(-2n+3)", ["li:One", "li:Three", "li:x"]),
        ("li:nth-child(0)", []),
        ("li:nth-last-child(1)", ["li:Three", "li:y"]),
        ("td:nth-child(2)", ["td:a2", "td:b2"]),
        ("p:first-child", ["p:In box strong"]),
        ("p:nth-of-type(1)", [intro, "p:In box strong"]),
        ("p:nth-of-type(2)", ["p:Note", lastParagraph]),
        ("p:last-of-type", ["p:Note", lastParagraph]),
        ("p:first-of-type", [intro, "p:In box strong"]),
        ("strong:only-child", ["strong:strong"]),
        ("em:only-child", ["em:em"]),
        ("img:only-of-type", ["img:pic"]),
        ("em:only-of-type", ["em:em", "em:it"]),
        ("span:empty", ["span:"]),
        (":empty", ["span:"]),
        ("div :empty", ["span:"]),
        ("li:not(.item)", ordered),
        ("li:not(.first, .last)", ["li:Two em", "li:x", "li:y"]),
        (":not(li):first-child", ["h1:Title", "a:link a", "em:em", "p:In box strong", "strong:strong",
                                  "tr:H1H2", "th:H1", "td:a1", "td:b1", "img:pic"]),
        ("a:not([href^=http])", ["a:link b"]),
        ("td:nth-of-type(2)", ["td:a2", "td:b2"]),
        ("th:nth-of-type(2)", ["th:H2"]),
        ("tr:nth-child(n+2) > td:last-child", ["td:a2", "td:b2"]),
        ("h1:first-child", ["h1:Title"]),
        ("ol > li:nth-child(2):last-child", ["li:y"]),
        ("li:nth-last-of-type(2)", ["li:Two em", "li:x"]),
        ("table :not(tr):not(td)", headers),
        ("li:only-child", []),
        ("ul:only-of-type", ["ul:OneTwo emThree"]),
        (":not(:not(.first))", ["li:One"]),
        // Groups: document order, each node once.
        ("h1, h2", ["h1:Title", "h2:Sub"]),
        ("h2, h1", ["h1:Title", "h2:Sub"]),
        ("em, i", ["em:em", "em:it"]),
        ("li.first, li:last-child", ["li:One", "li:Three", "li:y"]),
        ("th,td", headers + cells),
        ("  h2 ,\n h1  ", ["h1:Title", "h2:Sub"]),
    ]

    @Test(arguments: cases)
    func selects(_ selector: String, _ expected: [String]) throws {
        #expect(Self.describe(try Self.document.select(selector)) == expected, "\(selector)")
    }

    @Test func universalSelectsEveryElementButNotText() throws {
        let all = try Self.document.select("*")
        #expect(all.count == 33)
        #expect(!all.contains { $0.tag == .text || $0.tag == .softBreak || $0.tag == .document })
        let inOrder = all.map(\.id.index)
        #expect(inOrder == inOrder.sorted())
    }

    static let invalid: [(String, String, Int)] = [
        ("", "expected a selector", 0),
        ("a >", "a selector is missing after the combinator", 3),
        ("> a", "expected a selector, found '>'", 0),
        ("a,", "expected a selector", 2),
        (",a", "expected a selector, found ','", 0),
        ("[href", "expected ']' or an operator (=, ~=, |=, ^=, $=, *=) in the attribute selector", 5),
        ("[href=", "expected a value (an identifier or a quoted string)", 6),
        ("[href=\"x", "the quoted string is not closed", 6),
        ("a:hover", "unknown pseudo-class ':hover'", 2),
        ("a::before", "pseudo-elements (::) select no nodes", 2),
        ("li:nth-child(x)", "expected an+b, odd or even", 13),
        ("li:nth-child(2", "expected ')' to close ':nth-child('", 14),
        ("#", "expected an id after '#'", 1),
        (".", "expected a class name after '.'", 1),
        ("a !", "expected a selector, found '!'", 2),
        ("a:not(b > c)", ":not takes compound selectors (no combinators)", 8),
        ("[href~]", "expected '=' after '~'", 5),
        ("a[href=/b]", "expected a value (an identifier or a quoted string)", 7),
        ("1a", "expected a selector, found '1'", 0),
        ("a:nth-child()", "expected an+b, odd or even", 12),
        (":not(", "expected a selector", 5),
        ("a]", "unexpected ']'", 1),
        ("a b,,c", "expected a selector, found ','", 4),
        ("[=x]", "expected an attribute name", 1),
        ("a:nth-child(n+)", "expected an+b, odd or even", 12),
        ("p[class=x", "expected ']' to close the attribute selector", 9),
        ("a\\", "an escape ends the selector", 2),
    ]

    @Test(arguments: invalid)
    func invalidSelectorsNameTheFault(_ selector: String, _ message: String, _ offset: Int) {
        #expect(throws: TransmarkError.invalidSelector(selector, message: message, offset: offset)) {
            try Selector(selector)
        }
    }

    @Test func theErrorIsOneReadableLine() {
        let error = TransmarkError.invalidSelector("a >", message: "a selector is missing after the combinator", offset: 3)
        #expect(error.description == "invalid selector 'a >' at offset 3: a selector is missing after the combinator")
    }

    /// A long selector is shown around its fault (a list of 20,000 groups made a message of
    /// hundreds of kilobytes), and control characters as escapes.
    @Test func theErrorShowsALongSelectorAroundItsFault() {
        let long = String(repeating: "p, ", count: 20_000) + "a >"
        #expect(throws: TransmarkError.self) { try Selector(long, maxSimpleSelectors: 100_000) }
        do {
            _ = try Selector(long, maxSimpleSelectors: 100_000)
        } catch {
            let description = String(describing: error)
            #expect(description.count < 200, "\(description.count) characters")
            #expect(description.hasPrefix("invalid selector '…") && description.contains(", p, a >' at offset 60003:"), "\(description)")
        }
        let control = TransmarkError.invalidSelector("a\r\u{1B}[31m", message: "m", offset: 1)
        #expect(control.description == "invalid selector 'a\\u{D}\\u{1B}[31m' at offset 1: m")
    }

    @Test func aCompiledSelectorRunsOnManyDocuments() throws {
        let selector = try Selector("heading")
        let markdown = try MarkdownFrontend().parse("# One\n\ntext\n\n## Two\n")
        #expect(selector.matches(in: markdown).map(\.plainText) == ["One", "Two"])
        #expect(Self.describe(selector.matches(in: Self.document)) == ["h1:Title", "h2:Sub"])
        #expect(selector.description == "heading")
    }

    @Test func markdownDocumentsAnswerToHTMLNames() throws {
        let doc = try MarkdownFrontend().parse("- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n```swift\nlet a = 1\n```\n\n[l](http://x \"t\")")
        #expect(try doc.select("ul > li:last-child").map(\.plainText) == ["b"])
        #expect(try doc.select("table th + th").map(\.plainText) == ["y"])
        #expect(try doc.select("pre.language-swift").map(\.plainText) == ["let a = 1\n"])
        #expect(try doc.select("a[title=t][href^='http://']").map(\.plainText) == ["l"])
    }

    /// Deeply nested elements: selectors of every combinator run in one pass, no recursion.
    @Test(arguments: [1_000_000, 100_000])
    func deepTreesAreLinear(depth: Int) throws {
        var builder = DocumentBuilder()
        for i in 0..<depth {
            _ = builder.open(.division(tag: "div"), attributes: i % 2 == 0 ? [Attribute("class", "even")] : [])
        }
        builder.text("deep")
        for _ in 0..<depth { builder.close() }
        let doc = builder.finish()
        let start = ContinuousClock.now
        #expect(try doc.select("div div div div div").count == depth - 4)
        #expect(try doc.select(".even > div:not(.even)").count == depth / 2)
        #expect(ContinuousClock.now - start < .seconds(120))
        guard depth < 1_000_000 else { return }
        #expect(try doc.select("div").count == depth)
        #expect(try doc.select(".even > .even").count == 0)
        #expect(try doc.select("div:first-child:last-child:only-child").count == depth)
        #expect(try doc.select("div:empty").count == 0)
        #expect(try doc.select("div + div, div ~ div").count == 0)
        #expect(ContinuousClock.now - start < .seconds(120))
    }

    /// Many siblings: sibling combinators and positions stay linear.
    @Test func wideTreesAreLinear() throws {
        var builder = DocumentBuilder()
        let width = 200_000
        _ = builder.open(.list(.bullet))
        for i in 0..<width {
            _ = builder.open(.listItem(task: nil), attributes: [Attribute("id", "i\(i)")])
            builder.text("x")
            builder.close()
        }
        builder.close()
        let doc = builder.finish()
        let start = ContinuousClock.now
        #expect(try doc.select("li ~ li").count == width - 1)
        #expect(try doc.select("li + li + li").count == width - 2)
        #expect(try doc.select("li:nth-child(1000n)").count == width / 1000)
        #expect(try doc.select("li:nth-last-of-type(1)").map { $0.attribute("id") } == ["i\(width - 1)"])
        #expect(try doc.select("#i7 ~ #i9").count == 1)
        #expect(ContinuousClock.now - start < .seconds(60))
    }
}
