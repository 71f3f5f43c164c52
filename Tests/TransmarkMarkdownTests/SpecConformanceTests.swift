import Foundation
import Testing
import TestSupport
@testable import TransmarkMarkdown

/// The CommonMark and GFM spec suites, through Markdown frontend → tree → HTML backend, compared
/// byte for byte with the expected HTML (raw HTML passed through, as the specs assume).
@Suite struct SpecConformanceTests {
    /// CommonMark spec examples that libcmark-gfm 0.29 (and so Transmark) renders differently
    /// because the spec changed after 0.29. Each entry: example number and reason.
    static let commonMarkExpectedFailures: [Int: String] = [
        28: "spec 0.31 stops treating decimal references of more than 7 digits (`&#87654321;`) as references; 0.29 decodes them to U+FFFD",
        171: "spec 0.31 added `textarea` to the HTML block start condition 1; 0.29 parses the blank-line-separated content as Markdown",
        354: "spec 0.31 counts Unicode symbols ($, £, €) as punctuation for emphasis flanking; 0.29 does not",
        625: "spec 0.31 allows `--` inside HTML comments; 0.29 does not treat this as raw HTML",
        626: "spec 0.31 makes `<!-->` and `<!--->` complete comments; 0.29 does not",
    ]

    /// GFM spec examples expected to fail: none.
    static let gfmExpectedFailures: [Int: String] = [:]

    @Test func gfmSpec() throws {
        let examples = try SpecExample.load("gfm_spec.json").filter { !$0.disabled }
        #expect(examples.count == 671)
        let failures = try Self.run(examples, expectedFailures: Self.gfmExpectedFailures, suite: "gfm_spec.json")
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func commonMarkSpec() throws {
        let examples = try SpecExample.load("commonmark_spec.json").map {
            SpecExample(number: $0.number, section: $0.section, markdown: $0.markdown, html: $0.html, extensions: [], disabled: false)
        }
        #expect(examples.count == 652)
        let failures = try Self.run(examples, expectedFailures: Self.commonMarkExpectedFailures, suite: "commonmark_spec.json")
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Runs examples; returns messages for unexpected failures and for expected failures that pass.
    static func run(_ examples: [SpecExample], expectedFailures: [Int: String], suite: String) throws -> [String] {
        var passed = 0
        var problems: [String] = []
        for example in examples {
            let html = try transmarkHTML(example.markdown, extensions: example.extensions, footnotes: false)
            let ok = html == example.html
            if ok { passed += 1 }
            switch (ok, expectedFailures[example.number]) {
            case (true, .some):
                problems.append("\(example) is listed as an expected failure but passes: remove it from the list")
            case (false, .none):
                problems.append("\(example) failed:\n--- markdown\n\(example.markdown)--- expected\n\(example.html)--- got\n\(html)")
            default:
                break
            }
        }
        print("\(suite): \(passed)/\(examples.count) examples pass byte for byte (\(expectedFailures.count) listed as expected failures)")
        return problems
    }

    /// Every example of both suites also equals libcmark-gfm's own HTML renderer exactly, expected
    /// failures included: the HTML backend is a faithful re-implementation of cmark's.
    @Test func equalsLibcmarkRendererOnEveryExample() throws {
        let examples = try SpecExample.load("gfm_spec.json") + SpecExample.load("commonmark_spec.json")
        var mismatches: [String] = []
        for example in examples {
            let ours = try transmarkHTML(example.markdown, extensions: example.extensions, footnotes: false)
            let theirs = cmarkReferenceHTML(example.markdown, extensions: example.extensions, footnotes: false)
            if ours != theirs { mismatches.append("\(example): ours\n\(ours)\ncmark\n\(theirs)") }
        }
        print("libcmark-gfm renderer comparison: \(examples.count - mismatches.count)/\(examples.count) identical")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
