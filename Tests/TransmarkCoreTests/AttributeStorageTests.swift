import Testing
@testable import TransmarkCore

/// Documents keep attributes as bytes; what goes in as `Attribute`s or as raw bytes must come
/// back unchanged, in order, and lists may be shared by several nodes.
@Suite("Attribute storage")
struct AttributeStorageTests {
    static let attributes = [Attribute("href", "https://example.com/ä?q=1&r=2"), Attribute("data-x", ""),
                             Attribute("title", "日本語 🙂"), Attribute("class", "a b"), Attribute("class", "dup")]

    @Test("Attributes given as values read back equal, in order")
    func valuesRoundTrip() {
        var builder = DocumentBuilder()
        builder.open(.span, attributes: Self.attributes)
        builder.text("x")
        builder.close()
        builder.leaf(.lineBreak)
        builder.leaf(.code, text: "y", attributes: [Attribute("lang", "en")])
        let document = builder.finish()
        let nodes = Array(document.root.children)
        #expect(nodes[0].attributes == Self.attributes)
        #expect(nodes[0].attribute("title") == "日本語 🙂")
        #expect(nodes[1].attributes.isEmpty)
        #expect(nodes[2].attributes == [Attribute("lang", "en")])
    }

    @Test("Attributes given as bytes equal the same attributes given as values")
    func bytesEqualValues() {
        var fromValues = DocumentBuilder()
        fromValues.open(.span, attributes: Self.attributes)
        fromValues.close()
        var fromBytes = DocumentBuilder()
        fromBytes.beginAttributeList()
        for a in Self.attributes {
            let name = Array(a.name.utf8), value = Array(a.value.utf8)
            name.withUnsafeBufferPointer { n in value.withUnsafeBufferPointer { v in fromBytes.appendAttribute(name: n, value: v) } }
        }
        let list = fromBytes.endAttributeList()
        fromBytes.open(.span, attributeList: list, style: nil)
        fromBytes.close()
        #expect(fromValues.finish() == fromBytes.finish())
    }

    @Test("A list can be shared and compared")
    func sharedLists() {
        var builder = DocumentBuilder()
        let first = builder.addAttributeList([Attribute("class", "x")])
        let same = builder.addAttributeList([Attribute("class", "x")])
        let other = builder.addAttributeList([Attribute("class", "y")])
        let longer = builder.addAttributeList([Attribute("class", "x"), Attribute("id", "i")])
        #expect(builder.addAttributeList([]) == .none)
        #expect(builder.attributeListsEqual(first, same))
        #expect(!builder.attributeListsEqual(first, other))
        #expect(!builder.attributeListsEqual(first, longer))
        #expect(!builder.attributeListsEqual(first, .none))
        #expect(builder.attributeListsEqual(.none, .none))
        builder.open(.strong, attributeList: first, style: nil)
        builder.close()
        builder.open(.emphasis, attributeList: first, style: nil)
        builder.close()
        let document = builder.finish()
        #expect(document.root.children.map(\.attributes) == [[Attribute("class", "x")], [Attribute("class", "x")]])
    }
}
