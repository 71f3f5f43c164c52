import Foundation
import Testing
import Transmark

/// Bad JSON and impossible trees are typed errors naming the JSON path of the fault.
@Suite struct ErrorTests {
    static let head = #"{"transmark-json-tree":1,"root":{"kind":"document","children":["#

    /// The byte offset of the last occurrence of `needle` in `text`.
    static func offset(of needle: String, in text: String) -> Int {
        let bytes = Array(text.utf8), n = Array(needle.utf8)
        for i in stride(from: bytes.count - n.count, through: 0, by: -1) where Array(bytes[i ..< i + n.count]) == n {
            return i
        }
        return -1
    }

    static func invalid(_ path: String, _ message: String) -> TransmarkError {
        .invalidJSONTree(path: path, message: message)
    }

    // MARK: Bad JSON

    @Test func truncatedInsideAString() {
        let json = Self.head + #"{"kind":"te"#
        #expect(JSONTree.error(json) == Self.invalid("$.root.children[0].kind", "unterminated string at byte \(json.utf8.count - 3)"))
    }

    @Test func truncatedAfterAValue() {
        #expect(JSONTree.error(#"{"transmark-json-tree":1,"root":{"kind":"document""#)
            == Self.invalid("$.root.kind", "unexpected end of input: expected ',' or '}'"))
        #expect(JSONTree.error(Self.head) == Self.invalid("$.root.children", "unexpected end of input: expected a value"))
        #expect(JSONTree.error("") == Self.invalid("$", "unexpected end of input: expected a value"))
        #expect(JSONTree.error(#"{"transmark-json-tree""#) == Self.invalid("$[\"transmark-json-tree\"]", "unexpected end of input: expected ':'"))
    }

    @Test func trailingGarbage() {
        let json = JSONTree.wrap("") + " x"
        #expect(JSONTree.error(json) == Self.invalid("$", "unexpected 'x' at byte \(json.utf8.count - 1) after the JSON value"))
        let twice = JSONTree.wrap("") + JSONTree.wrap("")
        #expect(JSONTree.error(twice) == Self.invalid("$", "unexpected '{' at byte \(twice.utf8.count / 2) after the JSON value"))
    }

    @Test func invalidUTF8() {
        var json = Array(JSONTree.wrap(#"{"kind":"text","text":"ab"}"#).utf8)
        let at = Self.offset(of: "ab", in: JSONTree.wrap(#"{"kind":"text","text":"ab"}"#)) + 1
        json[at] = 0xC0
        #expect(JSONTree.error(json) == Self.invalid("$.root.children[0].text", "invalid UTF-8 at byte \(at)"))
        // Also after an escape (the decoding path), and outside strings.
        var escaped = Array(JSONTree.wrap(#"{"kind":"text","text":"\nab"}"#).utf8)
        let at2 = Self.offset(of: "ab", in: JSONTree.wrap(#"{"kind":"text","text":"\nab"}"#)) + 1
        escaped[at2] = 0xFF
        #expect(JSONTree.error(escaped) == Self.invalid("$.root.children[0].text", "invalid UTF-8 at byte \(at2)"))
        #expect(JSONTree.error([0xFF]) == Self.invalid("$", "unexpected byte 0xFF at byte 0: expected a value"))
    }

    @Test func badEscapes() {
        let bad = JSONTree.wrap(#"{"kind":"text","text":"a\x"}"#)
        #expect(JSONTree.error(bad) == Self.invalid("$.root.children[0].text", "invalid escape \\x at byte \(Self.offset(of: "\\x", in: bad))"))
        let lone = JSONTree.wrap(#"{"kind":"text","text":"\ud800x"}"#)
        #expect(JSONTree.error(lone) == Self.invalid("$.root.children[0].text", "unpaired surrogate \\uD800 at byte \(Self.offset(of: "\\ud800", in: lone))"))
        let low = JSONTree.wrap(#"{"kind":"text","text":"\uDC00"}"#)
        #expect(JSONTree.error(low) == Self.invalid("$.root.children[0].text", "unpaired surrogate \\uDC00 at byte \(Self.offset(of: "\\uDC00", in: low))"))
        let short = JSONTree.wrap(#"{"kind":"text","text":"\u12G4"}"#)
        #expect(JSONTree.error(short) == Self.invalid("$.root.children[0].text", "\\u escape without four hexadecimal digits at byte \(Self.offset(of: "\\u12G4", in: short))"))
        let control = JSONTree.wrap("{\"kind\":\"text\",\"text\":\"a\nb\"}")
        #expect(JSONTree.error(control) == Self.invalid("$.root.children[0].text", "unescaped control character U+000A in a string at byte \(Self.offset(of: "\n", in: control))"))
    }

    @Test func badNumbersAndLiterals() {
        let zero = JSONTree.wrap(#"{"kind":"heading","level":01}"#)
        #expect(JSONTree.error(zero) == Self.invalid("$.root.children[0].level", "malformed number at byte \(Self.offset(of: "01", in: zero)): leading zero"))
        let dot = JSONTree.wrap(#"{"kind":"heading","level":1.}"#)
        #expect(JSONTree.error(dot) == Self.invalid("$.root.children[0].level", "malformed number at byte \(Self.offset(of: "1.", in: dot)): expected a digit after '.'"))
        let word = JSONTree.wrap(#"{"kind":"tableRow","header":tru}"#)
        #expect(JSONTree.error(word) == Self.invalid("$.root.children[0].header", "unexpected 't' at byte \(Self.offset(of: "tru", in: word)): expected a value"))
        let comma = JSONTree.wrap(#"{"kind":"text","text":"a",}"#)
        #expect(JSONTree.error(comma) == Self.invalid("$.root.children[0].text", "unexpected '}' at byte \(Self.offset(of: "}", in: comma) - 3): expected a member name (a string)"))
        let missingColon = JSONTree.wrap(#"{"kind" "text"}"#)
        #expect(JSONTree.error(missingColon) == Self.invalid("$.root.children[0].kind", "unexpected '\"' at byte \(Self.offset(of: "\"text\"", in: missingColon)): expected ':'"))
    }

    @Test func wrongTopLevel() {
        #expect(JSONTree.error("[]") == Self.invalid("$", "expected an object with \"transmark-json-tree\" and \"root\", found an array"))
        #expect(JSONTree.error(#"{"root":{"kind":"document"}}"#) == Self.invalid("$", "missing member \"transmark-json-tree\""))
        #expect(JSONTree.error(#"{"transmark-json-tree":1}"#) == Self.invalid("$", "missing member \"root\""))
        #expect(JSONTree.error(#"{"transmark-json-tree":2,"root":{"kind":"document"}}"#)
            == Self.invalid("$[\"transmark-json-tree\"]", "unsupported version 2 (this reader reads version 1)"))
        #expect(JSONTree.error(#"{"transmark-json-tree":"1","root":{"kind":"document"}}"#)
            == Self.invalid("$[\"transmark-json-tree\"]", "expected an integer, found a string"))
        #expect(JSONTree.error(#"{"transmark-json-tree":1,"root":{"kind":"document"},"meta":{}}"#)
            == Self.invalid("$.meta", "unknown member (a document has \"transmark-json-tree\", \"root\" and \"metadata\")"))
        #expect(JSONTree.error(#"{"transmark-json-tree":1,"root":{"kind":"document"},"metadata":[]}"#)
            == Self.invalid("$.metadata", "expected an object of strings and arrays of strings, found an array"))
        #expect(JSONTree.error(#"{"transmark-json-tree":1,"root":{"kind":"document"},"metadata":{"author":["a",1]}}"#)
            == Self.invalid("$.metadata.author[1]", "expected a string, found a number"))
        #expect(JSONTree.error(#"{"transmark-json-tree":1,"root":{"kind":"paragraph"}}"#)
            == Self.invalid("$.root.kind", "the root must be a document node, not a paragraph node"))
        #expect(JSONTree.error(#"{"transmark-json-tree":1,"root":{"kind":"document","attributes":[["id","x"]]}}"#)
            == Self.invalid("$.root.attributes", "the root cannot have attributes"))
        #expect(JSONTree.error(#"{"transmark-json-tree":1,"root":{"kind":"document","text":"x"}}"#)
            == Self.invalid("$.root.text", "the root cannot have text"))
        // Empty attributes, style and children are no attributes, style and children.
        #expect(JSONTree.error(#"{"transmark-json-tree":1,"root":{"kind":"document","attributes":[],"style":{},"children":[]}}"#) == nil)
    }

    // MARK: Impossible trees

    @Test func tableCellOutsideARow() {
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"paragraph"},{"kind":"tableCell"}"#))
            == Self.invalid("$.root.children[1].kind", "a tableCell node must be a child of a tableRow node, not of a document node"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"table","children":[{"kind":"tableCell"}]}"#))
            == Self.invalid("$.root.children[0].children[0].kind", "a tableCell node must be a child of a tableRow node, not of a table node"))
    }

    @Test func otherMisplacedKinds() {
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"paragraph","children":[{"kind":"tableRow"}]}"#))
            == Self.invalid("$.root.children[0].children[0].kind", "a tableRow node must be a child of a table node, not of a paragraph node"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"blockQuote","children":[{"kind":"listItem"}]}"#))
            == Self.invalid("$.root.children[0].children[0].kind", "a listItem node must be a child of a list node, not of a blockQuote node"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"term"}"#))
            == Self.invalid("$.root.children[0].kind", "a term node must be a child of a definitionList node, not of a document node"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"list","children":[{"kind":"paragraph"}]}"#))
            == Self.invalid("$.root.children[0].children[0].kind", "a list node cannot have a paragraph child"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"table","children":[{"kind":"tableRow","children":[{"kind":"text","text":"x"}]}]}"#))
            == Self.invalid("$.root.children[0].children[0].children[0].kind", "a tableRow node cannot have a text child"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"definitionList","children":[{"kind":"term"},{"kind":"span"}]}"#))
            == Self.invalid("$.root.children[0].children[1].kind", "a definitionList node cannot have a span child"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","children":[{"kind":"document"}]}"#))
            == Self.invalid("$.root.children[0].children[0].kind", "a document node can only be the root"))
    }

    @Test func textAndChildren() {
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"text"}"#))
            == Self.invalid("$.root.children[0]", "a text node needs a \"text\" member"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"codeBlock","info":"x"}"#))
            == Self.invalid("$.root.children[0]", "a codeBlock node needs a \"text\" member"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"code","text":"x","children":[{"kind":"text","text":"y"}]}"#))
            == Self.invalid("$.root.children[0].children", "a code node cannot have children"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"lineBreak","children":[{"kind":"text","text":"y"}]}"#))
            == Self.invalid("$.root.children[0].children", "a lineBreak node cannot have children"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","text":"x","children":[{"kind":"text","text":"y"}]}"#))
            == Self.invalid("$.root.children[0].children", "a node with text cannot have children"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"paragraph","children":{}}"#))
            == Self.invalid("$.root.children[0].children", "expected an array of nodes, found an object"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"paragraph","children":["x"]}"#))
            == Self.invalid("$.root.children[0].children[0]", "expected a node (an object), found a string"))
    }

    @Test func kindsAndMembers() {
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"para"}"#)) == Self.invalid("$.root.children[0].kind", "unknown kind \"para\""))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":3}"#)) == Self.invalid("$.root.children[0].kind", "expected a string, found a number"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"text":"x"}"#)) == Self.invalid("$.root.children[0]", "missing member \"kind\""))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"heading","level":"2"}"#))
            == Self.invalid("$.root.children[0].level", "expected an integer, found a string"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"heading","level":2.5}"#))
            == Self.invalid("$.root.children[0].level", "expected an integer, found 2.5"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"heading","level":7}"#))
            == Self.invalid("$.root.children[0].level", "a heading level is 1 to 6, not 7"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"heading"}"#))
            == Self.invalid("$.root.children[0]", "a heading node needs a \"level\" member"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"list","start":99999999999999999999}"#))
            == Self.invalid("$.root.children[0].start", "integer 99999999999999999999 out of range"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"paragraph","colour":1}"#)) == Self.invalid("$.root.children[0].colour", "unknown member"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"paragraph","level":1}"#))
            == Self.invalid("$.root.children[0].level", "a paragraph node has no member \"level\""))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"text","kind":"text","text":""}"#))
            == Self.invalid("$.root.children[0].kind", "duplicate member"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"list","numbering":"greek"}"#))
            == Self.invalid("$.root.children[0].numbering", "unknown value \"greek\" (expected one of: decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman)"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"list","marker":"--"}"#))
            == Self.invalid("$.root.children[0].marker", "a list marker is one character"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"table","children":[{"kind":"tableRow","children":[{"kind":"tableCell","colspan":0}]}]}"#))
            == Self.invalid("$.root.children[0].children[0].children[0].colspan", "must be at least 1, not 0"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"table","alignments":["left","middle"]}"#))
            == Self.invalid("$.root.children[0].alignments[1]", "unknown value \"middle\" (expected one of: none, left, center, right)"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"image","source":"a","size":{"width":1,"depth":2}}"#))
            == Self.invalid("$.root.children[0].size.depth", "unknown member (an image size has \"width\" and \"height\")"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"link","title":"t"}"#))
            == Self.invalid("$.root.children[0]", "a link node needs a \"destination\" member"))
    }

    @Test func attributesAndStyles() {
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","attributes":[["id","x"],["id"]]}"#))
            == Self.invalid("$.root.children[0].attributes[1]", "expected a [name, value] pair (an array of two strings), found an array of 1"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","attributes":[["id",1]]}"#))
            == Self.invalid("$.root.children[0].attributes[0][1]", "expected a string, found a number"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","attributes":{"id":"x"}}"#))
            == Self.invalid("$.root.children[0].attributes", "expected an array of [name, value] pairs, found an object"))
        #expect(JSONTree.error(JSONTree.wrap(##"{"kind":"span","style":{"colour":"#fff"}}"##))
            == Self.invalid("$.root.children[0].style.colour", "unknown style property"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","style":{"color":"red"}}"#))
            == Self.invalid("$.root.children[0].style.color", "expected \"#rrggbb\", \"#rrggbbaa\" or \"currentcolor\", not \"red\""))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","style":{"letterSpacing":{"vw":2}}}"#))
            == Self.invalid("$.root.children[0].style.letterSpacing.vw", "unknown unit (expected px, pt, em, rem or percent)"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","style":{"wordSpacing":{"px":1,"em":2}}}"#))
            == Self.invalid("$.root.children[0].style.wordSpacing", "expected a length (an object with one of px, pt, em, rem, percent), found an object with 2 members"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","style":{"fontWeight":"heavy"}}"#))
            == Self.invalid("$.root.children[0].style.fontWeight", "unknown value \"heavy\" (expected a number, \"bolder\" or \"lighter\")"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","style":{"textDecoration":["blink"]}}"#))
            == Self.invalid("$.root.children[0].style.textDecoration[0]", "unknown value \"blink\" (expected one of: underline, line-through, overline)"))
        #expect(JSONTree.error(JSONTree.wrap(#"{"kind":"span","style":{"lineHeight":{"px":"big"}}}"#))
            == Self.invalid("$.root.children[0].style.lineHeight.px", "expected a number, \"inf\", \"-inf\" or \"nan\", found \"big\""))
    }

    // MARK: Limits

    @Test func limits() throws {
        var options = JSONTreeFrontend.Options()
        options.maxInputSize = 10
        let small = JSONTree.wrap("")
        #expect(throws: TransmarkError.inputTooLarge(bytes: small.utf8.count, limit: 10, option: "maxInputSize")) {
            try JSONTree.frontend.parse(Array(small.utf8), options: options)
        }
        // Arrays in arrays are refused long before they could exhaust memory.
        let deepArrays = JSONTree.wrap(#"{"kind":"span","attributes":"# + String(repeating: "[", count: 100))
        #expect(JSONTree.error(deepArrays, maxDepth: 10)?.description.hasSuffix("JSON nested more than 36 levels deep, deeper than a tree within maxDepth=10 needs") == true)
    }

    @Test func longPathsAreShortened() {
        let depth = 50
        var json = Self.head
        for _ in 0 ..< depth { json += #"{"kind":"span","children":["# }
        json += #"{"kind":"nope"}"#
        json += String(repeating: "]}", count: depth) + "]}}"
        guard case .invalidJSONTree(let path, let message)? = JSONTree.error(json) else {
            Issue.record("expected invalidJSONTree")
            return
        }
        #expect(message == "unknown kind \"nope\"")
        #expect(path == "$.root" + String(repeating: ".children[0]", count: 7) + ".children" + "…(72 more)…"
            + "[0]" + String(repeating: ".children[0]", count: 7) + ".kind")
    }
}
