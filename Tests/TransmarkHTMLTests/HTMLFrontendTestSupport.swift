import Foundation
import TestSupport
import TransmarkCore
@testable import TransmarkHTML

/// Inputs and helpers shared by the HTML frontend tests.
enum HTMLFrontendInputs {
    /// Every `Fixtures/html/*/input.html`.
    static let fixtureInputs: [URL] = {
        let root = TestPaths.fixtures.appendingPathComponent("html")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().map { root.appendingPathComponent($0).appendingPathComponent("input.html") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// Every page in `Tests/Data/corpus/web/`.
    static let webPages: [URL] = {
        let root = TestPaths.corpus("web")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().filter { $0.hasSuffix(".html") }.map { root.appendingPathComponent($0) }
    }()

    static func parse(_ html: String, _ configure: (inout HTMLFrontend.Options) -> Void = { _ in }) throws -> Document {
        var options = HTMLFrontend.Options()
        configure(&options)
        return try HTMLFrontend().parse(html, options: options)
    }

    static func tree(_ document: Document) -> String {
        (try? TreeBackend().renderString(document)) ?? ""
    }

    static func tree(_ html: String, _ configure: (inout HTMLFrontend.Options) -> Void = { _ in }) throws -> String {
        tree(try parse(html, configure))
    }
}

/// The visible text of an HTML input, computed independently of the tree builder: the text
/// tokens of the tokenizer, skipping script, style, template, head, title, noscript, iframe,
/// svg and noembed/noframes content, comments and elements hidden by `hidden` or
/// `display: none`.
enum VisibleText {
    static let skipped: Set<String> = ["script", "style", "template", "head", "title", "noscript", "iframe",
                                       "svg", "noembed", "noframes"]
    static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                    "param", "source", "track", "wbr", "image", "keygen", "basefont", "bgsound", "frame"]

    static func of(_ bytes: [UInt8], encoding: HTMLInputEncoding? = nil) -> [UInt8] {
        var tokenizer = try! HTMLTokenizer(bytes: bytes, encoding: encoding)
        // NUL in HTML text is dropped, as the tree builder's "in body" rules drop it.
        tokenizer.dropsNullInData = true
        var out: [UInt8] = []
        var skipName: String?
        var skipDepth = 0
        while let token = tokenizer.next() {
            switch token {
            case .text(let text):
                if skipName == nil { out.append(contentsOf: text) }
            case .startTag(let tag):
                if let name = skipName {
                    if tag.name == name && !void.contains(name) && !tag.isSelfClosing { skipDepth += 1 }
                    continue
                }
                let hidden = tag.attributes.contains { $0.name == "hidden" && $0.value.lowercased() != "until-found" }
                    || tag.attributes.contains { $0.name == "style" && isDisplayNone($0.value) }
                if (skipped.contains(tag.name) || hidden) && !void.contains(tag.name) && !tag.isSelfClosing {
                    skipName = tag.name
                    skipDepth = 1
                }
            case .endTag(let tag):
                if let name = skipName, tag.name == name {
                    skipDepth -= 1
                    if skipDepth == 0 { skipName = nil }
                }
            case .comment, .doctype:
                break
            }
        }
        return out
    }

    static func isDisplayNone(_ css: String) -> Bool {
        let compact = css.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none")
    }

    /// Whether every non-whitespace byte of `text` occurs in `tree`, in order. Returns the
    /// offset in `text` where matching failed, or nil.
    static func firstMissing(_ text: [UInt8], in tree: [UInt8]) -> Int? {
        var j = 0
        for (i, b) in text.enumerated() where !(b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0C || b == 0x0D) {
            while j < tree.count && tree[j] != b { j += 1 }
            if j == tree.count { return i }
            j += 1
        }
        return nil
    }
}
