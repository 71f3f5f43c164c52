import Foundation
import Testing
import TestSupport
import Transmark
import TransmarkCLI

/// Numbers from JSON at the edges of their range (issue 35's crashes): every number read is
/// range-checked (a typed error naming the field) and all arithmetic on such values saturates or
/// is checked, so no input ends the process.
@Suite struct HostileNumberTests {
    static let writers = ["markdown", "text", "ansi", "styled-json", "html", "tree", "json-tree"]

    /// A json-tree document holding one node (as the root's only child).
    static func tree(_ node: String) -> String {
        "{\"transmark-json-tree\":1,\"root\":{\"kind\":\"document\",\"children\":[\(node)]}}"
    }

    static func item(_ text: String) -> String {
        #"{"kind":"listItem","children":[{"kind":"paragraph","children":[{"kind":"text","text":"\#(text)"}]}]}"#
    }

    static func list(start: String, reversed: Bool = false, items: [String] = ["a", "b", "c"]) -> String {
        tree(#"{"kind":"list","ordered":true,"start":\#(start),"reversed":\#(reversed),"children":[\#(items.map(item).joined(separator: ","))]}"#)
    }

    static func render(_ json: String, from: String = "json-tree", to target: String, _ options: [(key: String, value: String)] = []) throws -> String {
        let document = try Registry.standard.parse(Array(json.utf8), from: from)
        return String(decoding: try Registry.standard.render(document, to: target, options: options), as: UTF8.self)
    }

    // MARK: json-tree

    /// The Apple mapping numbers list items from the styled text's markers: at the edges of Int
    /// they saturate as the writers' numbers do.
    @Test(arguments: ["9223372036854775806", "-9223372036854775807"], [false, true])
    func appleListOrdinalsSaturate(start: String, reversed: Bool) throws {
        let document = try Registry.standard.parse(Array(Self.list(start: start, reversed: reversed).utf8), from: "json-tree")
        let apple = AppleStyledText(StyledText(document: document))
        var ordinals: [Int] = []
        for paragraph in apple.paragraphs {
            for component in paragraph.attributes.presentationIntent.components {
                if case .listItem(let ordinal) = component.kind { ordinals.append(ordinal) }
            }
        }
        let first = Int(start)!
        let expected = reversed ? [first, first.subtractingSaturating(1), first.subtractingSaturating(2)]
                                : [first, first.addingSaturating(1), first.addingSaturating(2)]
        #expect(ordinals == expected)
    }

    @Test(arguments: ["9223372036854775807", "9223372036854775806", "-9223372036854775808", "-9223372036854775807", "0"],
          [false, true])
    func listNumbersAtTheEdgesOfIntRenderEverywhere(start: String, reversed: Bool) throws {
        let json = Self.list(start: start, reversed: reversed)
        for target in Self.writers {
            let out = try Self.render(json, to: target)
            #expect(out.contains("c"), "\(target)")
        }
        for profile in ["gfm", "commonmark", "turndown", "markdownify", "pandoc"] {
            _ = try Self.render(json, to: "markdown", [("profile", profile), ("listNumbering", "source")])
        }
        // `select li`: each item as a list of its own, starting at the item's number.
        let fragments = try Registry.standard.select(Array(json.utf8), from: "json-tree", matching: try Selector("li"), to: "markdown")
        #expect(fragments.count == 3)
        let text = try Registry.standard.select(Array(json.utf8), from: "json-tree", matching: try Selector("li"), to: "text")
        #expect(text.count == 3)
        // styled-json reads back.
        let styled = try Self.render(json, to: "styled-json")
        _ = try Self.render(styled, from: "styled-json", to: "markdown")
    }

    @Test func numbersSaturateInsteadOfWrapping() throws {
        let text = try Self.render(Self.list(start: "9223372036854775806"), to: "text")
        #expect(text == "9223372036854775806. a\n9223372036854775807. b\n9223372036854775807. c\n", "\(text)")
        let down = try Self.render(Self.list(start: "-9223372036854775807", reversed: true), to: "text")
        #expect(down.contains("-9223372036854775808. c"), "\(down)")
        // Markdown has no numbers past nine digits: the writer's cap, for every item.
        let markdown = try Self.render(Self.list(start: "9223372036854775807"), to: "markdown")
        #expect(markdown == "999999999. a\n999999999. b\n999999999. c\n", "\(markdown)")
    }

    static func table(colspan: String, cells: Int = 2, member: String = "colspan") -> String {
        let cell = #"{"kind":"tableCell","\#(member)":\#(colspan),"children":[{"kind":"text","text":"x"}]}"#
        return tree(#"{"kind":"table","children":[{"kind":"tableRow","children":[\#(Array(repeating: cell, count: cells).joined(separator: ","))]}]}"#)
    }

    @Test(arguments: [("colspan", "1001", "must be at most 1000, not 1001"),
                      ("colspan", "9223372036854775807", "must be at most 1000, not 9223372036854775807"),
                      ("colspan", "0", "must be at least 1, not 0"),
                      ("rowspan", "65535", "must be at most 65534, not 65535"),
                      ("rowspan", "9223372036854775807", "must be at most 65534, not 9223372036854775807"),
                      ("colspan", "9223372036854775808", "integer 9223372036854775808 out of range"),
                      ("colspan", "1.5", "expected an integer, found 1.5")])
    func spansBeyondHTMLsLimitsAreTypedErrors(member: String, value: String, message: String) {
        #expect(throws: TransmarkError.invalidJSONTree(path: "$.root.children[0].children[0].children[0].\(member)", message: message)) {
            try Registry.standard.parse(Array(Self.table(colspan: value, member: member).utf8), from: "json-tree")
        }
    }

    @Test func spansAtTheLimitRenderEverywhere() throws {
        for member in ["colspan", "rowspan"] {
            let json = Self.table(colspan: member == "colspan" ? "1000" : "65534", cells: 3, member: member)
            for target in Self.writers {
                _ = try Self.render(json, to: target)
            }
            let styled = try Self.render(json, to: "styled-json")
            #expect(try Self.render(styled, from: "styled-json", to: "text").contains("x"))
        }
    }

    // MARK: styled-json

    static let font = #"{"family":"f","size":16,"weight":400}"#

    /// Styled JSON with text `ab`, one run style and one paragraph style (either replaceable).
    static func styled(runStyle: String = "{\"font\":\(font)}", paragraphStyle: String = "{}",
                       runs: String = #"[{"location":0,"length":2,"style":0}]"#,
                       paragraphs: String = #"[{"location":0,"length":2,"style":0}]"#,
                       attachments: String = "[]", version: String = "1", text: String = "ab") -> String {
        #"{"version":\#(version),"unit":"utf16","text":"\#(text)","runStyles":[\#(runStyle)],"runs":\#(runs),"paragraphStyles":[\#(paragraphStyle)],"paragraphs":\#(paragraphs),"attachments":\#(attachments)}"#
    }

    /// The message of the `malformedInput` error reading `json` throws ("" when none).
    static func failure(_ json: String) -> String {
        do {
            _ = try Registry.standard.parse(Array(json.utf8), from: "styled-json")
            return ""
        } catch let error as TransmarkError {
            guard case .malformedInput(let message, _) = error else { return "\(error)" }
            return message
        } catch {
            return "\(error)"
        }
    }

    @Test func lengthsNearIntMaxAreRangeErrors() {
        let runs = #"[{"location":0,"length":1,"style":0},{"location":1,"length":9223372036854775807,"style":0}]"#
        #expect(Self.failure(Self.styled(runs: runs)) == "run at 1 of length 9223372036854775807 ends past the text (length 2)")
        let paragraphs = #"[{"location":0,"length":1,"style":0},{"location":1,"length":9223372036854775806,"style":0}]"#
        #expect(Self.failure(Self.styled(paragraphs: paragraphs)) == "paragraph at 1 of length 9223372036854775806 ends past the text (length 2)")
        let negative = #"[{"location":0,"length":2,"style":0},{"location":2,"length":-2,"style":0}]"#
        #expect(Self.failure(Self.styled(runs: negative)) == "run at 2 has a negative length (-2)")
        let gap = #"[{"location":0,"length":1,"style":0},{"location":3,"length":-2,"style":0}]"#
        #expect(Self.failure(Self.styled(runs: gap)) == "run starts at 3, expected 1")
        let attachment = #"[{"location":9223372036854775807,"source":"x"}]"#
        #expect(Self.failure(Self.styled(attachments: attachment)).contains("outside the text"))
    }

    /// Each integer field, where it is, with a fraction, an exponent beyond `Double`, and a
    /// value beyond `Int`.
    static let integerFields: [(field: String, json: @Sendable (String) -> String)] = [
        ("version", { styled(version: $0) }),
        ("runs[0].location", { styled(runs: #"[{"location":\#($0),"length":2,"style":0}]"#) }),
        ("runs[0].length", { styled(runs: #"[{"location":0,"length":\#($0),"style":0}]"#) }),
        ("runs[0].style", { styled(runs: #"[{"location":0,"length":2,"style":\#($0)}]"#) }),
        ("paragraphs[0].length", { styled(paragraphs: #"[{"location":0,"length":\#($0),"style":0}]"#) }),
        ("runStyles[0].font.weight", { styled(runStyle: #"{"font":{"family":"f","size":16,"weight":\#($0)}}"#) }),
        ("runStyles[0].headingLevel", { styled(runStyle: #"{"font":\#(font),"headingLevel":\#($0)}"#) }),
        ("runStyles[0].blockQuoteDepth", { styled(runStyle: #"{"font":\#(font),"blockQuoteDepth":\#($0)}"#) }),
        ("runStyles[0].listLevel", { styled(runStyle: #"{"font":\#(font),"listLevel":\#($0)}"#) }),
        ("runStyles[0].tableRow", { styled(runStyle: #"{"font":\#(font),"tableRow":\#($0)}"#) }),
        ("runStyles[0].tableColumn", { styled(runStyle: #"{"font":\#(font),"tableColumn":\#($0)}"#) }),
        ("attachments[0].location", { styled(attachments: #"[{"location":\#($0),"source":"x"}]"#) }),
        ("attachments[0].width", { styled(attachments: #"[{"location":0,"source":"x","width":\#($0)}]"#) }),
        ("attachments[0].height", { styled(attachments: #"[{"location":0,"source":"x","height":\#($0)}]"#) }),
    ]

    @Test func integerFieldsTakeWholeNumbersWithinInt() {
        for (field, json) in Self.integerFields {
            let name = String(field.split(separator: ".").last!.split(separator: "[").first!)
            #expect(Self.failure(json("2.5")) == "styled-json at \(field): \(name) must be a whole number, not 2.5")
            #expect(Self.failure(json("-0.001")) == "styled-json at \(field): \(name) must be a whole number, not -0.001")
            #expect(Self.failure(json("1e999")) == "styled-json at \(field): number 1e999 out of range")
            #expect(Self.failure(json("-1E+999")) == "styled-json at \(field): number -1E+999 out of range")
            let range = "(an integer from -9223372036854775808 to 9223372036854775807)"
            #expect(Self.failure(json("9223372036854775808")) == "styled-json at \(field): number 9223372036854775808 out of range \(range)")
            #expect(Self.failure(json("-1e300")) == "styled-json at \(field): number -1e300 out of range \(range)")
        }
    }

    /// Each number field with magnitudes the writer never writes.
    static let numberFields: [(field: String, json: @Sendable (String) -> String)] = [
        ("runStyles[0].font.size", { styled(runStyle: #"{"font":{"family":"f","size":\#($0),"weight":400}}"#) }),
        ("runStyles[0].baselineOffset", { styled(runStyle: #"{"font":\#(font),"baselineOffset":\#($0)}"#) }),
        ("runStyles[0].letterSpacing", { styled(runStyle: #"{"font":\#(font),"letterSpacing":\#($0)}"#) }),
        ("paragraphStyles[0].headIndent", { styled(paragraphStyle: #"{"headIndent":\#($0)}"#) }),
        ("paragraphStyles[0].firstLineHeadIndent", { styled(paragraphStyle: #"{"firstLineHeadIndent":\#($0)}"#) }),
        ("paragraphStyles[0].spacingBefore", { styled(paragraphStyle: #"{"spacingBefore":\#($0)}"#) }),
        ("paragraphStyles[0].spacingAfter", { styled(paragraphStyle: #"{"spacingAfter":\#($0)}"#) }),
        ("paragraphStyles[0].lineHeightMultiple", { styled(paragraphStyle: #"{"lineHeightMultiple":\#($0)}"#) }),
        ("paragraphStyles[0].tabStops[0].location", { styled(paragraphStyle: #"{"tabStops":[{"location":\#($0)}]}"#) }),
    ]

    @Test func numberFieldsTakeMagnitudesTheWriterWrites() throws {
        for (field, json) in Self.numberFields {
            for value in ["1e21", "-1e21", "1000000000000", "123456789012345678901234567890", "-5e15"] {
                #expect(Self.failure(json(value)) == "styled-json at \(field): number \(value) out of range (at most 1e12 in magnitude)")
            }
            #expect(Self.failure(json("1e999")) == "styled-json at \(field): number 1e999 out of range")
            // What the writer does write passes the check (an indent that large is then too deep).
            #expect(!Self.failure(json("999999999999.5")).contains("out of range"), "\(field)")
            #expect(Self.failure(json("-2.5e-300")) == "", "\(field)")
        }
    }

    /// Tokens outside JSON's number grammar are left to the decoder (a fuzz finding: `2+` trapped
    /// the range check).
    @Test func malformedNumbersAreSyntaxErrors() {
        for number in ["4+2", "1-2", "-", "2e", "1.", "--1", "2+", "0x10", "1e+", "+1", "-+1"] {
            let message = Self.failure(Self.styled(runs: #"[{"location":0,"length":\#(number),"style":0}]"#))
            #expect(message.contains("not valid JSON"), "\(number): \(message)")
        }
    }

    @Test func nestingDeeperThan512IsNamed() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(Self.failure(deep).hasPrefix("styled-json nests deeper than 512 levels at "))
        let inRuns = Self.styled(runStyle: "{\"font\":\(Self.font),\"x\":" + String(repeating: "[", count: 520) + String(repeating: "]", count: 520) + "}")
        #expect(Self.failure(inRuns).hasPrefix("styled-json nests deeper than 512 levels at runStyles[0].x"))
    }

    @Test(arguments: ["blockQuoteDepth", "listLevel"], ["9223372036854775807", "9223372036854775806", "100001"])
    func depthsBeyondMaxDepthAreTypedErrors(field: String, value: String) {
        let json = Self.styled(runStyle: #"{"font":\#(Self.font),"\#(field)":\#(value)}"#)
        #expect(throws: TransmarkError.nestingTooDeep(depth: Int(value)!, limit: 100_000, option: "maxDepth")) {
            try Registry.standard.parse(Array(json.utf8), from: "styled-json")
        }
        // Both at their largest: the sum saturates.
        let both = Self.styled(runStyle: #"{"font":\#(Self.font),"blockQuoteDepth":99999,"listLevel":99999}"#)
        #expect(throws: TransmarkError.nestingTooDeep(depth: 199_998, limit: 100_000, option: "maxDepth")) {
            try Registry.standard.parse(Array(both.utf8), from: "styled-json")
        }
    }

    /// Styled text built in code skips the JSON checks: the reader's own arithmetic is checked.
    @Test(arguments: [1e21, -1e21, 1e300, .infinity, -.infinity, .nan, 9.2e18])
    func indentsOfAnySizeReadWithoutTrapping(indent: Double) throws {
        var paragraph = ParagraphAttributes()
        paragraph.headIndent = indent
        var quote = RunAttributes()
        quote.blockQuoteDepth = 3
        let styled = StyledText(text: "x", runStyles: [quote], runs: [StyledRun(range: TextRange(location: 0, length: 1), style: 0)],
                                paragraphStyles: [paragraph], paragraphs: [StyledRun(range: TextRange(location: 0, length: 1), style: 0)])
        do {
            _ = try Document(styled)
        } catch let error as TransmarkError {
            guard case .nestingTooDeep = error else { Issue.record("\(error)"); return }
        }
        var lengths = styled
        lengths.runs = [StyledRun(range: TextRange(location: 0, length: 1), style: 0), StyledRun(range: TextRange(location: 1, length: .max), style: 0)]
        #expect(throws: TransmarkError.self) { try Document(lengths) }
        var depths = styled
        depths.runStyles[0].blockQuoteDepth = .max
        depths.runStyles[0].listLevel = .max
        #expect(throws: TransmarkError.nestingTooDeep(depth: .max, limit: 100_000, option: "maxDepth")) { try Document(depths) }
    }

    /// Two list items whose markers are `first` and `second`.
    static func markers(_ first: String, _ second: String) -> String {
        let a = first.utf16.count + 1, b = second.utf16.count + 1
        let marker = { (m: String) in #"{"font":\#(font),"traits":["listMarker"],"listLevel":1,"listMarker":"\#(m)"}"# }
        return #"{"version":1,"unit":"utf16","text":"\#(first)\ta\n\#(second)\tb","runStyles":[\#(marker(first)),{"font":\#(font),"listLevel":1},\#(marker(second))],"runs":[{"location":0,"length":\#(a),"style":0},{"location":\#(a),"length":2,"style":1},{"location":\#(a + 2),"length":\#(b),"style":2},{"location":\#(a + 2 + b),"length":1,"style":1}],"paragraphStyles":[{"role":"listItem","headIndent":24}],"paragraphs":[{"location":0,"length":\#(a + 2),"style":0},{"location":\#(a + 2),"length":\#(b + 1),"style":0}]}"#
    }

    @Test(arguments: [("9223372036854775807.", "9223372036854775807."), ("9223372036854775807.", "1."),
                      ("9223372036854775806.", "9223372036854775807."), ("-9223372036854775808.", "-9223372036854775808."),
                      ("-9223372036854775808.", "-9223372036854775809."), ("zzzzzzzzzzzzzzzzzzzz.", "a."),
                      ("zzzzzzzzzzzzzz.", "zzzzzzzzzzzzzz."), ("MMMCMXCIX.", "MMMM.")])
    func listMarkersAtTheEdgesOfIntRead(first: String, second: String) throws {
        let json = Self.markers(first, second)
        let document = try Registry.standard.parse(Array(json.utf8), from: "styled-json")
        for target in Self.writers {
            let out = String(decoding: try Registry.standard.render(document, to: target), as: UTF8.self)
            #expect(out.contains("b"), "\(target)")
        }
    }

    @Test func tableColumnsOutOfRangeAreErrors() throws {
        // A row of two cells whose second cell's column is given.
        func row(_ column: String) -> String {
            #"{"version":1,"unit":"utf16","text":"a\tb","runStyles":[{"font":\#(Self.font),"tableRow":0,"tableColumn":0},{"font":\#(Self.font),"tableRow":0},{"font":\#(Self.font),"tableRow":0,"tableColumn":\#(column)}],"runs":[{"location":0,"length":1,"style":0},{"location":1,"length":1,"style":1},{"location":2,"length":1,"style":2}],"paragraphStyles":[{"role":"tableRow"}],"paragraphs":[{"location":0,"length":3,"style":0}]}"#
        }
        #expect(Self.failure(row("-1")) == "tableColumn -1 is negative (cell 2 of a table row)")
        #expect(Self.failure(row("-9223372036854775808")) == "tableColumn -9223372036854775808 is negative (cell 2 of a table row)")
        #expect(Self.failure(row("1001")) == "tableColumn 1001 is 1001 columns after the cell before (a cell spans at most 1000)")
        #expect(Self.failure(row("9223372036854775807")).contains("a cell spans at most 1000"))
        #expect(Self.failure(row("1000")) == "")
        #expect(try Self.render(row("1000"), from: "styled-json", to: "html").contains("colspan=\"1000\""))
    }

    // MARK: The command line

    @Test func jsonLinesGoOnPastHostileRecords() throws {
        func record(_ id: Int, _ content: String, from: String, to: String = "markdown") -> String {
            let encoded = String(decoding: try! JSONSerialization.data(withJSONObject: content, options: [.fragmentsAllowed]), as: UTF8.self)
            return #"{"id":\#(id),"content":\#(encoded),"from":"\#(from)","to":"\#(to)"}"#
        }
        let lines = [
            record(1, Self.list(start: "9223372036854775807"), from: "json-tree"),
            record(2, Self.list(start: "9223372036854775807"), from: "json-tree", to: "styled-json"),
            record(3, Self.styled(runs: #"[{"location":0,"length":1,"style":0},{"location":1,"length":9223372036854775807,"style":0}]"#), from: "styled-json"),
            record(4, Self.styled(paragraphStyle: #"{"headIndent":1e21}"#), from: "styled-json"),
            record(5, Self.table(colspan: "9223372036854775807"), from: "json-tree", to: "styled-json"),
            record(6, Self.markers("9223372036854775807.", "9223372036854775807."), from: "styled-json", to: "text"),
            record(7, "# last", from: "markdown", to: "html"),
        ]
        let streams = BatchStreams(stdin: lines.joined(separator: "\n") + "\n")
        let code = CommandLineTool.run(arguments: ["convert", "--jsonl", "--jobs", "2"], registry: .standard, environment: streams.environment)
        #expect(code == 0)
        let out = streams.output.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(out.count == 7)
        func error(_ k: Int) -> String? { ((out[k]?["error"] as? [String: Any])?["message"] as? String) }
        #expect(out.map { $0?["id"] as? Int } == [1, 2, 3, 4, 5, 6, 7])
        #expect(error(0) == nil && (out[0]?["content"] as? String)?.hasPrefix("999999999. a") == true)
        #expect(error(1) == nil)
        #expect(error(2)?.contains("ends past the text") == true)
        #expect(error(3)?.contains("paragraphStyles[0].headIndent: number 1e21 out of range") == true)
        #expect(error(4)?.contains("must be at most 1000") == true)
        #expect(error(5) == nil)
        #expect(out[6]?["content"] as? String == "<h1>last</h1>\n")
    }

    @Test func aFolderRunSummarizesHostileFiles() throws {
        let scratch = try ScratchFolder()
        try scratch.write("in/a.tree.json", Self.list(start: "9223372036854775807"))
        try scratch.write("in/b.styled.json", Self.styled(paragraphStyle: #"{"headIndent":1e21}"#))
        try scratch.write("in/c.styled.json", Self.markers("9223372036854775807.", "9223372036854775807."))
        try scratch.write("in/d.md", "# fine\n")
        let streams = BatchStreams()
        let code = CommandLineTool.run(arguments: ["convert", scratch.path + "/in", "-t", "text", "-o", scratch.path + "/out"],
                                       registry: .standard, environment: streams.environment)
        #expect(code == 1)
        #expect(streams.errors.contains("converted 3 of 4 files"), "\(streams.errors)")
        #expect(streams.errors.contains("b.styled.json: malformed input"), "\(streams.errors)")
        #expect(scratch.files("out") == ["a.tree.txt", "c.styled.txt", "d.txt"])
    }
}
