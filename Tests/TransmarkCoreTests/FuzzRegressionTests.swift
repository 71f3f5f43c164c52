import Testing
import TransmarkCore

/// Inputs found by `Fuzz/run.sh` (see the README's Development section). Each test keeps the
/// input that broke an invariant; a finding not fixed yet is a known issue, so the test starts
/// failing (and must be turned into a plain expectation) once it is fixed.
@Suite struct FuzzRegressionTests {
    /// css target: a style's `cssText` must read back as the same style. A font family with NUL
    /// bytes (read as U+FFFD) and a family ending in a backslash escape is written as
    /// `font-family: "A\u{FFFD}\u{FFFD}\u{FFFD}V", "text-decora"`, which reads back without the
    /// font family. Not fixed yet (CSS is outside this change).
    @Test func cssFontFamilyWithReplacementCharactersReadsBack() {
        let input: [UInt8] = [116, 101, 136, 150, 155, 116, 61, 58, 49, 57, 112, 120, 59, 202, 223, 35, 48, 48, 48, 176, 102,
                              102, 59, 32, 102, 111, 110, 116, 45, 115, 105, 122, 101, 58, 32, 120, 45, 108, 97, 114, 103, 101,
                              59, 32, 102, 111, 110, 116, 45, 102, 97, 109, 105, 108, 121, 58, 32, 65, 0, 0, 0, 86, 44, 32, 116,
                              101, 120, 116, 45, 100, 101, 99, 111, 114, 97, 92, 99, 32]
        let style = CSSStyleParser.parse(input)
        #expect(style.cssText.contains("font-family"))
        withKnownIssue("cssText of this font family does not read back (found by Fuzz css)") {
            #expect(CSSStyleParser.parse(style.cssText).cssText == style.cssText)
        }
    }
}
