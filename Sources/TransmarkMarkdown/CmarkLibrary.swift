import CCmarkGFM
import CCmarkExtensions
import Synchronization

/// Process-wide access to libcmark-gfm. The library is not re-entrant (its inline parser keeps a
/// global table of special characters that each parse rewrites for the attached extensions), so
/// every parse runs behind one lock.
enum CmarkLibrary {
    private static let lock = Mutex(())

    /// Registers the core extensions once (their guard is an unlocked static inside the library).
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Runs `body` while holding the library lock, with the core extensions registered.
    static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        _ = registered
        return try lock.withLock { _ in try body() }
    }

    /// The syntax extension that reads `syntax` (call inside `withLock`): the library's own,
    /// except for autolinks, read by Transmark's linear-time extension (`TransmarkAutolink.h`), and
    /// task items, read by Transmark's extension that looks for the marker only at an item's first
    /// content (`TransmarkTasklist.h`).
    static func syntaxExtension(for syntax: MarkdownExtension) -> OpaquePointer? {
        _ = registered
        if syntax == .autolink { return transmark_autolink_extension() }
        if syntax == .tasklist { return transmark_tasklist_extension() }
        return cmark_find_syntax_extension(syntax.rawValue)
    }
}
