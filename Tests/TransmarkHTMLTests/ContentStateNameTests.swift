import Testing
@testable import TransmarkHTML

@Suite("Content state names")
struct ContentStateNameTests {
    @Test("The packed name literals are what `pack` gives")
    func literals() {
        #expect(ContentStateNames.title == ContentStateNames.pack("title"))
        #expect(ContentStateNames.textarea == ContentStateNames.pack("textarea"))
        #expect(ContentStateNames.style == ContentStateNames.pack("style"))
        #expect(ContentStateNames.xmp == ContentStateNames.pack("xmp"))
        #expect(ContentStateNames.iframe == ContentStateNames.pack("iframe"))
        #expect(ContentStateNames.noembed == ContentStateNames.pack("noembed"))
        #expect(ContentStateNames.noframes == ContentStateNames.pack("noframes"))
        #expect(ContentStateNames.script == ContentStateNames.pack("script"))
        #expect(ContentStateNames.plaintext == ContentStateNames.pack("plaintext"))
    }

    @Test("Start tags switch content states by their whole name", arguments: [
        ("title", HTMLTokenizer.State.rcdata), ("textarea", .rcdata), ("style", .rawtext), ("xmp", .rawtext),
        ("iframe", .rawtext), ("noembed", .rawtext), ("noframes", .rawtext), ("script", .scriptData),
        ("plaintext", .plaintext),
    ])
    func switches(name: String, state: HTMLTokenizer.State) {
        let bytes = Array(name.utf8)
        #expect(bytes.withUnsafeBufferPointer { HTMLTokenizer.contentState(afterStartTag: $0) } == state)
        for other in [name + "x", String(name.dropLast()), String(name.dropLast()) + "z", "q" + name.dropFirst()] {
            let otherBytes = Array(other.utf8)
            #expect(otherBytes.withUnsafeBufferPointer { HTMLTokenizer.contentState(afterStartTag: $0) } == nil, "\(other)")
        }
    }
}
