#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Transmark

/// What each frontend makes of bytes that are not clean text, and of inputs over the size limit
/// (DESIGN.md: any byte sequence is valid input; invalid UTF-8 and NUL become U+FFFD; a numeric
/// reference to a surrogate is U+FFFD; an input over `maxInputSize` is a typed error).
@Suite struct InputBytesAndLimitsTests {
    static let frontends = ["markdown", "html"]

    static func text(_ bytes: [UInt8], from frontend: String) throws -> String {
        try Registry.standard.parse(bytes, from: frontend).root.plainText
    }

    @Test(arguments: frontends)
    func invalidUTF8BecomesReplacementCharacters(_ frontend: String) throws {
        // A stray continuation byte, a truncated sequence, an overlong encoding, a byte never
        // valid, then valid text after each.
        let bytes: [UInt8] = [0x61, 0x80, 0x62, 0x20, 0xE2, 0x82, 0x63, 0x20, 0xC0, 0xAF, 0x64, 0x20, 0xFF, 0x65]
        let text = try Self.text(bytes, from: frontend)
        #expect(text.hasPrefix("a\u{FFFD}b "), "\(frontend): \(text.debugDescription)")
        #expect(text.hasSuffix("\u{FFFD}e"), "\(frontend): \(text.debugDescription)")
        #expect(text.contains("\u{FFFD}c ") && text.contains("\u{FFFD}d "), "\(frontend): \(text.debugDescription)")
        // Every output format gets valid UTF-8.
        let document = try Registry.standard.parse(bytes, from: frontend)
        for backend in ["html", "markdown", "text", "styled-json"] {
            let out = try Registry.standard.render(document, to: backend)
            #expect(String(validating: out, as: UTF8.self) != nil, "\(frontend) → \(backend)")
        }
    }

    /// Markdown turns NUL into U+FFFD (CommonMark); HTML follows the tree-construction rules of
    /// the insertion mode (Docs/html-reader.md): in body text a NUL is ignored, as browsers do,
    /// while in an attribute value or foreign content (SVG) it becomes U+FFFD.
    @Test func nulFollowsEachFormatsRule() throws {
        #expect(try Self.text([0x61, 0x00, 0x62], from: "markdown") == "a\u{FFFD}b")
        #expect(try Self.text([0x61, 0x00, 0x62], from: "html") == "ab")
        let svg = try HTMLFrontend().parse(Array("<svg><text>a\u{0}b</text></svg>".utf8))
        #expect(svg.root.plainText.contains("a\u{FFFD}b"))
        let link = try HTMLFrontend().parse(Array("<a href=\"x\u{0}y\">l</a>".utf8))
        guard case .link(let destination, _)? = try link.select("a").first?.kind else { Issue.record("no link"); return }
        #expect(destination.contains("%EF%BF%BD") || destination.contains("\u{FFFD}"))
    }

    @Test(arguments: ["&#xD800;", "&#55296;", "&#xDFFF;", "&#57343;", "&#xDBFF;&#xDC00;", "&#0;", "&#x110000;"])
    func numericReferencesToSurrogatesAndNonCharactersBecomeReplacementCharacters(_ reference: String) throws {
        // A surrogate pair written as two references is two lone surrogates, not one character.
        let count = reference.components(separatedBy: "&#").count - 1
        let expected = "x" + String(repeating: "\u{FFFD}", count: count) + "y"
        for frontend in Self.frontends {
            #expect(try Self.text(Array("x\(reference)y".utf8), from: frontend) == expected, "\(frontend)")
        }
        // In an attribute (link target) too.
        let html = try Transmark.convert("<a href=\"/p?q=\(reference)\">l</a>", from: "html", to: "markdown")
        #expect(html.contains("\u{FFFD}") || html.contains("%EF%BF%BD"), "\(html)")
    }

    @Test func defaultSizeLimits() {
        #expect(MarkdownFrontend.Options().maxInputSize == 512 * 1024 * 1024)
        #expect(HTMLFrontend.Options().maxInputSize == 1 << 30)
    }

    @Test(arguments: frontends)
    func inputOverTheLoweredLimitIsATypedError(_ frontend: String) throws {
        let input = Array(String(repeating: "word ", count: 1000).utf8)
        #expect(throws: TransmarkError.inputTooLarge(bytes: 5000, limit: 4999, option: "maxInputSize")) {
            try Registry.standard.parse(input, from: frontend, options: [("maxInputSize", "4999")])
        }
        #expect(try Registry.standard.parse(input, from: frontend, options: [("maxInputSize", "5000")]).root.plainText.contains("word"))
    }

    /// An input of just over 1 GiB at the default limits: the typed error, before any byte is
    /// read (the memory is reserved address space, never touched, so the test costs no RAM).
    @Test func oneGigabyteInputAtTheDefaultLimitsIsATypedError() throws {
        let size = (1 << 30) + 1
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              base != MAP_FAILED else {
            Issue.record("could not reserve address space")
            return
        }
        defer { munmap(base, size) }
        let input = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
        #expect(throws: TransmarkError.inputTooLarge(bytes: size, limit: 1 << 30, option: "maxInputSize")) {
            try HTMLFrontend().parse(input, options: HTMLFrontend.Options())
        }
        #expect(throws: TransmarkError.inputTooLarge(bytes: size, limit: 512 * 1024 * 1024, option: "maxInputSize")) {
            try MarkdownFrontend().parse(input, options: MarkdownFrontend.Options())
        }
        let message = String(describing: TransmarkError.inputTooLarge(bytes: size, limit: 1 << 30, option: "maxInputSize"))
        #expect(message.contains("maxInputSize"), "\(message)")
    }
}
