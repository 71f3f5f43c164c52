import Dispatch
import Foundation
import Synchronization

/// Removes the temporary files of outputs being written when the process is interrupted or
/// told to stop (SIGINT from Ctrl-C, SIGTERM, SIGHUP when the terminal goes away), so that a
/// signal never leaves a partial or temporary file, then exits with 128 + the signal number
/// (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP). A signal the process was started with
/// ignored (`nohup`, a background job) stays ignored. `AtomicFileWriter` creates each temporary
/// file through `create` and takes it out when it is renamed into place or removed; creating
/// and renaming happen under the same lock as the cleanup, so the cleanup sees every temporary
/// file either still pending or done, and never removes a file it did not create.
enum InterruptCleanup {
    /// The temporary files (as the system knows their paths) that exist now.
    private static let pending = Mutex<Set<[UInt8]>>([])
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let installed = Mutex(false)
    /// Called (with the lock held) before the process exits on an interrupt: clears the progress line.
    nonisolated(unsafe) static var beforeExit: (() -> Void)?

    /// The signals that end the process with a cleanup.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Handles `signals` from now on (once per process).
    static func install() {
        guard installed.withLock({ let was = $0; $0 = true; return !was }) else { return }
        for signalNumber in signals {
            // An inherited "ignore" (nohup, background jobs) is kept.
            let previous = signal(signalNumber, SIG_IGN)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                pending.withLock { files in
                    for path in files { _ = FileIO.withCString(path) { unlink($0) } }
                    beforeExit?()
                    let name = signalNumber == SIGINT ? "interrupted" : signalNumber == SIGHUP ? "hung up" : "terminated"
                    FileIO.writeAll(Array("transmark: \(name)\n".utf8), descriptor: STDERR_FILENO)
                    _exit(128 + signalNumber)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Creates a temporary file with `body` (which returns the descriptor, or -1 and the
    /// `errno`), recording it when it was created.
    static func create(_ path: [UInt8], _ body: () -> (descriptor: Int32, error: Int32)) -> (descriptor: Int32, error: Int32) {
        pending.withLock { files in
            let result = body()
            if result.descriptor >= 0 { files.insert(path) }
            return result
        }
    }

    /// Runs `body` (a rename or an unlink of the temporary file) and forgets the file, atomically
    /// with respect to the cleanup.
    static func settle<T>(_ path: [UInt8], _ body: () -> T) -> T {
        pending.withLock { files in
            let result = body()
            files.remove(path)
            return result
        }
    }
}
