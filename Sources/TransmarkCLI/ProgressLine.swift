import Foundation

/// The one-line progress report of a batch on standard error (`412/2000 files  14.2 MB/s  ETA
/// 0:07`), redrawn in place (`\r` and clear-line) at most ten times a second and cleared at the
/// end. It draws nothing unless standard error is a terminal and `--quiet` is not given.
final class ProgressLine {
    private let environment: CommandEnvironment
    private let enabled: Bool
    private let unit: String
    private let total: Int?
    private let start: Double
    private var lastDraw: Double
    private var drawn = false
    private(set) var done = 0
    private(set) var bytes = 0

    init(environment: CommandEnvironment, quiet: Bool, total: Int?, unit: String) {
        self.environment = environment
        enabled = !quiet && environment.standardErrorIsTerminal()
        self.unit = unit
        self.total = total
        start = environment.now()
        lastDraw = start
        if enabled && environment.handlesInterrupts {
            InterruptCleanup.beforeExit = { FileIO.writeAll(Array("\r\u{1B}[K".utf8), descriptor: STDERR_FILENO) }
        }
    }

    /// Counts one finished item of `byteCount` input bytes and redraws when it is time.
    func advance(bytes byteCount: Int) {
        done += 1
        bytes += byteCount
        guard enabled else { return }
        let now = environment.now()
        guard now - lastDraw >= 0.1 else { return }
        lastDraw = now
        environment.writeStandardError("\r\u{1B}[K" + Self.describe(done: done, total: total, unit: unit, bytes: bytes, seconds: now - start))
        drawn = true
    }

    /// Clears the line (when one was drawn).
    func finish() {
        if drawn { environment.writeStandardError("\r\u{1B}[K") }
        drawn = false
    }

    /// The text of the line: count (of the total), rate and, with a total, time left.
    static func describe(done: Int, total: Int?, unit: String, bytes: Int, seconds: Double) -> String {
        var text = total.map { "\(done)/\($0) \(unit)" } ?? "\(done) \(unit)"
        let rate = seconds > 0 ? Double(bytes) / 1_000_000 / seconds : 0
        text += String(format: "  %.1f MB/s", rate)
        if let total, done > 0, seconds > 0 {
            let left = Int((seconds / Double(done) * Double(total - done)).rounded())
            text += String(format: "  ETA %d:%02d", left / 60, left % 60)
        }
        return text
    }
}
