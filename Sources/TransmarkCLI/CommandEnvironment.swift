import Foundation
import TransmarkCore

/// What the command-line tool reads from and writes to; tests substitute their own.
public struct CommandEnvironment: Sendable {
    /// Reads all of standard input.
    public var readStandardInput: @Sendable () throws -> [UInt8]
    /// Writes to standard output.
    public var writeStandardOutput: @Sendable ([UInt8]) -> Void
    /// Writes to standard error.
    public var writeStandardError: @Sendable (String) -> Void
    /// The width of the terminal standard output is, or `nil` when it is not a terminal.
    public var terminalWidth: @Sendable () -> Int?

    /// Creates an environment.
    public init(readStandardInput: @escaping @Sendable () throws -> [UInt8],
                writeStandardOutput: @escaping @Sendable ([UInt8]) -> Void,
                writeStandardError: @escaping @Sendable (String) -> Void,
                terminalWidth: @escaping @Sendable () -> Int?) {
        self.readStandardInput = readStandardInput
        self.writeStandardOutput = writeStandardOutput
        self.writeStandardError = writeStandardError
        self.terminalWidth = terminalWidth
    }

    /// The process's real standard streams.
    public static let process = CommandEnvironment(
        readStandardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
        writeStandardOutput: { bytes in FileHandle.standardOutput.write(Data(bytes)) },
        writeStandardError: { text in FileHandle.standardError.write(Data(text.utf8)) },
        terminalWidth: {
            guard isatty(STDOUT_FILENO) != 0 else { return nil }
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 { return Int(size.ws_col) }
            return 80
        })
}
