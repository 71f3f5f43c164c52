import Foundation
import Testing
import Transmark

/// The options types' memberwise initialisers and `optionSpecs`, which
/// `scripts/generate-options.py` writes from each option's one declaration (its property and the
/// `// option:` line above it).
@Suite struct GeneratedOptionsTests {
    /// Every value of `options`, by key, as text.
    static func values<Options: FormatOptions>(_ options: Options) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Options.optionKeys.map { ($0, options.value(of: $0) ?? "?") })
    }

    @Test func memberwiseInitialiserSetsWhatKeysSet() throws {
        let typed = MarkdownBackend.Options(headingStyle: .setext, bulletListMarker: "*", lineWidth: 72, gfm: false,
                                            `subscript`: .unicode)
        let keyed = try MarkdownBackend.Options(keyValues: [("headingStyle", "setext"), ("bulletListMarker", "*"),
                                                            ("lineWidth", "72"), ("gfm", "false"), ("subscript", "unicode")])
        #expect(Self.values(typed) == Self.values(keyed))
        #expect(Self.values(typed) != Self.values(MarkdownBackend.Options()))
    }

    @Test func valuesLeftOutKeepTheirDefaults() {
        #expect(Self.values(MarkdownBackend.Options(lineWidth: 0)) == Self.values(MarkdownBackend.Options()))
        #expect(Self.values(HTMLFrontend.Options(keepHidden: false)) == Self.values(HTMLFrontend.Options()))
        #expect(Self.values(TextBackend.Options(width: 80)) == Self.values(TextBackend.Options()))
        #expect(Self.values(ANSIBackend.Options(width: 80)) == Self.values(ANSIBackend.Options()))
        #expect(Self.values(StyledTextOptions(maxTabStops: 1000)) == Self.values(StyledTextOptions()))
        #expect(Self.values(SanitizeTransform.Options(relative: true)) == Self.values(SanitizeTransform.Options()))
        #expect(Self.values(TableOfContentsTransform.Options(title: "Contents")) == Self.values(TableOfContentsTransform.Options()))
    }

    @Test func typedOptionsReachTheOutput() throws {
        let html = try Transmark.convert("<h1>Title</h1><p>a <s>b</s></p>", from: .html,
                                         to: .markdown(MarkdownBackend.Options(headingStyle: .setext, gfm: false,
                                                                               strikethrough: .symbol)))
        #expect(html == "Title\n=====\n\na ~~b~~\n")
        let shifted = try Transmark.convert("# a", from: .markdown, to: .markdown,
                                            transforms: [ShiftHeadingsTransform(options: .init(by: 2))])
        #expect(shifted == "### a\n")
    }

    /// The generated `init(options:)` of frontends, backends and transforms keeps the options it
    /// is given as the `defaultOptions` conversions start from; without them, the defaults.
    @Test func participantsKeepTheOptionsTheyAreMadeWith() {
        #expect(Self.values(DropImagesTransform(options: .init(alt: true)).defaultOptions)
                == Self.values(DropImagesTransform.Options(alt: true)))
        #expect(Self.values(TextBackend(options: .init(width: 40)).defaultOptions) == Self.values(TextBackend.Options(width: 40)))
        #expect(Self.values(MarkdownFrontend(options: .init(smart: true)).defaultOptions)
                == Self.values(MarkdownFrontend.Options(smart: true)))
        #expect(Self.values(HTMLBackend().defaultOptions) == Self.values(HTMLBackend.Options()))
    }

    @Test func observersDoNotRunInTheMemberwiseInitialiser() {
        // Setting `unsafe` afterwards keeps raw HTML, as cmark's --unsafe does ...
        var set = HTMLRenderer.Options()
        set.unsafe = true
        #expect(set.rawHTML == .keep)
        // ... while the memberwise initialiser stores each value as given (documented there).
        #expect(HTMLRenderer.Options(unsafe: true).rawHTML == .drop)
        #expect(HTMLRenderer.Options(unsafe: true, rawHTML: .keep).rawHTML == .keep)
    }

    /// Each options type settable by key has each key once, and reading a key back gives what
    /// was set (the generated specs pair each key with its own property).
    @Test func everyKeyIsDeclaredOnceAndRoundTrips() throws {
        func check<Options: FormatOptions>(_ type: Options.Type, _ pairs: [(String, String)]) throws {
            let keys = Options.optionKeys
            #expect(Set(keys).count == keys.count, "\(Options.self): \(keys)")
            for (key, value) in pairs {
                var options = Options()
                try options.set(key, to: value)
                #expect(options.value(of: key) == value, "\(Options.self).\(key)")
            }
        }
        try check(MarkdownBackend.Options.self, [("fence", "~~~"), ("thematicBreak", "* * *"), ("frontMatter", "always"),
                                                 ("emphasisDelimiter", "_"), ("defaultCodeLanguage", "swift")])
        try check(MarkdownFrontend.Options.self, [("extensions", "table,autolink"), ("frontMatter", "false"), ("math", "true")])
        try check(HTMLFrontend.Options.self, [("encoding", "windows-1252"), ("maxDepth", "64"), ("footnotes", "false")])
        try check(HTMLRenderer.Options.self, [("mathml", "true"), ("sanitize", "strict"), ("title", "T")])
        try check(SanitizeTransform.Options.self, [("kinds", "paragraph,heading,link"), ("schemes", "https")])
        try check(ResolveLinksTransform.Options.self, [("base", "https://example.com/a/")])
        try check(TextBackend.Options.self, [("mode", "flat"), ("width", "40"), ("keepHidden", "true")])
        try check(ANSIBackend.Options.self, [("color", "never"), ("markers", "ascii")])
        try check(StyledTextOptions.self, [("unit", "utf8"), ("fontSize", "14")])
    }

    @Test func customValuesAreCheckedAsBefore() {
        var options = MarkdownBackend.Options()
        #expect(throws: TransmarkError.self) { try options.set("fence", to: "``") }
        #expect(throws: TransmarkError.self) { try options.set("thematicBreak", to: "-*-") }
        #expect(throws: TransmarkError.self) { try options.set("bulletListMarker", to: "-*+-") }
        #expect(throws: TransmarkError.self) { try options.set("defaultCodeLanguage", to: "objective c") }
        var links = ResolveLinksTransform.Options()
        #expect(throws: TransmarkError.self) { try links.set("base", to: "relative/path") }
        var sanitize = SanitizeTransform.Options()
        #expect(throws: TransmarkError.self) { try sanitize.set("kinds", to: "paragraph,nonsense") }
    }
}
