import Foundation
import Testing
import TransmarkCore
import TransmarkStyledRuns

@Suite struct AttributedStringTests {
    @Test func roundTripsAndCarriesFoundationLink() throws {
        let s = try Styled.markdown("# T\n\nA **b** [l](https://e.com) 👍🏽 ![i](p.png)\n\n```\ncode\n\nblock\n```\n\n- x\n- y\n")
        let attributed = AttributedString(s)
        #expect(String(attributed.characters) == s.text)
        let linked = attributed.runs.filter { $0.link != nil }
        #expect(linked.count == 1 && linked.first?.link == URL(string: "https://e.com"))
        #expect(attributed.runs.contains { $0.headingLevel == 1 })
        #expect(attributed.runs.contains { $0.traits?.contains(.strong) == true && $0.transmarkFont?.weight == 700 })
        #expect(attributed.runs.contains { $0.attachmentInfo?.source == "p.png" })
        #expect(StyledText(attributed) == s)
    }

    @Test func readsAPlainAttributedString() {
        var a = AttributedString("hello\nworld")
        a[a.range(of: "world")!].link = URL(string: "https://w.org")
        let s = StyledText(a)
        #expect(s.text == "hello\nworld")
        #expect(s.paragraphs.count == 2)
        #expect(Styled.words(s) { $0.link?.url == "https://w.org" } == ["world"])
        #expect((try? s.validate()) != nil)
    }
}
