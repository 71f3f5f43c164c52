import Testing
@testable import TransmarkCore

/// `list-style-type` (and the type in `list-style`) read from an inline declaration list, as the
/// numbering of an ordered list.
@Suite struct CSSListStyleTypeTests {
    func numbering(_ declarations: String) -> ListNumbering? {
        var declarations = declarations
        return declarations.withUTF8 { CSSStyleParser.listNumbering(bytes: $0) }
    }

    @Test func theKeywordsANumberedListCanHold() {
        #expect(numbering("list-style-type: lower-alpha") == .lowerAlpha)
        #expect(numbering("list-style-type: lower-latin") == .lowerAlpha)
        #expect(numbering("list-style-type: upper-alpha") == .upperAlpha)
        #expect(numbering("list-style-type: upper-latin") == .upperAlpha)
        #expect(numbering("list-style-type: lower-roman") == .lowerRoman)
        #expect(numbering("list-style-type: upper-roman") == .upperRoman)
        #expect(numbering("list-style-type: decimal") == .decimal)
        #expect(numbering("color: red; LIST-STYLE-TYPE: Upper-Roman ;margin:0") == .upperRoman)
    }

    @Test func otherValuesGiveNone() {
        #expect(numbering("list-style-type: none") == nil)
        #expect(numbering("list-style-type: disc") == nil)
        #expect(numbering("list-style-type: lower-greek") == nil)
        #expect(numbering("list-style-type: lower-alpha upper-roman") == nil)
        #expect(numbering("list-style-type: \"-\"") == nil)
        #expect(numbering("color: red") == nil)
        #expect(numbering("") == nil)
    }

    @Test func theCascadeInsideTheList() {
        #expect(numbering("list-style-type: lower-alpha; list-style-type: upper-roman") == .upperRoman)
        #expect(numbering("list-style-type: lower-alpha !important; list-style-type: upper-roman") == .lowerAlpha)
        #expect(numbering("list-style-type: lower-alpha; list-style-type: inherit") == nil)
        // An invalid later value changes nothing.
        #expect(numbering("list-style-type: lower-alpha; list-style-type: 3px") == .lowerAlpha)
    }

    @Test func theShorthand() {
        #expect(numbering("list-style: upper-latin inside") == .upperAlpha)
        #expect(numbering("list-style: none lower-roman") == .lowerRoman)
        // Without a type it resets the type to `disc`.
        #expect(numbering("list-style-type: lower-roman; list-style: inside") == nil)
        #expect(numbering("list-style: none") == nil)
    }
}
