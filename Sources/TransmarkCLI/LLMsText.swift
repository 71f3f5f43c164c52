import TransmarkCore

/// `--llms-txt` in folder mode: the site's `llms.txt` and `llms-full.txt`, in the format of
/// llmstxt.org, beside the converted pages.
///
/// `llms.txt` is an H1 with the site's name, a blockquote with its summary, and one H2 section per
/// output folder (the top folder's section is `Pages`) listing `- [title](path): description`
/// for each page, in the order converted. The name is the `site` most pages give, else the input
/// folder's name; the summary is the description of the top `index` or `README` page, else a
/// line saying how many pages there are. A page's title is its metadata `title`, else its file
/// name; its description is its metadata `description`, left out when it has none.
///
/// `llms-full.txt` starts with the same H1 and summary, then every page in full, each under
/// a `---` line and `Source: path`, as it was written.
struct LLMsText {
    /// One converted page.
    struct Page {
        /// The output's path inside the output folder (`guide/intro.md`).
        let path: String
        let metadata: DocumentMetadata
    }

    private(set) var pages: [Page] = []
    /// The body of `llms-full.txt` after its header, built as pages arrive.
    private var full: [UInt8] = []
    /// The input folder's name (the fallback site name).
    let folderName: String

    init(folderName: String) { self.folderName = folderName }

    /// Adds a converted page and its Markdown.
    mutating func add(path: String, metadata: DocumentMetadata, markdown: [UInt8]) {
        pages.append(Page(path: path, metadata: metadata))
        full += Array("\n---\n\n".utf8)
        full += Array(("Source: " + Self.linkTarget(path) + "\n\n").utf8)
        full += markdown
        if markdown.last != 0x0A { full.append(0x0A) }
    }

    /// The site's name: the `site` most pages name (the first among equals), else the folder's.
    var siteName: String {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for page in pages {
            guard let site = page.metadata.siteName else { continue }
            if counts[site] == nil { order.append(site) }
            counts[site, default: 0] += 1
        }
        return order.max { counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!) }
            ?? folderName
    }

    /// The site's summary.
    var summary: String {
        let top = pages.first { page in
            guard !page.path.contains("/") else { return false }
            let stem = page.path.split(separator: ".").first.map { $0.lowercased() } ?? ""
            return stem == "index" || stem == "readme"
        }
        if let description = top?.metadata.description { return description }
        return "\(pages.count) page\(pages.count == 1 ? "" : "s") converted to Markdown."
    }

    /// `llms.txt`.
    var index: [UInt8] {
        var text = header
        var sections: [String] = []
        var grouped: [String: [Page]] = [:]
        for page in pages {
            let folder = page.path.split(separator: "/").dropLast().joined(separator: "/")
            if grouped[folder] == nil { sections.append(folder) }
            grouped[folder, default: []].append(page)
        }
        for section in sections {
            text += "\n## " + (section.isEmpty ? "Pages" : Self.oneLine(section)) + "\n\n"
            for page in grouped[section]! {
                let title = page.metadata.title ?? Self.fileTitle(page.path)
                text += "- [" + Self.linkText(title) + "](" + Self.linkTarget(page.path) + ")"
                if let description = page.metadata.description { text += ": " + Self.oneLine(description) }
                text += "\n"
            }
        }
        return Array(text.utf8)
    }

    /// `llms-full.txt`.
    var fullText: [UInt8] { Array(header.utf8) + full }

    private var header: String {
        "# " + Self.oneLine(siteName) + "\n\n> " + Self.oneLine(summary) + "\n"
    }

    /// `guide/intro.md` → `intro`.
    static func fileTitle(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Text on one line (line ends and runs of spaces made one space).
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// Link text with the characters that would end or break it escaped.
    static func linkText(_ text: String) -> String {
        var out = ""
        for c in oneLine(text) {
            if "[]\\<>*_`".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// A relative path as a link destination: spaces, parentheses and angle brackets
    /// percent-encoded (`%20`, `%28`, …).
    static func linkTarget(_ path: String) -> String {
        var out = ""
        for c in path.unicodeScalars {
            if " ()<>".unicodeScalars.contains(c) {
                out += "%" + String(c.value, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
