import Testing
import TransmarkCore

/// `ListNumbering.label`: the one place item numbers become letters and Roman numerals (the text
/// layout, styled runs and the Markdown writer's fancy lists all use it).
@Suite struct ListNumberingTests {
    @Test func lettersAreBijectiveBase26() {
        #expect(ListNumbering.lowerAlpha.label(1) == "a")
        #expect(ListNumbering.lowerAlpha.label(26) == "z")
        #expect(ListNumbering.lowerAlpha.label(27) == "aa")
        #expect(ListNumbering.upperAlpha.label(703) == "AAA")
    }

    @Test func romanNumeralsUpTo3999() {
        #expect(ListNumbering.lowerRoman.label(4) == "iv")
        #expect(ListNumbering.upperRoman.label(1994) == "MCMXCIV")
        #expect(ListNumbering.upperRoman.label(3999) == "MMMCMXCIX")
    }

    @Test func whatAStyleCannotShowIsDecimal() {
        #expect(ListNumbering.upperRoman.label(4000) == "4000")
        #expect(ListNumbering.lowerRoman.label(0) == "0")
        #expect(ListNumbering.lowerAlpha.label(-3) == "-3")
        #expect(ListNumbering.decimal.label(42) == "42")
    }
}
