import Foundation
import Testing
import TestSupport
import TransmarkCore
import TransmarkHTML
import TransmarkMarkdown
@testable import TransmarkText

/// One folder of `Fixtures/text/`: `input.md`, optional `options` (one `key=value` a line, applied
/// to both formats), `expected.txt` and `expected.ansi`.
struct TextFixture: CustomTestStringConvertible, Sendable {
    let name: String
    let directory: URL

    var testDescription: String { name }

    static let root = TestPaths.fixtures.appendingPathComponent("text")

    static var all: [TextFixture] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().compactMap { name in
            let directory = root.appendingPathComponent(name)
            let fm = FileManager.default
            guard fm.fileExists(atPath: directory.appendingPathComponent("input.md").path)
                || fm.fileExists(atPath: directory.appendingPathComponent("input.html").path) else { return nil }
            return TextFixture(name: name, directory: directory)
        }
    }

    /// The `options` lines for `format`: unqualified ones, and `format.key=value` ones unqualified.
    /// (The shared fixture suite routes them the same way through the registry.)
    func options(for format: String) -> [String] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("options"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .compactMap { line in
                let key = line.prefix { $0 != "=" }
                guard let dot = key.firstIndex(of: ".") else {
                    return format == "text" && !TextBackend.Options.accepts(String(key)) ? nil : line
                }
                return key[..<dot] == format ? String(line[line.index(after: dot)...]) : nil
            }
    }

    func document() throws -> Document {
        let html = directory.appendingPathComponent("input.html")
        if FileManager.default.fileExists(atPath: html.path) {
            return try HTMLFrontend().parse(Array(try Data(contentsOf: html)))
        }
        let input = try Data(contentsOf: directory.appendingPathComponent("input.md"))
        return try MarkdownFrontend().parse(Array(input))
    }

    func renderText() throws -> String {
        try TextBackend().renderString(document(), options: TextBackend.Options(parsing: options(for: "text")))
    }

    /// ANSI as the options file says (`ansi.color=always`, `ansi.colors=truecolor`), in an
    /// environment that is not a terminal, so the output never depends on where tests run.
    func renderANSI(_ extra: [String] = []) throws -> String {
        try ANSIBackend(environment: TerminalEnvironment(isTerminal: false))
            .renderString(document(), options: ANSIBackend.Options(parsing: options(for: "ansi") + extra))
    }
}

/// A line diff of expected and actual output, escape sequences shown as `␛`.
func readableDiff(expected: String, actual: String) -> String {
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for i in 0..<max(e.count, a.count) {
        let el = i < e.count ? String(e[i]) : nil
        let al = i < a.count ? String(a[i]) : nil
        if el == al {
            lines.append("  " + visible(el ?? ""))
        } else {
            if let el { lines.append("- " + visible(el)) }
            if let al { lines.append("+ " + visible(al)) }
        }
    }
    return lines.joined(separator: "\n")
}

func checkFixture(_ actual: String, _ file: URL, fixture: String) throws {
    if ProcessInfo.processInfo.environment["TRANSMARK_RECORD"] == "1" {
        try actual.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("\(fixture): missing \(file.lastPathComponent) (run with TRANSMARK_RECORD=1 to create it)")
        return
    }
    if expected != actual {
        Issue.record("\(fixture)/\(file.lastPathComponent) differs (- expected, + actual):\n\(readableDiff(expected: expected, actual: actual))")
    }
}

@Suite struct FixtureTests {
    @Test func thereAreEnoughFixtures() {
        #expect(TextFixture.all.count >= 40)
    }

    @Test(arguments: TextFixture.all)
    func text(_ fixture: TextFixture) throws {
        let actual = try fixture.renderText()
        #expect(!actual.utf8.contains(0x1B), "text output must hold no escape character")
        try checkFixture(actual, fixture.directory.appendingPathComponent("expected.txt"), fixture: fixture.name)
    }

    @Test(arguments: TextFixture.all)
    func ansi(_ fixture: TextFixture) throws {
        try checkFixture(try fixture.renderANSI(), fixture.directory.appendingPathComponent("expected.ansi"), fixture: fixture.name)
    }

    /// Stripping the escape sequences from `ansi` (and the trailing spaces that pad code-block
    /// backgrounds) gives the `text` output with the same options; hyperlinks off, since OSC 8
    /// links show their text only.
    @Test(arguments: TextFixture.all)
    func strippedANSIIsText(_ fixture: TextFixture) throws {
        let text = try fixture.renderText()
        let stripped = stripEscapesAndTrailingSpaces(try fixture.renderANSI(["hyperlinks=false"]))
        #expect(stripped == text, "\(readableDiff(expected: text, actual: stripped))")
    }

    /// Every line ends with all attributes off and no hyperlink open: the last SGR sequence of a
    /// line is a full reset and the last OSC 8 sequence closes the link.
    @Test(arguments: TextFixture.all)
    func everyANSILineEndsReset(_ fixture: TextFixture) throws {
        for line in try fixture.renderANSI().split(separator: "\n") {
            let l = String(line)
            if let last = l.ranges(of: /\x1B\[[0-9;]*m/).last {
                #expect(l[last] == "\u{1B}[0m", "line not reset: \(visible(l))")
            }
            if let last = l.ranges(of: /\x1B\]8;[^\x1B]*\x1B\\/).last {
                #expect(l[last] == "\u{1B}]8;;\u{1B}\\", "hyperlink left open: \(visible(l))")
            }
        }
    }
}
