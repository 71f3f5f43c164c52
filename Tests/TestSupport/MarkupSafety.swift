import TransmarkCore
import TransmarkHTML

/// What a browser would run in an HTML output: the invariants every safe writer path keeps (the
/// XSS vector suites and the hostile-input tests share them).
public enum MarkupSafety {
    /// The 241 hostile HTML strings of `Tests/Data/suites/xss_vectors.json` (DOMPurify's and
    /// bleach's fixtures); empty when the file is missing.
    public static let xssVectors: [String] = {
        guard let list = try? TestPaths.json(TestPaths.suite("xss_vectors.json")) as? [String] else { return [] }
        return list
    }()

    /// Elements that run or embed code, or change how the page around is read.
    public static let forbiddenElements: Set<String> = [
        "script", "style", "iframe", "object", "embed", "base", "meta", "form", "svg", "math", "frame", "frameset",
        "applet", "link", "template", "noscript",
    ]

    /// The violations in an HTML output: forbidden elements, `on…` attributes, dangerous URLs,
    /// as a browser's tokenizer sees them and as the HTML frontend builds them.
    public static func violations(in html: String) -> [String] {
        var found: [String] = []
        for token in HTMLTokenizer(html) {
            guard case .startTag(let tag) = token else { continue }
            let name = tag.name.lowercased()
            if forbiddenElements.contains(name) { found.append("element <\(name)>") }
            for attribute in tag.attributes {
                let attributeName = attribute.name.lowercased()
                if attributeName.hasPrefix("on") { found.append("attribute \(attributeName) on <\(name)>") }
                if isDangerousURL(attribute.value) && (HTMLNames.isURLAttribute(attributeName) || attributeName == "style") {
                    found.append("URL \(attributeName)=\(attribute.value) on <\(name)>")
                }
            }
        }
        // The same output as the HTML frontend builds it.
        if let document = try? HTMLFrontend().parse(html) {
            document.walk { event in
                guard case .enter(let node) = event else { return .proceed }
                switch node.kind {
                case .division(let tag) where forbiddenElements.contains(tag.lowercased()),
                     .custom(let tag) where forbiddenElements.contains(tag.lowercased()):
                    found.append("tree element \(tag)")
                case .link(let url, _) where isDangerousURL(url), .image(let url, _, _) where isDangerousURL(url):
                    found.append("tree URL \(url)")
                default:
                    break
                }
                for attribute in node.attributes where attribute.name.lowercased().hasPrefix("on") {
                    found.append("tree attribute \(attribute.name)")
                }
                return .proceed
            }
        } else {
            found.append("output does not parse")
        }
        return found
    }

    /// `javascript:`, `vbscript:` or `data:text/html`, read as a browser reads a URL.
    public static func isDangerousURL(_ url: String) -> Bool {
        guard let scheme = URLSafety.scheme(of: url) else { return false }
        if scheme == "javascript" || scheme == "vbscript" { return true }
        guard scheme == "data" else { return false }
        let compact = String(url.unicodeScalars.filter { $0.value > 0x20 }).lowercased()
        return compact.hasPrefix("data:text/html")
    }

    /// The C0 control characters other than tab and line ends in `bytes`, as `U+XXXX` names.
    public static func controlCharacters(in bytes: [UInt8]) -> [String] {
        bytes.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            .map { "U+00" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }
    }

    /// Every Markdown writer setting a safety check covers: each profile with each escaping mode
    /// but `none` (documented as unsafe), as `key=value` options.
    public static let markdownSettings: [[(key: String, value: String)]] = {
        var settings: [[(key: String, value: String)]] = []
        for profile in ["gfm", "commonmark", "turndown", "markdownify", "pandoc"] {
            for escaping in ["exact", "turndown", "pandoc"] {
                settings.append([("profile", profile), ("escaping", escaping)])
            }
        }
        // The fallbacks a profile does not choose: raw HTML for spans, divisions and tables, HTML
        // attributes kept, reference links, indented code.
        settings.append([("span", "html"), ("division", "html"), ("complexTable", "html"), ("htmlFallbackAttributes", "true"),
                         ("imageSize", "html"), ("linkStyle", "reference"), ("codeBlockStyle", "indented")])
        settings.append([("profile", "pandoc"), ("span", "symbol"), ("division", "symbol"), ("headingAttributes", "true"),
                         ("linkStyle", "reference")])
        return settings
    }()
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
