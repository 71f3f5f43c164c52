import Testing
import TransmarkCore
import TransmarkStyledRuns

@Suite struct SmokeTests {
    @Test func printsSample() throws {
        let s = try Styled.markdown("# Title\n\nHello *world* and **bold** `code`.\n\n- one\n- two\n  1. a\n  2. b\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n---\n\n![alt *x*](i.png \"T\")\n")
        print(s.json)
    }
}
