import Testing
import TestSupport
import TransmarkCore
import TransmarkJSONTree

/// Math nodes in json-tree: written with their TeX source as `text`, read back to the same tree,
/// and held to the rules of literal leaves.
@Suite struct MathRoundTripTests {
    @Test func mathRoundTrips() throws {
        var b = DocumentBuilder()
        b.open(.paragraph)
        b.text("a ")
        b.leaf(.inlineMath, text: "x^2 < y")
        b.leaf(.displayMath, text: "\\int_0^1 f")
        b.close()
        let document = b.finish()
        let json = try JSONTree.write(document)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("{\"kind\":\"inlineMath\",\"text\":\"x^2 < y\"}"))
        #expect(text.contains("{\"kind\":\"displayMath\",\"text\":\"\\\\int_0^1 f\"}"))
        #expect(try JSONTree.dump(JSONTree.read(json)) == JSONTree.dump(document))
    }

    @Test func mathHoldsNoChildren() {
        let error = JSONTree.error(JSONTree.wrap("{\"kind\":\"paragraph\",\"children\":[{\"kind\":\"inlineMath\",\"text\":\"x\",\"children\":[{\"kind\":\"text\",\"text\":\"y\"}]}]}"))
        #expect(error != nil)
    }
}
