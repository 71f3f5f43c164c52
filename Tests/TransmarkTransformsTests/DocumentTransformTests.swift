import Testing
import Transmark

@Suite struct ShiftHeadingsTests {
    func levels(_ document: Document) -> [Int] {
        nodes(document).compactMap { if case .heading(let l) = $0.kind { l } else { nil } }
    }

    @Test func shiftsEveryHeadingOfARealPageAndClamps() throws {
        let document = try Corpus.document(Corpus.wikipediaRust)
        let before = levels(document)
        #expect(before.contains(1) && before.contains(2) && before.contains(3))
        for by in [-5, -1, 1, 2, 5] {
            let shifted = try Registry.standard.applyTransforms(["shift-headings:by=\(by)"], to: document)
            #expect(levels(shifted) == before.map { min(6, max(1, $0 + by)) }, "by \(by)")
            #expect(shifted.root.plainText == document.root.plainText)
        }
    }

    @Test func outOfRangeIsATypedError() throws {
        #expect(throws: TransmarkError.invalidOptionValue(key: "by", value: "9", accepted: "an integer from -5 to 5")) {
            _ = try Registry.standard.applyTransforms(["shift-headings:by=9"], to: Document.empty)
        }
    }
}

@Suite struct DropImagesTests {
    @Test(arguments: [Corpus.amazon, Corpus.wirecutter, Corpus.wikipedia])
    func noImageRemains(_ page: String) throws {
        let document = try Corpus.document(page)
        let images = nodes(document).filter { $0.tag == .image }
        #expect(!images.isEmpty)
        let dropped = try DropImagesTransform().apply(to: document, options: .init())
        #expect(!nodes(dropped).contains { $0.tag == .image })
        #expect(dropped.root.plainText == text(of: document, skipping: Set(images.map(\.id))))
        let withAlt = try Registry.standard.applyTransforms(["drop-images:alt=true"], to: document)
        #expect(!nodes(withAlt).contains { $0.tag == .image })
        #expect(withAlt.root.plainText == document.root.plainText)
    }
}

@Suite struct ResolveLinksTests {
    // RFC 3986, section 5.4: every example, normal and abnormal.
    static let examples: [(String, String)] = [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
        ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ]

    @Test(arguments: examples)
    func rfc3986Examples(_ reference: String, _ expected: String) {
        let base = URLReference("http://a/b/c/d;p?q")
        #expect(URLReference(reference).resolved(against: base).description == expected)
    }

    /// The byte-level resolution the transform uses gives the RFC's results too.
    @Test(arguments: examples)
    func rfc3986ExamplesByBytes(_ reference: String, _ expected: String) {
        #expect(URLResolutionBase(URLReference("http://a/b/c/d;p?q")).resolve(reference) == expected)
    }

    /// ... and what the component-wise resolution gives, on references built at random from the
    /// pieces that matter (dot segments, slashes, queries, fragments, authorities, spaces) against
    /// bases with and without authority, path and query.
    @Test func byteResolutionAgreesWithComponents() {
        let bases = ["http://a/b/c/d;p?q", "https://example.com", "https://example.com/", "file:///x/y",
                     "urn:a/b", "mailto:x", "https://h/p/../q/./r?s=1#f", "g:h"]
        let pieces = ["/", "//", ".", "..", "a", "b", "?", "q=1", "#", "f", " ", "%2E", "é", ":", "x:", "&"]
        var generator = SystemRandomNumberGenerator()
        for base in bases.map(URLReference.init) {
            let prepared = URLResolutionBase(base)
            for _ in 0..<3000 {
                let reference = (0..<Int.random(in: 0...7, using: &generator))
                    .map { _ in pieces.randomElement(using: &generator)! }.joined()
                #expect(prepared.resolve(reference) == URLReference(reference).resolved(against: base).description,
                        "\(reference) against \(base)")
            }
        }
    }

    @Test func resolvesEveryLinkImageAndSrcsetOfARealPage() throws {
        let document = try Corpus.document(Corpus.wikipedia)
        let resolved = try Registry.standard.applyTransforms(["resolve-links:base=https://en.wikipedia.org/wiki/HTML"], to: document)
        var links = 0, images = 0, srcsets = 0
        for node in nodes(resolved) {
            switch node.kind {
            case .link(let destination, _):
                links += 1
                #expect(URLReference(destination).isAbsolute, "\(destination)")
            case .image(let source, _, _):
                images += 1
                #expect(source.hasPrefix("https://"), "\(source)")
            default: break
            }
            if let srcset = node.attribute("srcset") {
                srcsets += 1
                for candidate in srcset.split(separator: ",") {
                    #expect(candidate.trimmingPrefix(" ").hasPrefix("https://upload.wikimedia.org/"), "\(srcset)")
                }
            }
        }
        #expect(links > 500 && images > 3 && srcsets > 3)
        let md = try markdown(resolved)
        #expect(md.contains("(https://en.wikipedia.org/wiki/Markup_language \"Markup language\")"))
        #expect(md.contains("(https://en.wikipedia.org/wiki/HTML#cite_note-3)"))
        let keeping = try Registry.standard.applyTransforms(["resolve-links:base=https://en.wikipedia.org/wiki/HTML,keepFragments=true"], to: document)
        #expect(try markdown(keeping).contains("(#cite_note-3)"))
    }

    @Test func srcsetCandidatesAndAbsoluteReferences() throws {
        let document = try html("""
            <p><img src="a.png" srcset="a.png 1x, ../b.png 2x,c.png, data:image/png;base64,AA== 3x" alt="x">
            <a href="mailto:me@example.com">m</a> <a href="//cdn.example.org/x">c</a> <a href="?page=2">q</a></p>
            """)
        let resolved = try ResolveLinksTransform().apply(to: document, options: .init(base: URLReference("https://example.com/docs/guide/index.html")))
        let all = nodes(resolved)
        let image = try #require(all.first { $0.tag == .image })
        #expect(image.kind == .image(source: "https://example.com/docs/guide/a.png", title: "", size: nil))
        #expect(image.attribute("srcset") == "https://example.com/docs/guide/a.png 1x, https://example.com/docs/b.png 2x, https://example.com/docs/guide/c.png, data:image/png;base64,AA== 3x")
        let destinations = all.compactMap { if case .link(let d, _) = $0.kind { d } else { nil } }
        #expect(destinations == ["mailto:me@example.com", "https://cdn.example.org/x", "https://example.com/docs/guide/index.html?page=2"])
    }

    @Test func aBaseWithoutSchemeIsRefused() {
        #expect(throws: TransmarkError.self) {
            _ = try Registry.standard.applyTransforms(["resolve-links:base=/relative/only"], to: Document.empty)
        }
        #expect(throws: TransmarkError.self) {
            _ = try Registry.standard.applyTransforms(["resolve-links"], to: Document.empty)
        }
    }
}

@Suite struct TableOfContentsTests {
    @Test func slugsAreGitHubStyle() {
        #expect(HeadingSlugs.slug("Hello, World!") == "hello-world")
        #expect(HeadingSlugs.slug("Usage & Tips") == "usage--tips")
        #expect(HeadingSlugs.slug("  C++ (2011) — ISO/IEC ") == "c-2011--isoiec")
        #expect(HeadingSlugs.slug("Ünïcode Ärger_x") == "ünïcode-ärger_x")
        var slugs = HeadingSlugs(reserved: ["intro-1"])
        #expect(["Intro", "Intro", "Intro"].map { slugs.next(for: $0) } == ["intro", "intro-2", "intro-3"])
    }

    @Test func insertsAfterTheTitleAndAnchorsHeadings() throws {
        let document = try Registry.standard.parse(Array("""
            # Guide

            ## Intro

            ### Details

            ## Intro

            ## Usage & Tips

            #### Deep
            """.utf8), from: "markdown")
        let result = try Registry.standard.applyTransforms(["toc"], to: document)
        let md = try markdown(result)
        #expect(md == """
            # Guide

            ## Contents

            - [Intro](#intro)
              - [Details](#details)
            - [Intro](#intro-1)
            - [Usage & Tips](#usage--tips)

            ## Intro

            ### Details

            ## Intro

            ## Usage & Tips

            #### Deep

            """)
        let ids = nodes(result).filter { $0.tag == .heading }.compactMap { $0.attribute("id") }
        #expect(ids == ["guide", "intro", "details", "intro-1", "usage--tips", "deep"])
    }

    @Test func topPositionLevelsAndNoTitle() throws {
        let document = try html("<h1>T</h1><h2 id='keep-me'>A</h2><h3>B</h3><h4>C</h4>")
        let result = try Registry.standard.applyTransforms(["toc:position=top,minLevel=2,maxLevel=4,title="], to: document)
        #expect(try markdown(result).hasPrefix("- [A](#keep-me)\n  - [B](#b)\n    - [C](#c)\n\n# T\n"))
    }

    @Test func linksOfARealPageReachHeadings() throws {
        let document = try Corpus.document(Corpus.wikipediaRust)
        let result = try TableOfContentsTransform().apply(to: document, options: .init(minLevel: 2, maxLevel: 3))
        let toc = try #require(try result.select("nav.toc").first)
        let targets = try result.select("nav.toc a").compactMap { if case .link(let d, _) = $0.kind { String(d.dropFirst()) } else { nil } }
        let headings = nodes(result).filter { node in
            guard case .heading(let level) = node.kind else { return false }
            return (2...3).contains(level) && node.parent?.attribute("class") != "toc" && !node.plainText.isEmpty
        }
        #expect(targets.count == headings.count)
        let ids = Set(headings.compactMap { $0.attribute("id") })
        #expect(targets.allSatisfy { ids.contains($0) })
        #expect(Set(targets).count == targets.count)
        #expect(toc.plainText.hasPrefix("Contents"))
    }

    @Test func levelRangeMustBeOrdered() {
        #expect(throws: TransmarkError.self) {
            _ = try Registry.standard.applyTransforms(["toc:minLevel=4,maxLevel=2"], to: Document.empty)
        }
    }
}
