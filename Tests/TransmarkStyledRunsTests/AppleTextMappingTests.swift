import Foundation
import Testing
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown
import TransmarkStyledRuns

/// The Apple mapping (`AppleStyledText`) on real conversions: the values Apple's text system
/// needs, computed here on every platform from what the styled text resolved.
@Suite struct AppleTextMappingTests {
    static func markdown(_ source: String) throws -> AppleStyledText {
        AppleStyledText(try Styled.markdown(source))
    }

    static func html(_ source: String) throws -> AppleStyledText {
        AppleStyledText(StyledText(document: try HTMLFrontend().parse(source)))
    }

    /// The first paragraph whose text contains `word`.
    static func paragraph(_ apple: AppleStyledText, containing word: String) throws -> AppleParagraphAttributes {
        let index = try #require(apple.runs.first { $0.text.contains(word) && !$0.attributes.presentationIntent.components.isEmpty }?.paragraph)
        return apple.paragraphs[index].attributes
    }

    /// The first run whose text contains `word`.
    static func run(_ apple: AppleStyledText, containing word: String) throws -> AppleTextAttributes {
        try #require(apple.runs.first { $0.text.contains(word) }).attributes
    }

    static func identity(_ kind: (ApplePresentationIntent.Kind) -> Bool, in intent: ApplePresentationIntent) -> Int? {
        intent.components.first { kind($0.kind) }?.identity
    }

    static func isOrderedList(_ k: ApplePresentationIntent.Kind) -> Bool { k == .orderedList }
    static func isUnorderedList(_ k: ApplePresentationIntent.Kind) -> Bool { k == .unorderedList }
    static func isQuote(_ k: ApplePresentationIntent.Kind) -> Bool { k == .blockQuote }
    static func isTable(_ k: ApplePresentationIntent.Kind) -> Bool {
        if case .table = k { return true }
        return false
    }

    // MARK: Text and ranges

    @Test func runsCoverTheTextAndLieInOneParagraphEach() throws {
        let styled = try Styled.markdown("# T\n\nA **b** [l](https://e.com) 👍🏽 ![i](p.png) x\n\n- a\n- b\n\n> q\n")
        let apple = AppleStyledText(styled)
        #expect(apple.text == styled.text)
        #expect(apple.paragraphs.count == styled.paragraphs.count)
        var offset = 0
        for run in apple.runs {
            #expect(run.range.location == offset)
            #expect(run.range.length == run.text.utf16.count)
            offset = run.range.end
            let paragraph = apple.paragraphs[run.paragraph].range
            #expect(paragraph.location <= run.range.location && run.range.end <= paragraph.end)
        }
        #expect(offset == styled.text.utf16.count)
        // From the AttributedString with Transmark's attributes: the same mapping.
        #expect(AppleStyledText(AttributedString(styled)) == apple)
    }

    // MARK: Headings and fonts

    @Test func headingsGiveHeaderIntentBoldWeightAndTheThemeSize() throws {
        let apple = try Self.markdown("# Title\n\n## Sub\n\nBody")
        let title = try Self.paragraph(apple, containing: "Title")
        #expect(title.presentationIntent.kinds == [.header(level: 1)])
        #expect(title.headingLevel == 1)
        #expect(title.paragraphSpacingBefore == Theme.default.headingSpacingBefore)
        let font = try Self.run(apple, containing: "Title").font
        #expect(font.family == .system(.default))
        #expect(font.pointSize == 32)
        #expect(font.weight == 0.4)
        #expect(font.traits == [.bold])
        #expect(font.nearestNamedWeight == .bold)
        #expect(try Self.run(apple, containing: "Sub").font.pointSize == 24)
        #expect(try Self.paragraph(apple, containing: "Sub").presentationIntent.kinds == [.header(level: 2)])
        let body = try Self.run(apple, containing: "Body")
        #expect(body.font == AppleFont(family: .system(.default), pointSize: 16, weight: 0, traits: []))
        #expect(try Self.paragraph(apple, containing: "Body").presentationIntent.kinds == [.paragraph])
    }

    @Test func cssWeightsLandOnApplesScale() {
        let expected: [Double] = [-0.8, -0.6, -0.4, 0, 0.23, 0.3, 0.4, 0.56, 0.62]
        #expect((1...9).map { AppleFontWeight.value(cssWeight: $0 * 100) } == expected)
        #expect(AppleFontWeight.allCases.map(\.value) == expected)
        #expect(AppleFontWeight.allCases.map(\.cssWeight) == Array(stride(from: 100, through: 900, by: 100)))
        #expect(abs(AppleFontWeight.value(cssWeight: 450) - 0.115) < 1e-12)
        #expect(AppleFontWeight.value(cssWeight: 1) == -0.8)
        #expect(AppleFontWeight.value(cssWeight: 1000) == 0.62)
        #expect(AppleFont(FontDescriptor(weight: 600)).traits == [.bold])
        #expect(AppleFont(FontDescriptor(weight: 500)).nearestNamedWeight == .medium)
    }

    @Test func familiesBecomeSystemDesignsOrNames() {
        #expect(AppleFont(FontDescriptor(family: "monospace")).family == .system(.monospaced))
        #expect(AppleFont(FontDescriptor(family: "monospace")).traits == [.monospace])
        #expect(AppleFont(FontDescriptor(family: "serif")).family == .system(.serif))
        #expect(AppleFont(FontDescriptor(family: "ui-rounded")).family == .system(.rounded))
        #expect(AppleFont(FontDescriptor(family: "Georgia", italic: true)).family == .named("Georgia"))
        #expect(AppleFont(FontDescriptor(family: "Georgia", italic: true)).traits == [.italic])
    }

    @Test func fontFamilyFromCSSStaysANamedFamily() throws {
        let apple = try Self.html("<p><span style=\"font-family: 'Helvetica Neue', sans-serif; font-weight: 300\">x</span></p>")
        let font = try Self.run(apple, containing: "x").font
        #expect(font.family == .named("Helvetica Neue"))
        #expect(font.weight == -0.4)
    }

    // MARK: Lists and quotes

    @Test func nestedListItemsGiveNestedListIntentsWithOrdinalsAndStableIdentities() throws {
        let source = "1. a\n2. b\n   - c\n   - d\n3. e\n"
        let apple = try Self.markdown(source)
        let a = try Self.paragraph(apple, containing: "a").presentationIntent
        let b = try Self.paragraph(apple, containing: "b").presentationIntent
        let c = try Self.paragraph(apple, containing: "c").presentationIntent
        let d = try Self.paragraph(apple, containing: "d").presentationIntent
        let e = try Self.paragraph(apple, containing: "e").presentationIntent
        #expect(a.kinds == [.paragraph, .listItem(ordinal: 1), .orderedList])
        #expect(b.kinds == [.paragraph, .listItem(ordinal: 2), .orderedList])
        #expect(c.kinds == [.paragraph, .listItem(ordinal: 1), .unorderedList, .listItem(ordinal: 2), .orderedList])
        #expect(d.kinds == [.paragraph, .listItem(ordinal: 2), .unorderedList, .listItem(ordinal: 2), .orderedList])
        #expect(e.kinds == [.paragraph, .listItem(ordinal: 3), .orderedList])
        // One ordered list, one bulleted list, b's item around both c and d.
        let outer = try #require(Self.identity(Self.isOrderedList, in: a))
        #expect([b, c, d, e].map { Self.identity(Self.isOrderedList, in: $0) } == [outer, outer, outer, outer])
        #expect(Self.identity(Self.isUnorderedList, in: c) == Self.identity(Self.isUnorderedList, in: d))
        #expect(c.components[3].identity == b.components[1].identity)
        #expect(d.components[3].identity == b.components[1].identity)
        // Every block has its own identity: each identity always names the same kind of block.
        var kinds: [Int: ApplePresentationIntent.Kind] = [:]
        for paragraph in apple.paragraphs {
            for component in paragraph.attributes.presentationIntent.components {
                if let known = kinds[component.identity] { #expect(known == component.kind) }
                kinds[component.identity] = component.kind
            }
        }
        let items = Set([a, b, c, d, e].map { $0.components[1].identity })
        #expect(items.count == 5)
        let leaves = apple.paragraphs.map { $0.attributes.presentationIntent.components[0].identity }
        #expect(Set(leaves).count == leaves.count)
        // Stable: the same input gives the same identities.
        #expect(try Self.markdown(source) == apple)
        // Text lists for NSParagraphStyle, outermost first.
        let lists = try Self.paragraph(apple, containing: "c").textLists
        #expect(lists.map(\.markerFormat) == ["{decimal}", "{circle}"])
        #expect(lists.map(\.identity) == [outer, Self.identity(Self.isUnorderedList, in: c)!])
    }

    /// Foundation's Markdown parser gives this text header 1, then orderedList 2, listItem 3,
    /// paragraph 4, listItem 5, paragraph 6, listItem 7, paragraph 8: blocks numbered in the
    /// order they begin.
    @Test func identitiesNumberBlocksAsFoundationsMarkdownParserDoes() throws {
        let apple = try Self.markdown("# Chocolate cake recipe\n1. Preheat oven to 180°C.\n2. Mix together sugar, cocoa and flour.\n3. Whisk the eggs.\n")
        let identities = apple.paragraphs.map { $0.attributes.presentationIntent.components.map(\.identity) }
        #expect(identities == [[1], [4, 3, 2], [6, 5, 2], [8, 7, 2]])
        #expect(apple.paragraphs[3].attributes.presentationIntent.kinds == [.paragraph, .listItem(ordinal: 3), .orderedList])
    }

    @Test func orderedListsKeepTheirStartAndNumbering() throws {
        let apple = try Self.markdown("3. x\n4. y\n")
        #expect(try Self.paragraph(apple, containing: "x").presentationIntent.kinds == [.paragraph, .listItem(ordinal: 3), .orderedList])
        #expect(try Self.paragraph(apple, containing: "y").presentationIntent.kinds == [.paragraph, .listItem(ordinal: 4), .orderedList])
        #expect(try Self.paragraph(apple, containing: "y").textLists == [AppleTextList(markerFormat: "{decimal}", startingItemNumber: 3,
                                                                                      identity: Self.identity(Self.isOrderedList, in: Self.paragraph(apple, containing: "y").presentationIntent)!)])
        let roman = try Self.html("<ol type=\"i\"><li>r</li><li>s</li></ol><ol reversed start=\"3\"><li>t</li><li>u</li></ol>")
        #expect(try Self.paragraph(roman, containing: "r").textLists.map(\.markerFormat) == ["{lower-roman}"])
        #expect(try Self.paragraph(roman, containing: "u").presentationIntent.kinds == [.paragraph, .listItem(ordinal: 2), .orderedList])
        let tasks = try Self.markdown("- [ ] todo\n- [x] done\n")
        #expect(try Self.paragraph(tasks, containing: "todo").textLists.map(\.markerFormat) == ["{box}"])
    }

    @Test func listParagraphsHangTheirTextAtTheMarkerTab() throws {
        let apple = try Self.markdown("- item\n")
        let item = try Self.paragraph(apple, containing: "item")
        #expect(item.firstLineHeadIndent == 0)
        #expect(item.headIndent == Theme.default.listIndent)
        #expect(item.tabStops == [AppleTabStop(location: Theme.default.listIndent)])
        #expect(try Self.run(apple, containing: "•").font.pointSize == 16)
    }

    @Test func quotesNest() throws {
        let apple = try Self.markdown("> a\n>\n> > b\n\nc\n")
        let a = try Self.paragraph(apple, containing: "a")
        let b = try Self.paragraph(apple, containing: "b")
        let c = try Self.paragraph(apple, containing: "c")
        #expect(a.presentationIntent.kinds == [.paragraph, .blockQuote])
        #expect(b.presentationIntent.kinds == [.paragraph, .blockQuote, .blockQuote])
        #expect(c.presentationIntent.kinds == [.paragraph])
        #expect([a.blockQuoteDepth, b.blockQuoteDepth, c.blockQuoteDepth] as [Int] == [1, 2, 0])
        #expect(b.presentationIntent.components[2].identity == a.presentationIntent.components[1].identity)
        #expect(b.presentationIntent.components[1].identity != a.presentationIntent.components[1].identity)
        #expect(b.headIndent == 2 * Theme.default.quoteIndent)
        let color = try #require(Theme.default.quoteColor)
        #expect(try Self.run(apple, containing: "b").foregroundColor == AppleColor(color))
    }

    @Test func quotesInsideListItemsAndListsInsideQuotes() throws {
        let apple = try Self.markdown("- item\n\n  > quoted\n\n> - in quote\n")
        #expect(try Self.paragraph(apple, containing: "quoted").presentationIntent.kinds
            == [.paragraph, .blockQuote, .listItem(ordinal: 1), .unorderedList])
        #expect(try Self.paragraph(apple, containing: "in quote").presentationIntent.kinds
            == [.paragraph, .listItem(ordinal: 1), .unorderedList, .blockQuote])
    }

    // MARK: Inline

    @Test func codeSpansAreMonospacedWithTheCodeIntentAndCodeBlocksSayItInTheirBlock() throws {
        let apple = try Self.markdown("Use `x` here\n\n```swift\nlet y\n```\n")
        let code = try Self.run(apple, containing: "x")
        #expect(code.font.family == .system(.monospaced))
        #expect(code.font.traits.contains(.monospace))
        #expect(code.font.pointSize == 14.4)
        #expect(code.inlinePresentationIntent == .code)
        #expect(code.backgroundColor == AppleColor(Theme.default.codeBackground!))
        let block = try Self.paragraph(apple, containing: "let y")
        #expect(block.presentationIntent.kinds == [.codeBlock(languageHint: nil)])
        #expect(try Self.run(apple, containing: "let y").inlinePresentationIntent == [])
        #expect(try Self.run(apple, containing: "let y").font.family == .system(.monospaced))
    }

    @Test func emphasisStrongAndStrikethroughGiveFoundationsInlineIntentBits() throws {
        let apple = try Self.markdown("*e* **s** ~~d~~ ***es***\n")
        #expect(try Self.run(apple, containing: "e").inlinePresentationIntent.rawValue == 1)
        #expect(try Self.run(apple, containing: "s").inlinePresentationIntent.rawValue == 2)
        let struck = try Self.run(apple, containing: "d")
        #expect(struck.inlinePresentationIntent.rawValue == 32)
        #expect(struck.strikethrough == AppleDecorationLine(styleRawValue: 1))
        #expect(try Self.run(apple, containing: "es").inlinePresentationIntent == [.emphasized, .stronglyEmphasized])
        #expect(try Self.run(apple, containing: "e").font.traits == [.italic])
    }

    @Test func superscriptsAndSubscriptsGetBaselineOffsetsAtTheReducedSize() throws {
        let apple = try Self.html("<p>x<sup>2</sup> H<sub>i</sub>O</p>")
        let sup = try Self.run(apple, containing: "2")
        #expect(sup.baselineOffset == 5.6)
        #expect(sup.font.pointSize == 12)
        let sub = try Self.run(apple, containing: "i")
        #expect(sub.baselineOffset == -3.2)
        #expect(sub.font.pointSize == 12)
        #expect(try Self.run(apple, containing: "O").baselineOffset == 0)
    }

    @Test func colorsFromCSSGiveExactRGBA() throws {
        let apple = try Self.html("<p><span style=\"color: #336699; background-color: rgba(255, 0, 0, 0.5)\">x</span></p>")
        let x = try Self.run(apple, containing: "x")
        #expect(x.foregroundColor == AppleColor(red: 0x33 / 255, green: 0x66 / 255, blue: 0x99 / 255, alpha: 1))
        let background = try #require(x.backgroundColor)
        #expect(background.red == 1 && background.green == 0 && background.blue == 0)
        #expect(abs(background.alpha - 0.5) <= 1.0 / 255)
    }

    @Test func linksGiveTheirURLTitleColorAndUnderline() throws {
        let apple = try Self.markdown("[a](https://example.com/p?q=1 \"T\") [b](<not a url>)\n")
        let a = try Self.run(apple, containing: "a")
        #expect(a.link?.url == URL(string: "https://example.com/p?q=1"))
        #expect(a.link?.title == "T")
        #expect(a.foregroundColor == AppleColor(Theme.default.linkColor!))
        #expect(a.underline == AppleDecorationLine(styleRawValue: AppleDecorationLine.single))
        #expect(try Self.run(apple, containing: "b").link?.destination == "not a url")
    }

    @Test func decorationStylesGiveNSUnderlineStyleBits() {
        #expect(AppleDecorationLine(DecorationLine(style: .double)).styleRawValue == 0x09)
        #expect(AppleDecorationLine(DecorationLine(style: .thick)).styleRawValue == 0x02)
        #expect(AppleDecorationLine(DecorationLine(style: .dotted)).styleRawValue == 0x0101)
        #expect(AppleDecorationLine(DecorationLine(style: .dashed)).isDashed)
        let red = RGBAColor(red: 255, green: 0, blue: 0)
        #expect(AppleDecorationLine(DecorationLine(color: red)).color == AppleColor(red: 1, green: 0, blue: 0))
    }

    @Test func letterSpacingBecomesKern() throws {
        let apple = try Self.html("<p><span style=\"letter-spacing: 2px\">wide</span></p>")
        #expect(try Self.run(apple, containing: "wide").kern == 2)
    }

    @Test func imagesAreAttachmentRunsOfTheirOwn() throws {
        let apple = try Self.markdown("see ![alt](p.png) here\n")
        let image = try #require(apple.runs.first { $0.text == "\u{FFFC}" })
        #expect(image.attributes.attachment?.source == "p.png")
        #expect(image.attributes.attachment?.alternativeText == "alt")
        #expect(apple.runs.filter { $0.attributes.attachment != nil }.count == 1)
    }

    // MARK: Paragraphs

    @Test func paragraphAlignmentAndLineHeightFromCSS() throws {
        let apple = try Self.html("<p style=\"text-align: center; line-height: 1.5\">c</p><p style=\"text-align: justify\">j</p><p>n</p>")
        let c = try Self.paragraph(apple, containing: "c")
        #expect(c.alignment == .center)
        #expect(c.lineHeightMultiple == 1.5)
        #expect(try Self.paragraph(apple, containing: "j").alignment == .justified)
        #expect(try Self.paragraph(apple, containing: "n").alignment == .natural)
        #expect(try Self.paragraph(apple, containing: "n").lineHeightMultiple == 0)
        #expect(try Self.paragraph(apple, containing: "n").paragraphSpacing == Theme.default.paragraphSpacing)
    }

    @Test func tablesGiveTableRowAndCellIntents() throws {
        let apple = try Self.markdown("| a | b |\n|:-|-:|\n| c | d |\n")
        let header = try Self.paragraph(apple, containing: "a").presentationIntent
        #expect(header.kinds == [.tableHeaderRow, .table(columns: [.left, .right])])
        let body = try Self.paragraph(apple, containing: "c").presentationIntent
        #expect(body.kinds == [.tableRow(rowIndex: 1), .table(columns: [.left, .right])])
        #expect(Self.identity(Self.isTable, in: header) == Self.identity(Self.isTable, in: body))
        let a = try Self.run(apple, containing: "a").presentationIntent
        #expect(a.kinds == [.tableCell(columnIndex: 0), .tableHeaderRow, .table(columns: [.left, .right])])
        let d = try Self.run(apple, containing: "d").presentationIntent
        #expect(d.kinds == [.tableCell(columnIndex: 1), .tableRow(rowIndex: 1), .table(columns: [.left, .right])])
        let cells = try ["a", "b", "c", "d"].map { try Self.run(apple, containing: $0).presentationIntent.components[0].identity }
        #expect(Set(cells).count == 4)
        #expect(try Self.run(apple, containing: "a").font.weight == 0.4)
    }

    @Test func thematicBreaksAndRawHTMLBlocks() throws {
        let apple = try Self.markdown("a\n\n---\n\nb\n")
        #expect(apple.paragraphs.map(\.attributes.presentationIntent.kinds) == [[.paragraph], [.thematicBreak], [.paragraph]])
        var options = StyledTextOptions()
        options.rawHTML = .text
        let html = AppleStyledText(try Styled.markdown("<div>\nraw\n</div>\n", options: options))
        #expect(try Self.run(html, containing: "raw").inlinePresentationIntent.contains(.blockHTML))
    }

    // MARK: Coverage

    /// A styled text of one paragraph, one run.
    static func single(_ run: RunAttributes, _ paragraph: ParagraphAttributes) -> AppleStyledText {
        AppleStyledText(StyledText(text: "x\n", runStyles: [run], runs: [StyledRun(range: TextRange(location: 0, length: 2), style: 0)],
                                   paragraphStyles: [paragraph], paragraphs: [StyledRun(range: TextRange(location: 0, length: 2), style: 0)]))
    }

    /// Fields with no Apple value, and why; everything else must change what the mapping gives.
    static let runFieldsWithoutAppleValue: Set<String> = [
        "footnoteReference",  // the number is in the text, raised by baselineOffset; no Apple key names a footnote
        "sourceTag",          // the caller's tag name: kept in Transmark's own attribute scope
        "math",               // TeX source: no Apple key marks it; kept in Transmark's own attribute scope
    ]
    static let paragraphFieldsWithoutAppleValue: Set<String> = [
        "preservesWhitespace",  // spaces, tabs and U+2028 breaks are written into the text, which Apple's text system keeps as is
    ]

    typealias Change<Value> = (name: String, setUp: @Sendable (inout RunAttributes, inout ParagraphAttributes) -> Void,
                               change: @Sendable (inout Value) -> Void)

    static let runChanges: [Change<RunAttributes>] = [
        ("font", { _, _ in }, { $0.font.size = 20 }),
        ("foregroundColor", { _, _ in }, { $0.foregroundColor = RGBAColor(red: 1, green: 2, blue: 3) }),
        ("backgroundColor", { _, _ in }, { $0.backgroundColor = RGBAColor(red: 1, green: 2, blue: 3) }),
        ("underline", { _, _ in }, { $0.underline = DecorationLine() }),
        ("strikethrough", { _, _ in }, { $0.strikethrough = DecorationLine() }),
        ("baselineOffset", { _, _ in }, { $0.baselineOffset = 3 }),
        ("letterSpacing", { _, _ in }, { $0.letterSpacing = 1 }),
        ("traits", { _, _ in }, { $0.traits = .emphasis }),
        ("link", { _, _ in }, { $0.link = LinkTarget(url: "https://e.com") }),
        ("headingLevel", { _, _ in }, { $0.headingLevel = 2 }),
        ("blockQuoteDepth", { _, _ in }, { $0.blockQuoteDepth = 1 }),
        ("listLevel", { _, _ in }, { $0.listLevel = 1 }),
        ("listMarker", { run, _ in run.traits = .listMarker; run.listLevel = 1; run.listMarker = "•" }, { $0.listMarker = "1." }),
        ("tableRow", { run, p in p.role = .tableRow; run.tableRow = 0; run.tableColumn = 0 }, { $0.tableRow = 1 }),
        ("tableColumn", { run, p in p.role = .tableRow; run.tableRow = 0; run.tableColumn = 0 }, { $0.tableColumn = 1 }),
    ]

    static let paragraphChanges: [Change<ParagraphAttributes>] = [
        ("role", { _, _ in }, { $0.role = .codeBlock }),
        ("alignment", { _, _ in }, { $0.alignment = .right }),
        ("headIndent", { _, _ in }, { $0.headIndent = 5 }),
        ("firstLineHeadIndent", { _, _ in }, { $0.firstLineHeadIndent = 5 }),
        ("spacingBefore", { _, _ in }, { $0.spacingBefore = 5 }),
        ("spacingAfter", { _, _ in }, { $0.spacingAfter = 5 }),
        ("lineHeightMultiple", { _, _ in }, { $0.lineHeightMultiple = 2 }),
        ("tabStops", { _, _ in }, { $0.tabStops = [.init(location: 10)] }),
        ("hasRule", { _, _ in }, { $0.hasRule = true }),
    ]

    @Test func everyRunAndParagraphFieldIsMappedOrListedWithItsReason() {
        let runFields = Set(Mirror(reflecting: RunAttributes()).children.compactMap(\.label))
        #expect(runFields == Set(Self.runChanges.map(\.name)).union(Self.runFieldsWithoutAppleValue))
        let paragraphFields = Set(Mirror(reflecting: ParagraphAttributes()).children.compactMap(\.label))
        #expect(paragraphFields == Set(Self.paragraphChanges.map(\.name)).union(Self.paragraphFieldsWithoutAppleValue))
        for change in Self.runChanges {
            var run = RunAttributes(), paragraph = ParagraphAttributes()
            change.setUp(&run, &paragraph)
            var changed = run
            change.change(&changed)
            #expect(Self.single(changed, paragraph) != Self.single(run, paragraph), "\(change.name) changes nothing")
        }
        for change in Self.paragraphChanges {
            var run = RunAttributes(), paragraph = ParagraphAttributes()
            change.setUp(&run, &paragraph)
            var changed = paragraph
            change.change(&changed)
            #expect(Self.single(run, changed) != Self.single(run, paragraph), "\(change.name) changes nothing")
        }
    }

    /// Deep blocks with many paragraphs inside: each paragraph's intent shares its enclosing
    /// blocks instead of copying them (a copy per paragraph took depth × paragraphs: 40 million
    /// components here).
    @Test func deepNestingWithManyParagraphsStaysLinear() throws {
        let depth = 2_000, count = 20_000
        let html = String(repeating: "<blockquote>", count: depth) + String(repeating: "<p>x</p>", count: count)
        var options = HTMLFrontend.Options()
        options.maxDepth = depth + 16
        let styled = StyledText(document: try HTMLFrontend().parse(html, options: options))
        let clock = ContinuousClock()
        var apple: AppleStyledText?
        let elapsed = clock.measure { apple = AppleStyledText(styled) }
        #expect(elapsed < .seconds(10), "mapping took \(elapsed)")
        let paragraphs = try #require(apple?.paragraphs)
        #expect(paragraphs.count == count)
        let first = paragraphs[0].attributes.presentationIntent, last = paragraphs[count - 1].attributes.presentationIntent
        #expect(first.count == depth + 1 && last.count == depth + 1)
        #expect(last.component(at: depth) == first.component(at: depth))
        #expect(last.component(at: depth).kind == .blockQuote)
        #expect(last.component(at: 0).kind == .paragraph && last.component(at: 0) != first.component(at: 0))
        #expect(paragraphs[count - 1].attributes.blockQuoteDepth == depth)
    }

    @Test func malformedStyledTextMapsWithoutTrapping() {
        let broken = StyledText(text: "ab\n", runStyles: [], runs: [StyledRun(range: TextRange(location: 0, length: 9), style: 4)],
                                paragraphStyles: [], paragraphs: [StyledRun(range: TextRange(location: 1, length: 1), style: 2)],
                                attachments: [Attachment(location: 7, source: "x")])
        let apple = AppleStyledText(broken)
        #expect(apple.text == "ab\n")
        #expect(AppleStyledText(StyledText(text: "")).runs.isEmpty)
    }
}
