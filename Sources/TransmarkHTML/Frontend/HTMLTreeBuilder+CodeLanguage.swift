import TransmarkCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The language of a code block, read from every common way pages write it (see
// Docs/html-reader.md, "Code blocks"). In order of precedence:
// 1. on the `pre`: `language-x` / `lang-x` class, pandoc's `sourceCode x`, SyntaxHighlighter's
//    `brush: x`, a `data-lang` attribute;
// 2. the same on the `code` inside it;
// 3. on a wrapping `div`: GitHub's `highlight-source-x` / `highlight-text-x-…`, Sphinx's
//    `highlight-x`, Jekyll's `language-x`, a `data-lang` attribute;
// 4. a bare class on the `pre` that looks like a language (a known language name, or the only
//    class, made of letters, digits, `+` and `#`, and not a known styling class).
extension HTMLTreeBuilder {
    /// The language written explicitly on a `pre` or `code` tag: a `language-x` or `lang-x`
    /// class, `sourceCode x` (pandoc), `brush: x` (SyntaxHighlighter), or `data-lang`.
    static func explicitCodeLanguage(_ tag: HTMLStartTag) -> String? {
        if let classes = tag.attribute("class"), let language = classLanguage(classes) { return language }
        if let language = tag.attribute("data-lang").flatMap(cleanLanguage) { return language }
        return nil
    }

    /// The language in a class list: `language-x` / `lang-x`, `sourceCode x`, `brush: x`.
    static func classLanguage(_ classes: String) -> String? {
        if let language = languageInfo(classes) { return language }
        let words = classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\u{0C}" || $0 == "\r" })
        if let brush = words.firstIndex(where: { $0.hasPrefix("brush:") }) {
            // `brush: js; toolbar: false` or `brush:js;`.
            var value = words[brush].dropFirst("brush:".count)
            if value.isEmpty || value == ";", brush + 1 < words.count { value = words[brush + 1] }
            if let end = value.firstIndex(of: ";") { value = value[..<end] }
            return cleanLanguage(String(value))
        }
        if words.contains(where: { $0 == "sourceCode" }) {
            // pandoc: `sourceCode haskell`, with `numberSource`, `numberLines`, … beside it.
            let pandocClasses: Set<Substring> = ["sourceCode", "numberSource", "numberLines", "lineAnchors", "cb", "sourceLine"]
            if let word = words.first(where: { !pandocClasses.contains($0) }) { return cleanLanguage(String(word)) }
        }
        return nil
    }

    /// The language a wrapping `div`'s attributes give the code blocks inside it: GitHub's
    /// `highlight-source-x` and `highlight-text-x-…`, Sphinx's `highlight-x`, `language-x` /
    /// `lang-x` (Jekyll), or `data-lang`.
    static func wrapperCodeLanguage(_ tag: HTMLStartTag) -> String? {
        // Most wrappers are layout `div`s whose classes cannot name a language: only those with
        // `lang` or `highlight-` in them become a `String` to be read.
        if let index = tag.index(of: "class"), mayNameWrapperLanguage(tag.value(at: index)) {
            let classes = String(decoding: tag.value(at: index), as: UTF8.self)
            if let language = languageInfo(classes) { return language }
            // Most wrappers' classes hold no `highlight-`: they are not split into words (a long
            // class list split per `div` cost thousands of instructions).
            for word in containsHighlightPrefix(classes) ? classes.split(separator: " ") : [] where word.hasPrefix("highlight-") {
                var rest = word.dropFirst("highlight-".count)
                if rest.hasPrefix("source-") {
                    rest = rest.dropFirst("source-".count)
                } else if rest.hasPrefix("text-") {
                    // `highlight-text-html-basic` → html, `highlight-text-md` → md.
                    rest = rest.dropFirst("text-".count)
                    if let dash = rest.firstIndex(of: "-") { rest = rest[..<dash] }
                }
                let language = String(rest)
                if !nonLanguageWrapperClasses.contains(language), let clean = cleanLanguage(language) { return clean }
            }
        }
        return tag.attribute("data-lang").flatMap(cleanLanguage)
    }

    /// Whether a class list holds `lang` (of `language-x`, `lang-x`) or `highlight-` anywhere:
    /// else `wrapperCodeLanguage` can find no language in it.
    static func mayNameWrapperLanguage(_ classes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = classes.count
        var i = 0
        while i + 4 <= n {
            switch classes[i] {
            case UInt8(ascii: "l"):
                if classes[i + 1] == UInt8(ascii: "a") && classes[i + 2] == UInt8(ascii: "n") && classes[i + 3] == UInt8(ascii: "g") { return true }
            case UInt8(ascii: "h"):
                if i + 10 <= n && memcmp(classes.baseAddress! + i, ("highlight-" as StaticString).utf8Start, 10) == 0 { return true }
            default: break
            }
            i += 1
        }
        return false
    }

    /// Whether `classes` holds the bytes `highlight-` anywhere (so a word of it may start with them).
    static func containsHighlightPrefix(_ classes: String) -> Bool {
        var classes = classes
        return classes.withUTF8 { p in
            let prefix: StaticString = "highlight-"
            let count = prefix.utf8CodeUnitCount
            guard p.count >= count, let base = p.baseAddress else { return false }
            var i = 0
            while i + count <= p.count {
                if p[i] == UInt8(ascii: "h") && memcmp(base + i, prefix.utf8Start, count) == 0 { return true }
                i += 1
            }
            return false
        }
    }

    /// What follows `highlight-` in classes that name no language.
    static let nonLanguageWrapperClasses: Set<String> = ["default", "none", "notranslate", "source", "text"]

    /// The language a bare class on a `pre` names, if one looks like a language.
    static func bareClassLanguage(_ classes: String) -> String? {
        let words = classes.split(separator: " ")
        for word in words {
            let lowered = word.lowercased()
            if knownLanguages.contains(lowered) { return lowered }
        }
        guard words.count == 1 else { return nil }
        let word = String(words[0])
        guard !nonLanguageClasses.contains(word.lowercased()),
              word.utf8.count <= 16, let first = word.utf8.first, ASCII.isAlpha(first),
              word.utf8.allSatisfy({ ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") })
        else { return nil }
        return word
    }

    /// A language name as an info string: trimmed, without spaces or backticks; nil when empty.
    static func cleanLanguage(_ value: String) -> String? {
        let bytes = value.utf8
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
              let last = bytes.lastIndex(where: { !isSpace($0) }) else { return nil }
        let trimmed = String(decoding: bytes[start ... last], as: UTF8.self)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64,
              !trimmed.utf8.contains(where: { isSpace($0) || $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "~") }) else { return nil }
        return trimmed
    }

    /// Classes that pages put on `pre` for styling or highlighting, never naming a language.
    static let nonLanguageClasses: Set<String> = [
        "prettyprint", "linenums", "line-numbers", "hljs", "highlight", "highlighted", "code", "codehilite",
        "source", "sourcecode", "src", "notranslate", "wrap", "nowrap", "syntax", "chroma", "shiki",
        "prism", "block", "snippet", "example", "output", "pre", "literal-block", "literal", "programlisting",
        "screen", "codeblock", "code-block", "rouge", "pygments", "terminal", "listing", "verbatim", "raw",
        "plain", "formatted", "preformatted", "scroll", "scrollable", "content", "main", "text", "none",
        "default", "numbered", "lines", "mono", "monospace", "inline", "light", "dark", "theme", "copy",
        "bad", "good", "wrong", "correct", "incorrect", "note", "warning", "extract", "sample", "demo",
    ]

    /// Common language names, accepted as a bare class on `pre` even beside other classes.
    static let knownLanguages: Set<String> = [
        "bash", "sh", "shell", "zsh", "fish", "console", "powershell", "ps1", "bat", "cmd", "batch",
        "c", "cpp", "c++", "cxx", "h", "hpp", "objc", "objective-c", "objectivec", "csharp", "cs", "c#",
        "fsharp", "f#", "java", "kotlin", "scala", "groovy", "clojure", "javascript", "js", "jsx", "mjs",
        "typescript", "ts", "tsx", "coffeescript", "coffee", "python", "py", "python3", "ruby", "rb", "perl",
        "php", "go", "golang", "rust", "rs", "swift", "dart", "lua", "r", "julia", "matlab", "octave",
        "haskell", "hs", "elm", "ocaml", "ml", "erlang", "elixir", "ex", "lisp", "scheme", "racket", "clj",
        "sql", "mysql", "postgresql", "psql", "plsql", "graphql", "html", "xml", "xhtml", "svg", "css", "scss",
        "sass", "less", "json", "json5", "yaml", "yml", "toml", "ini", "csv", "diff", "patch", "markdown", "md",
        "latex", "tex", "makefile", "make", "cmake", "dockerfile", "docker", "nginx", "apache", "http",
        "asm", "nasm", "x86asm", "armasm", "fortran", "pascal", "delphi", "ada", "vb", "vbnet", "vba",
        "vim", "viml", "awk", "sed", "tcl", "prolog", "verilog", "vhdl", "solidity", "zig", "nim", "crystal",
        "d", "v", "wasm", "wat", "proto", "protobuf", "terraform", "hcl", "nix", "gradle", "kotlinscript",
        "plaintext", "txt", "vue", "svelte", "jinja", "django", "handlebars", "erb", "twig", "smalltalk",
        "cobol", "abap", "apex", "purescript", "reason", "rescript", "idris", "agda", "coq", "lean", "sml",
    ]
}
