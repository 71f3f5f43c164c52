import Dispatch
import Foundation
import Synchronization

/// Removes the temporary files of outputs being written when the process is interrupted
/// (Ctrl-C, SIGTERM), so that an interrupt never leaves a partial file, then exits with 128 + the
/// signal number (130 for Ctrl-C). `AtomicFileWriter` registers each temporary file here before
/// creating it and takes it out when it is renamed into place or removed; renaming happens under
/// the same lock, so the cleanup sees every temporary file either still pending or done.
enum InterruptCleanup {
    private static let pending = Mutex<Set<String>>([])
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let installed = Mutex(false)
    /// Called (with the lock held) before the process exits on an interrupt: clears the progress line.
    nonisolated(unsafe) static var beforeExit: (() -> Void)?

    /// Handles SIGINT and SIGTERM from now on (once per process).
    static func install() {
        guard installed.withLock({ let was = $0; $0 = true; return !was }) else { return }
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                pending.withLock { files in
                    for path in files { unlink(path) }
                    beforeExit?()
                    FileIO.writeAll(Array("transmark: interrupted\n".utf8), descriptor: STDERR_FILENO)
                    _exit(128 + signalNumber)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Records a temporary file about to be created.
    static func register(_ path: String) {
        pending.withLock { _ = $0.insert(path) }
    }

    /// Runs `body` (a rename or an unlink of the temporary file) and forgets the file, atomically
    /// with respect to the cleanup.
    static func settle<T>(_ path: String, _ body: () -> T) -> T {
        pending.withLock { files in
            let result = body()
            files.remove(path)
            return result
        }
    }
}
