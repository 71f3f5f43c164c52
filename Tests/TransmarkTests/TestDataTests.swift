import Foundation
import Testing
import TestSupport

/// `Tests/Data/` is what the tests read: every file there is listed in its `PROVENANCE.md`, every
/// listed file is there, and the corpus's `sources.tsv` accounts for every byte of the corpus copy.
@Suite struct TestDataTests {
    /// The files under `suites/` and `corpus/`, as paths relative to `Tests/Data/`.
    static func dataFiles() -> [String] {
        var files: [String] = []
        for folder in ["suites", "corpus"] {
            let root = TestPaths.data.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let path as String in walker {
                var isDirectory: ObjCBool = false
                let full = root.appendingPathComponent(path).path
                if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files.append(folder + "/" + path)
                }
            }
        }
        return files.sorted()
    }

    /// Whether `path` is `pattern`, or matches it with one `*` standing for part of a file name.
    static func matches(_ path: String, _ pattern: String) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return path == pattern }
        let prefix = pattern[..<star], suffix = pattern[pattern.index(after: star)...]
        guard path.count >= prefix.count + suffix.count, path.hasPrefix(prefix), path.hasSuffix(suffix) else { return false }
        let middle = path.dropFirst(prefix.count).dropLast(suffix.count)
        return !middle.contains("/")
    }

    @Test func everyFileIsListedInProvenance() throws {
        let provenance = try String(contentsOf: TestPaths.data.appendingPathComponent("PROVENANCE.md"), encoding: .utf8)
        // Every `code span` that names a file (or files, with `*`) under suites/ or corpus/.
        let names = provenance.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { ($0.hasPrefix("suites/") || $0.hasPrefix("corpus/")) && !$0.hasSuffix("/") }
        let files = Self.dataFiles()
        #expect(files.count > 40)
        for file in files {
            #expect(names.contains { Self.matches(file, $0) }, "\(file) is not listed in Tests/Data/PROVENANCE.md")
        }
        for name in names {
            #expect(files.contains { Self.matches($0, name) }, "Tests/Data/PROVENANCE.md lists \(name), which is not there")
        }
    }

    @Test func sourcesAccountForTheCorpus() throws {
        let tsv = try String(contentsOf: TestPaths.corpus("sources.tsv"), encoding: .utf8)
        let rows = tsv.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.allSatisfy { $0.count == 9 })
        var ends: [String: Int] = [:]
        for row in rows where row.count == 9 {
            let file = row[0], start = Int(row[6]) ?? -1, end = Int(row[7]) ?? -1
            #expect(start >= 0 && end > start, "\(file): byte range \(row[6])–\(row[7])")
            #expect(start >= ends[file] ?? 0, "\(file): byte ranges out of order at \(row[4])")
            ends[file] = end
        }
        let corpusFiles = Self.dataFiles().filter { $0.hasPrefix("corpus/") && !$0.hasSuffix(".tsv") }.map { String($0.dropFirst("corpus/".count)) }
        #expect(Set(ends.keys) == Set(corpusFiles), "sources.tsv names \(ends.keys.sorted()), the corpus holds \(corpusFiles)")
        for (file, end) in ends {
            let size = (try? FileManager.default.attributesOfItem(atPath: TestPaths.corpus(file).path)[.size] as? Int) ?? -1
            #expect(size == end, "\(file): \(size) bytes, sources.tsv accounts for \(end)")
        }
    }
}
