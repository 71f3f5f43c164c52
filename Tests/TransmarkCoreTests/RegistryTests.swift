import Testing
import TransmarkCore

/// A frontend that makes one paragraph per line, and a backend that writes kinds, for registry tests.
struct LinesFrontend: Frontend {
    struct Options: FormatOptions {
        var uppercase = false
        init() {}
        static var optionSpecs: [OptionSpec<Options>] { [.bool("uppercase", \.uppercase, summary: "shout")] }
    }
    var format: FormatDescriptor { FormatDescriptor(name: "lines", aliases: ["l"], fileExtensions: ["lines"], mediaType: "text/plain", summary: "one paragraph per line") }
    func parse(_ input: UnsafeBufferPointer<UInt8>, options: Options) throws -> Document {
        var b = DocumentBuilder()
        for line in String(decoding: input, as: UTF8.self).split(separator: "\n") {
            b.open(.paragraph)
            b.text(options.uppercase ? line.uppercased() : String(line))
            b.close()
        }
        return b.finish()
    }
}

struct KindsBackend: Backend {
    struct Options: FormatOptions {
        var separator = ","
        var uppercase = false
        init() {}
        static var optionSpecs: [OptionSpec<Options>] {
            [.string("separator", \.separator, summary: "between kinds"), .bool("uppercase", \.uppercase, summary: "shout")]
        }
    }
    var format: FormatDescriptor { FormatDescriptor(name: "kinds", mediaType: "text/plain", summary: "node kinds") }
    func render(_ document: Document, options: Options) throws -> [UInt8] {
        var names: [String] = []
        for case .enter(let n) in document.events() { names.append(options.uppercase ? n.tag.name.uppercased() : n.tag.name) }
        return Array(names.joined(separator: options.separator).utf8)
    }
}

struct DropParagraphs: Transform {
    var name: String { "drop-first" }
    var summary: String { "drops the first paragraph" }
    func apply(to document: Document, options: NoOptions) throws -> Document {
        var b = DocumentBuilder()
        for (i, child) in document.root.children.enumerated() where i > 0 {
            b.open(child.kind)
            b.text(child.plainText)
            b.close()
        }
        return b.finish()
    }
}

@Suite struct RegistryTests {
    let registry = Registry().adding(LinesFrontend()).adding(KindsBackend()).adding(TreeBackend()).adding(DropParagraphs())

    @Test func convertsThroughTheTree() throws {
        let out: String = try registry.convert("a\nb", from: "l", to: "kinds")
        #expect(out == "document,paragraph,text,paragraph,text")
    }

    @Test func routesOptionsToWhoAcceptsThem() throws {
        let out: String = try registry.convert("a", from: "lines", to: "kinds",
                                               options: ConversionOptions([("separator", "/"), ("lines.uppercase", "true")]))
        #expect(out == "document/paragraph/text")
        let tree: String = try registry.convert("a", from: "lines", to: "tree", options: ConversionOptions([("uppercase", "true")]))
        #expect(tree.contains("text \"A\""))
        let both: String = try registry.convert("a", from: "lines", to: "kinds", options: ConversionOptions([("uppercase", "true")]))
        #expect(both == "DOCUMENT,PARAGRAPH,TEXT")
    }

    @Test func transformsApplyInOrder() throws {
        let out: String = try registry.convert("a\nb\nc", from: "lines", to: "kinds", options: ConversionOptions(transforms: ["drop-first", "drop-first"]))
        #expect(out == "document,paragraph,text")
    }

    @Test func errors() {
        #expect(throws: TransmarkError.unknownFormat("nope", known: ["kinds", "lines", "tree"])) {
            let _: String = try registry.convert("a", from: "nope", to: "kinds")
        }
        #expect(throws: TransmarkError.cannotRead(format: "kinds", readers: ["lines"])) {
            let _: String = try registry.convert("a", from: "kinds", to: "kinds")
        }
        #expect(throws: TransmarkError.cannotWrite(format: "lines", writers: ["kinds", "tree"])) {
            let _: String = try registry.convert("a", from: "lines", to: "lines")
        }
        #expect(throws: TransmarkError.unknownOption(key: "bogus", formats: ["lines", "kinds"],
                                                     accepted: ["lines.uppercase", "kinds.separator", "kinds.uppercase"])) {
            let _: String = try registry.convert("a", from: "lines", to: "kinds", options: ConversionOptions([("bogus", "1")]))
        }
        #expect(throws: TransmarkError.unknownTransform("nope", known: ["drop-first"])) {
            let _: String = try registry.convert("a", from: "lines", to: "kinds", options: ConversionOptions(transforms: ["nope"]))
        }
    }

    @Test func formatsAndExtensions() {
        #expect(registry.formats.map(\.format.name) == ["kinds", "lines", "tree"])
        #expect(registry.formats.map(\.reads) == [false, true, false])
        #expect(registry.inputFormat(forPath: "/tmp/x.LINES") == "lines")
        #expect(registry.inputFormat(forPath: "/tmp/x.md") == nil)
        #expect(registry.outputFormat(forPath: "out.tree") == "tree")
        #expect(registry.removingFormat("lines").formats.map(\.format.name) == ["kinds", "tree"])
    }
}
