import Testing
import Transmark

@Suite struct SelectorTransformTests {
    static let cases: [(page: String, selector: String)] = [
        (Corpus.wikipedia, "table, sup, .mw-editsection, nav"),
        (Corpus.reutersArticle, "header, footer, [data-testid*=Ad], figure"),
        (Corpus.hackerNews, "td.subtext, a"),
        (Corpus.github, "ul, .octicon, img"),
        (Corpus.amazon, "div > ul, span.a-size-small"),
        (Corpus.wirecutter, "nav, aside, img, li > a"),
    ]

    @Test(arguments: cases)
    func removeLeavesNoMatchAndTheRestIntact(_ page: String, _ selector: String) throws {
        let document = try Corpus.document(page)
        let matches = try document.select(selector)
        #expect(!matches.isEmpty, "the selector should match something on \(page)")
        let result = try SelectorTransform(.remove).apply(to: document, options: .init(selector: Selector(selector)))
        #expect(try result.select(selector).isEmpty)
        #expect(result.root.plainText == text(of: document, skipping: Set(matches.map(\.id))))
    }

    @Test(arguments: cases)
    func unwrapKeepsEveryCharacter(_ page: String, _ selector: String) throws {
        let document = try Corpus.document(page)
        let unwrapped = try Registry.standard.applyTransforms(["unwrap:selector=\(selector)"], to: document)
        #expect(unwrapped.root.plainText == document.root.plainText)
        #expect(unwrapped.nodeCount < document.nodeCount)
    }

    @Test func unwrapLinksLeavesNoLinkAndTheirText() throws {
        let document = try Corpus.document(Corpus.wikipedia)
        let result = try SelectorTransform(.unwrap).apply(to: document, options: .init(selector: Selector("a")))
        #expect(!nodes(result).contains { $0.tag == .link })
        #expect(result.root.plainText == document.root.plainText)
        #expect(result.root.plainText.contains("Hypertext Markup Language"))
    }

    @Test func keepKeepsOnlyTheMatchesInOrder() throws {
        let document = try Corpus.document(Corpus.wikipedia)
        let headings = try document.select("h2")
        #expect(headings.count > 5)
        let kept = try SelectorTransform(.keep).apply(to: document, options: .init(selector: Selector("h2")))
        let children = Array(kept.root.children)
        #expect(children.count == headings.count)
        #expect(children.allSatisfy { $0.kind == .heading(level: 2) })
        #expect(children.map(\.plainText) == headings.map(\.plainText))
    }

    @Test func keepWrapsInlineMatchesInParagraphsAndKeepsNestedMatchesOnce() throws {
        let document = try html("<div><p>a <a href='/x'>x <em>y</em></a> b <em>z</em></p></div>")
        let kept = try Registry.standard.applyTransforms(["keep:selector=a, em"], to: document)
        let children = Array(kept.root.children)
        #expect(children.map(\.tag) == [.paragraph, .paragraph])
        #expect(children.map(\.plainText) == ["x y", "z"])
    }

    @Test func keepTablesOfARealPage() throws {
        let document = try Corpus.document(Corpus.wikipediaPython)
        let tables = try document.select("table")
        let kept = try Registry.standard.applyTransforms(["keep:selector=table"], to: document)
        #expect(Array(kept.root.children).count == tables.filter { t in
            // A table inside another is kept as part of the outer one.
            var p = t.parent
            while let q = p { if q.tag == .table { return false }; p = q.parent }
            return true
        }.count)
        #expect(kept.root.children.allSatisfy { $0.tag == .table })
    }

    @Test func selectorOptionErrorsAreTyped() throws {
        let document = try html("<p>a</p>")
        #expect(throws: TransmarkError.self) { try SelectorTransform(.remove).apply(to: document, options: .init()) }
        do {
            _ = try Registry.standard.applyTransforms(["remove:selector=a["], to: document)
            Issue.record("an invalid selector should throw")
        } catch let error as TransmarkError {
            guard case .invalidOptionValue(let key, let value, _) = error else { Issue.record("\(error)"); return }
            #expect(key == "selector" && value == "a[")
        }
        do {
            _ = try Registry.standard.applyTransforms(["keep"], to: document)
            Issue.record("a missing selector should throw")
        } catch let error as TransmarkError {
            guard case .invalidOptionValue(let key, _, let accepted) = error else { Issue.record("\(error)"); return }
            #expect(key == "selector" && accepted.contains("keep:selector="))
        }
    }
}
