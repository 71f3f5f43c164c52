import Foundation
import TestSupport
import Transmark

/// Pages of `Tests/Data/corpus/web/` and helpers shared by the transform tests.
enum Corpus {
    static let wikipedia = "Goldziher__html-to-markdown__test_documents__html__wikipedia__small_html.html"
    static let wikipediaRust = "Goldziher__html-to-markdown__test_documents__html__wikipedia__large_rust.html"
    static let wikipediaPython = "Goldziher__html-to-markdown__test_documents__html__wikipedia__medium_python.html"
    static let reutersArticle = "Goldziher__html-to-markdown__test_documents__html__issues__gh-166-tags-reuters.html"
    static let hackerNews = "Goldziher__html-to-markdown__test_documents__html__issues__gh-121-hacker-news.html"
    static let github = "scinfu__SwiftSoup__Tests-macOS__corpus__GitHub.html"
    static let amazon = "scinfu__SwiftSoup__Tests-macOS__corpus__Amazon.html"
    static let wirecutter = "scinfu__SwiftSoup__Tests-macOS__corpus__Wirecutter.html"

    /// A handful of varied pages.
    static let pages = [wikipedia, reutersArticle, hackerNews, github, amazon, wirecutter]

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestPaths.corpus("web").appendingPathComponent(name)))
    }

    static func document(_ name: String) throws -> Document {
        try Registry.standard.parse(try bytes(name), from: "html")
    }
}

func markdown(_ document: Document) throws -> String {
    String(decoding: try Registry.standard.render(document, to: "markdown"), as: UTF8.self)
}

func html(_ source: String) throws -> Document {
    try Registry.standard.parse(Array(source.utf8), from: "html")
}

/// The document's text outside the given nodes' subtrees, found by a walk of its own (not by the
/// rewriter the transforms use).
func text(of document: Document, skipping skipped: Set<NodeID>) -> String {
    var out = ""
    document.walk { event in
        guard case .enter(let node) = event else { return .proceed }
        if skipped.contains(node.id) { return .skipChildren }
        switch node.tag {
        case .softBreak, .lineBreak: out += "\n"
        case .htmlBlock, .htmlInline: break
        default: out += node.text
        }
        return .proceed
    }
    return out
}

/// Every node of the document, in order.
func nodes(_ document: Document) -> [Node] {
    document.events().compactMap { if case .enter(let n) = $0 { n } else { nil } }
}
