import CCmarkGFM
import Dispatch
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

    /// A parsed tree handed to another thread to be freed.
    private struct OwnedTree: @unchecked Sendable {
        let root: OpaquePointer
    }

    private static let freeQueue = DispatchQueue(label: "transmark.cmark-free", qos: .utility)

    /// Frees a parsed tree off the caller's thread: freeing a million nodes takes as long as
    /// rendering them, and nothing waits for it. (Freeing touches no global state of the library,
    /// so it needs no lock.)
    static func freeInBackground(_ root: OpaquePointer) {
        let tree = OwnedTree(root: root)
        freeQueue.async { cmark_node_free(tree.root) }
    }

    /// The syntax extension of this name (call inside `withLock`).
    static func syntaxExtension(named name: String) -> OpaquePointer? {
        _ = registered
        return cmark_find_syntax_extension(name)
    }
}
