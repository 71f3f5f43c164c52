import Synchronization
@_spi(TransmarkStorage) import TransmarkCore

/// What `--stats` reports for one document: bytes and tokens in (the input as read) and out (the
/// output as written: the converted document, or the chunks' contents), so that a pipeline sees
/// what the conversion saved. Tokens are counted by the `--tokenizer` counter.
struct DocumentStats: Sendable, Equatable {
    var bytesIn: Int
    var bytesOut: Int
    var tokensIn: Int
    var tokensOut: Int

    /// `transmark: page.html: 48,210 → 9,876 bytes, 14,530 → 2,301 tokens (84% fewer)`: the line
    /// written on standard error for a document converted from a file or standard input.
    func line(for name: String) -> String {
        let saved = tokensIn > 0 ? Int(((1 - Double(tokensOut) / Double(tokensIn)) * 100).rounded()) : 0
        let change = saved >= 0 ? "\(saved)% fewer" : "\(-saved)% more"
        return "transmark: \(name): \(bytesIn) → \(bytesOut) bytes, \(tokensIn) → \(tokensOut) tokens (\(change))\n"
    }

    /// `"stats":{"bytesIn":…,"bytesOut":…,"tokensIn":…,"tokensOut":…}`, appended to a JSON object
    /// being written (after a member, so with the comma before it).
    func appendMember(to out: inout [UInt8]) {
        out.append(contentsOf: Array(#","stats":{"bytesIn":"#.utf8))
        out.append(int: bytesIn)
        out.append(contentsOf: Array(#","bytesOut":"#.utf8))
        out.append(int: bytesOut)
        out.append(contentsOf: Array(#","tokensIn":"#.utf8))
        out.append(int: tokensIn)
        out.append(contentsOf: Array(#","tokensOut":"#.utf8))
        out.append(int: tokensOut)
        out.append(UInt8(ascii: "}"))
    }
}

/// The statistics of a batch's documents, filled by the worker threads and read, by label, by
/// the thread that writes the results.
final class DocumentStatsLog: Sendable {
    private let entries = Mutex<[String: DocumentStats]>([:])

    func record(_ stats: DocumentStats, for label: String) {
        entries.withLock { $0[label] = stats }
    }

    /// The statistics recorded for `label`, forgotten once taken.
    func take(_ label: String) -> DocumentStats? {
        entries.withLock { $0.removeValue(forKey: label) }
    }
}
