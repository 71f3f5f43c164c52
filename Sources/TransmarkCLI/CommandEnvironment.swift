import Foundation
import Synchronization
import TransmarkCore

/// What the command-line tool reads from and writes to; tests substitute their own.
public struct CommandEnvironment: Sendable {
    /// Reads all of standard input.
    public var readStandardInput: @Sendable () throws -> [UInt8]
    /// Reads the next piece of standard input, as it arrives; an empty array at the end. The
    /// JSON-lines mode reads this way, so that a stream of any length is never held whole.
    public var readStandardInputChunk: @Sendable () throws -> [UInt8]
    /// Writes to standard output; throws when the write fails (a full disk, a closed pipe), and
    /// the command then stops and reports it on standard error with a non-zero exit code.
    public var writeStandardOutput: @Sendable ([UInt8]) throws -> Void
    /// Writes to standard error.
    public var writeStandardError: @Sendable (String) -> Void
    /// The width of the terminal standard output is, or `nil` when it is not a terminal.
    public var terminalWidth: @Sendable () -> Int?
    /// Whether standard error is a terminal: the progress line is drawn only then.
    public var standardErrorIsTerminal: @Sendable () -> Bool
    /// Whether standard input is a terminal: `transmark` with no arguments then prints its help
    /// instead of waiting for input that nobody is typing.
    public var standardInputIsTerminal: @Sendable () -> Bool
    /// Seconds on a monotonic clock (for the progress line's rate and the summary's time).
    public var now: @Sendable () -> Double
    /// How many cores conversions may use: the default of `--jobs`.
    public var processorCount: Int
    /// Whether an interrupt (Ctrl-C, SIGTERM) removes the temporary files of outputs being
    /// written and exits with 130 (143 for SIGTERM): true for the process, false in tests.
    public var handlesInterrupts: Bool

    /// Creates an environment. By default standard input is read in chunks through
    /// `readStandardInput` (all of it at the first call), standard error and standard input are
    /// not terminals, the clock is the system's monotonic clock and interrupts are not handled.
    public init(readStandardInput: @escaping @Sendable () throws -> [UInt8],
                writeStandardOutput: @escaping @Sendable ([UInt8]) throws -> Void,
                writeStandardError: @escaping @Sendable (String) -> Void,
                terminalWidth: @escaping @Sendable () -> Int?,
                readStandardInputChunk: (@Sendable () throws -> [UInt8])? = nil,
                standardErrorIsTerminal: @escaping @Sendable () -> Bool = { false },
                standardInputIsTerminal: @escaping @Sendable () -> Bool = { false },
                now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
                processorCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                handlesInterrupts: Bool = false) {
        self.readStandardInput = readStandardInput
        self.writeStandardOutput = writeStandardOutput
        self.writeStandardError = writeStandardError
        self.terminalWidth = terminalWidth
        if let readStandardInputChunk {
            self.readStandardInputChunk = readStandardInputChunk
        } else {
            let done = Mutex(false)
            self.readStandardInputChunk = {
                if done.withLock({ let was = $0; $0 = true; return was }) { return [] }
                return try readStandardInput()
            }
        }
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.standardInputIsTerminal = standardInputIsTerminal
        self.now = now
        self.processorCount = max(1, processorCount)
        self.handlesInterrupts = handlesInterrupts
    }

    /// The process's real standard streams.
    public static let process = CommandEnvironment(
        readStandardInput: { try FileIO.readAll(descriptor: STDIN_FILENO, path: "standard input") },
        writeStandardOutput: { bytes in
            let code = FileIO.writeAll(bytes, descriptor: STDOUT_FILENO)
            if code != 0 { throw TransmarkError.io(path: "standard output", reason: "cannot write: " + FileIO.reason(code)) }
        },
        writeStandardError: { text in FileIO.writeAll(Array(text.utf8), descriptor: STDERR_FILENO) },
        terminalWidth: {
            guard isatty(STDOUT_FILENO) != 0 else { return nil }
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 { return Int(size.ws_col) }
            return 80
        },
        readStandardInputChunk: { try FileIO.readChunk(descriptor: STDIN_FILENO, path: "standard input") },
        standardErrorIsTerminal: { isatty(STDERR_FILENO) != 0 },
        standardInputIsTerminal: { isatty(STDIN_FILENO) != 0 },
        handlesInterrupts: true)
}
