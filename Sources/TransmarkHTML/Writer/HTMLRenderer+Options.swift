import TransmarkCore

extension HTMLRenderer {
    /// Options of the HTML writer (also `HTMLBackend.Options`).
    public struct Options: FormatOptions {
        // option: .bool(summary: "pass event handlers and dangerous URLs through; also sets rawHTML=keep unless rawHTML is given")
        //     .appliedFirst()
        /// Pass event handlers, elements that run or embed code, every URL and kept raw HTML
        /// through unchanged (cmark's name): `sanitizer` is not applied at all. Setting it to
        /// `true` also sets `rawHTML` to `keep`, as cmark's `--unsafe` passes raw HTML too; set
        /// `rawHTML` after it to choose otherwise (with `key=value` options, `unsafe` is applied
        /// first, so a `rawHTML` given with it wins).
        public var unsafe = false {
            didSet { if unsafe && !oldValue { rawHTML = .keep } }
        }
        // option: .choice(summary: "raw HTML nodes: drop (a comment in their place), text (escaped) or keep")
        /// Raw HTML nodes (`htmlBlock`, `htmlInline`): `drop` (the default) writes cmark's
        /// `<!-- raw HTML omitted -->` in their place, `text` shows the markup as escaped text
        /// in `<code>` (a block in `<pre>`), `keep` writes it cleaned by `sanitizer` (tags it cannot vouch for are
        /// left out, kept tags rewritten with their allowed attributes; see
        /// `SanitizerPolicy.sanitize(rawHTML:)`), or as it is with `unsafe` or `sanitize=none`.
        public var rawHTML = RawHTMLPolicy.drop
        // option: .choice(summary: "how soft line breaks are written")
        /// How soft line breaks are written.
        public var softBreak = SoftBreak.newline
        // option: .bool(summary: "write a complete HTML document, not a fragment")
        /// Write a complete document (`<!DOCTYPE html>`, `<head>` with charset, `<body>`).
        public var standalone = false
        // option: .string(summary: "the <title> of a standalone document")
        /// The `<title>` of a standalone document.
        public var title = ""
        // option: .bool(summary: "write source attributes and styles (false: only id, title, lang, dir)")
        /// Write the attributes and styles nodes carry from their source (`class`, `style`,
        /// `data-*`, …). When false, only `id`, `title`, `lang` and `dir` are kept: the markup
        /// without its presentation (used by writers that fall back to HTML).
        public var keepAttributes = true
        /// What the output may contain (`SanitizerPolicy.default`: today's safe mode; `strict`;
        /// `none`). Applied to elements, attributes, URLs and kept raw HTML unless `unsafe`; a
        /// policy with `kinds` also filters the node kinds of a whole document first.
        public var sanitizer = SanitizerPolicy.default
        // option mathml: .bool(summary: "write math as <math> (TeX as text and annotation) instead of <span class=\"math inline\">\\(…\\)</span>")
        // options: SanitizerPolicy.optionSpecs(\.sanitizer)
        /// Write math nodes as MathML: `<math>` (`display="block"` for display math) holding
        /// `<semantics>` with the TeX source as `<mtext>` (shown as it is: there is no TeX to
        /// MathML conversion) and as `<annotation encoding="application/x-tex">`. When false (the
        /// default), math is pandoc's `<span class="math inline">\(…\)</span>` or
        /// `<span class="math display">\[…\]</span>`, which MathJax and KaTeX's auto-render typeset.
        public var mathML = false
        /// Line ends in attribute values written as `&#10;`: for HTML set inside Markdown, where
        /// a blank line would end the HTML block. Not settable by key.
        package var attributeLineEndsAsReferences = false

        /// The policy in force: `SanitizerPolicy.none` with `unsafe`, else `sanitizer`.
        public var effectivePolicy: SanitizerPolicy { unsafe ? .none : sanitizer }

        /// The defaults: safe, newlines for soft breaks, a fragment, attributes kept.
        public init() {}
    }
}

extension SanitizerPolicy {
    static func optionListItems(_ value: String) -> [String] {
        value.split(separator: ",").map { String($0).trimmingASCIIWhitespace.lowercased() }.filter { !$0.isEmpty }
    }

    static func optionListText(_ list: [String]?) -> String { list.map { $0.joined(separator: ",") } ?? "*" }

    /// The options that set a policy by key, for any options type holding one at `path`:
    /// `sanitize` (a preset, applied before the others: `default`, `strict` or `none`),
    /// `allowedElements`, `allowedAttributes` and `allowedSchemes` (comma-separated; `*` means
    /// anything not always refused; `allowedAttributes` takes `element:name` for one element).
    public static func optionSpecs<Options>(_ path: WritableKeyPath<Options, SanitizerPolicy> & Sendable) -> [OptionSpec<Options>] {
        return [
            OptionSpec(key: "sanitize", accepted: "default|strict|none",
                       summary: "sanitizer policy preset (refined by allowedElements, allowedAttributes, allowedSchemes)",
                       read: { o in
                           let p = o[keyPath: path]
                           return !p.isEnabled ? "none" : p == .strict ? "strict" : p == .default ? "default" : "custom"
                       },
                       write: { o, v in
                           guard let p = SanitizerPolicy(preset: v) else { return false }
                           o[keyPath: path] = p
                           return true
                       }).appliedFirst(),
            OptionSpec(key: "allowedElements", accepted: "element names, comma-separated, or *",
                       summary: "elements allowed for divisions, custom nodes and raw HTML (code-bearing ones never are)",
                       read: { o in Self.optionListText(o[keyPath: path].elements.map { $0.sorted() }) },
                       write: { o, v in
                           o[keyPath: path].elements = v.trimmingASCIIWhitespace == "*" ? nil : Set(Self.optionListItems(v))
                           return true
                       }),
            OptionSpec(key: "allowedAttributes", accepted: "attribute names (prefix* and element:name allowed), comma-separated, or *",
                       summary: "attributes allowed (on… handlers and srcdoc never are)",
                       read: { o in
                           let p = o[keyPath: path]
                           let perElement = p.elementAttributes.sorted { $0.key < $1.key }.flatMap { e in e.value.map { "\(e.key):\($0)" } }
                           return p.attributes == nil ? "*" : Self.optionListText(p.attributes! + perElement)
                       },
                       write: { o, v in
                           if v.trimmingASCIIWhitespace == "*" {
                               o[keyPath: path].attributes = nil
                               o[keyPath: path].elementAttributes = [:]
                               return true
                           }
                           var global: [String] = []
                           var perElement: [String: [String]] = [:]
                           for item in Self.optionListItems(v) {
                               if let colon = item.firstIndex(of: ":"), item[..<colon] != "xlink" {
                                   perElement[String(item[..<colon]), default: []].append(String(item[item.index(after: colon)...]))
                               } else {
                                   global.append(item)
                               }
                           }
                           o[keyPath: path].attributes = global
                           o[keyPath: path].elementAttributes = perElement
                           return true
                       }),
            OptionSpec(key: "allowedSchemes", accepted: "URL schemes, comma-separated, or *",
                       summary: "URL schemes allowed (javascript:, vbscript:, file: and non-image data: never are)",
                       read: { o in Self.optionListText(o[keyPath: path].schemes) },
                       write: { o, v in
                           o[keyPath: path].schemes = v.trimmingASCIIWhitespace == "*" ? nil : Self.optionListItems(v)
                           return true
                       }),
        ]
    }
}

extension HTMLRenderer.Options {
        /// How soft line breaks are written.
        public enum SoftBreak: String, CaseIterable, Sendable {
            /// A newline (the default, like cmark).
            case newline
            /// A space (cmark's `--nobreaks`).
            case space
            /// A `<br />` (cmark's `--hardbreaks`).
            case hard
        }
}
