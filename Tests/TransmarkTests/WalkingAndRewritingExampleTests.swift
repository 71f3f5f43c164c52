import Foundation
import Testing
import TestSupport
import Transmark

// The README's "Walking and rewriting the tree" example, verbatim between the markers.

// README-BEGIN visitor
/// Collects the destinations of a document's links, in document order.
struct LinkCollector: MarkupVisitor {
    var destinations: [String] = []

    mutating func visitLink(_ node: Node, destination: String, title: String) -> WalkAction {
        destinations.append(destination)
        return .proceed
    }
}
// README-END visitor

@Suite struct WalkingAndRewritingExampleTests {
    static let html = #"<h2 id="news">News</h2><p>Read <span class="lead">this <a href="/a">story</a></span> <img src="a.png" alt="photo">now.</p>"#

    @Test func visitorCollectsLinks() throws {
        let html = Self.html
        // README-BEGIN visit
        let page = try HTMLFrontend().parse(html)

        var links = LinkCollector()
        links.visit(page)                 // links.destinations == ["/a"]
        // README-END visit
        #expect(links.destinations == ["/a"])
    }

    /// The README quotes the examples between `README-BEGIN` and `README-END` markers of this
    /// file and of `CustomBackendTests.swift` verbatim (dedented).
    @Test func readmeQuotesTheExamples() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        var quoted = 0
        for file in ["WalkingAndRewritingExampleTests.swift", "CustomBackendTests.swift"] {
            let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            var block: [Substring]?
            for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("// README-BEGIN") {
                    block = []
                } else if trimmed.hasPrefix("// README-END") {
                    let lines = block ?? []
                    let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                    let text = lines.map { $0.dropFirst(min(indent, $0.count)) }.joined(separator: "\n")
                    let found = readme.contains(text + "\n")
                    #expect(found, "README does not quote this block of \(file):\n\(text)")
                    quoted += 1
                    block = nil
                } else if block != nil {
                    block!.append(line)
                }
            }
        }
        #expect(quoted == 4)
    }

    @Test func rewriterCleansAPage() throws {
        let page = try HTMLFrontend().parse(Self.html)
        // README-BEGIN rewrite
        let cleaned = page.rewritten { node in
            switch node.kind {
            case .image: .drop                                               // with their alt text
            case .span: .unwrap                                              // keep what is inside
            case .heading: .wrap(.paragraph, inner: .replaceKind(.strong))   // a strong paragraph
            default: .keep
            }
        }
        let markdown = try MarkdownBackend().renderString(cleaned)
        // "**News**\n\nRead this [story](/a) now.\n"
        // README-END rewrite
        #expect(markdown == "**News**\n\nRead this [story](/a) now.\n")
        #expect(cleaned.treeDump == """
            document
              paragraph
                strong [id="news"]
                  text "News"
              paragraph
                text "Read this "
                link destination="/a"
                  text "story"
                text " now."

            """)
        // The page itself is unchanged.
        #expect(page.root.children.first { $0.tag == .heading } != nil)
    }
}
