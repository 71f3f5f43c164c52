import Foundation
import TransmarkCore

/// Whole-file reads and writes straight between file descriptors and byte arrays (no `Data`
/// copies: inputs and outputs are tens of megabytes).
enum FileIO {
    /// The bytes the system knows `path` by. A command-line argument that is not valid UTF-8
    /// reaches the command as a `String` with U+FFFD in place of the bad bytes; such a path is
    /// matched back to the argument's own bytes (the whole argument, or its tail after an
    /// option's name), so that a file named in any encoding can be read and written.
    static func systemPath(_ path: String) -> [UInt8] {
        let bytes = Array(path.utf8)
        guard path.unicodeScalars.contains("\u{FFFD}") else { return bytes }
        for raw in RawArguments.invalidUTF8 {
            for start in raw.indices where String(decoding: raw[start...], as: UTF8.self) == path {
                return Array(raw[start...])
            }
        }
        return bytes
    }

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        var terminated = bytes
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// A path's bytes as text for messages (bytes that are not UTF-8 shown as U+FFFD).
    static func display(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Whether `path` names a folder (following links).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return withCString(systemPath(path)) { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Opens a file by its bytes: the descriptor, or -1 and the `errno`.
    static func open(_ path: [UInt8], _ flags: Int32, _ mode: mode_t = 0) -> (descriptor: Int32, error: Int32) {
        withCString(path) { name in
            let fd = systemOpen(name, flags, mode)
            return (fd, fd < 0 ? errno : 0)
        }
    }

    /// `stat` (or with `followingLinks` false `lstat`) by a path's bytes: 0, or the `errno`.
    static func status(_ path: [UInt8], _ info: inout stat, followingLinks: Bool) -> Int32 {
        withCString(path) { name in
            (followingLinks ? stat(name, &info) : lstat(name, &info)) == 0 ? 0 : errno
        }
    }

    /// The lower-case text of an `errno`.
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }

    /// Reads a file whole.
    static func readAll(path: String) throws -> [UInt8] {
        try readAll(systemPath: systemPath(path), display: path)
    }

    /// Reads a file whole, by its bytes; `display` names it in errors. Without `followingLinks`
    /// a file that is a symbolic link is refused (`O_NOFOLLOW`): a folder walk reads a plain
    /// file it found as a plain file, even if it is replaced by a link meanwhile.
    static func readAll(systemPath: [UInt8], display: String, followingLinks: Bool = true) throws -> [UInt8] {
        let (fd, code) = open(systemPath, O_RDONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            if code == ELOOP && !followingLinks {
                throw TransmarkError.io(path: display, reason: "cannot read: it became a symbolic link during the run; not followed")
            }
            if code == ENOENT, display.unicodeScalars.contains("\u{FFFD}"), systemPath == Array(display.utf8) {
                throw TransmarkError.io(path: display, reason: "cannot read: no such file (the name given is not valid UTF-8, and its bytes could not be recovered)")
            }
            throw TransmarkError.io(path: display, reason: "cannot read: " + reason(code))
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw TransmarkError.io(path: display, reason: "cannot read: is a directory")
        }
        return try readAll(descriptor: fd, path: display, sizeHint: Int(info.st_size))
    }

    /// Reads everything from a descriptor; with the file's size as `sizeHint` a regular file is
    /// read in one piece without copying.
    static func readAll(descriptor fd: Int32, path: String, sizeHint: Int = 0) throws -> [UInt8] {
        var result: [UInt8] = []
        var chunkSize = max(sizeHint + 1, 65_536)
        while true {
            var failure: Int32 = 0
            let size = chunkSize
            let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                var filled = 0
                while filled < size {
                    let n = read(fd, buffer.baseAddress! + filled, size - filled)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if n == 0 { break }
                    filled += n
                }
                initialized = filled
            }
            if failure != 0 {
                throw TransmarkError.io(path: path, reason: "cannot read: " + reason(failure))
            }
            if result.isEmpty { result = chunk } else { result.append(contentsOf: chunk) }
            if chunk.count < size { return result }
            chunkSize *= 2
        }
    }

    /// Reads what is available from a descriptor, up to `limit` bytes, waiting for at least one
    /// byte; an empty array at the end of the input.
    static func readChunk(descriptor fd: Int32, path: String, limit: Int = 1 << 20) throws -> [UInt8] {
        var failure: Int32 = 0
        let chunk = [UInt8](unsafeUninitializedCapacity: limit) { buffer, initialized in
            while true {
                let n = read(fd, buffer.baseAddress!, limit)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    initialized = 0
                } else {
                    initialized = n
                }
                return
            }
        }
        if failure != 0 {
            throw TransmarkError.io(path: path, reason: "cannot read: " + reason(failure))
        }
        return chunk
    }

    /// Writes all bytes to a descriptor (retrying short writes); returns 0 or the `errno` of the
    /// write that failed.
    @discardableResult
    static func writeAll(_ bytes: [UInt8], descriptor fd: Int32) -> Int32 {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
    }

    /// Writes a file so that it either appears whole or not at all: the bytes go to a temporary
    /// file next to it, renamed over `path` once complete (the temporary file is removed on
    /// failure or interrupt, so no partial output is left behind). Devices and pipes are written directly.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        var writer = try AtomicFileWriter(path: path)
        bytes.withUnsafeBufferPointer { writer.write($0) }
        try writer.commit()
    }
}

/// The process's own arguments that are not valid UTF-8, as bytes (see `FileIO.systemPath`).
enum RawArguments {
    static let invalidUTF8: [[UInt8]] = {
        var found: [[UInt8]] = []
        for i in 1..<max(1, Int(CommandLine.argc)) {
            guard let argument = CommandLine.unsafeArgv[i] else { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
            if String(validating: bytes, as: UTF8.self) == nil { found.append(bytes) }
        }
        return found
    }()
}

/// `open(2)` (`FileIO.open` hides it inside the type).
private func systemOpen(_ name: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(name, flags, mode)
}

/// `write(2)` (the writer's own `write` hides it inside the type).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// A file written in pieces that appears whole or not at all (see `FileIO.writeAtomically`):
/// `write` each piece, then `commit`, or `abandon` on failure.
///
/// The temporary file sits beside the output under an unpredictable name
/// (`.NAME.transmark-` and 16 random hexadecimal digits) and is created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW`, so a file or symbolic link planted in the folder can neither
/// be overwritten nor redirect the write; it is renamed over the output when complete.
struct AtomicFileWriter {
    /// The output's path, as shown in messages.
    let path: String
    /// The output's path as the system knows it.
    private let systemPath: [UInt8]
    /// The temporary file renamed over `path` by `commit`; nil when `path` is a device or pipe.
    private let temporary: [UInt8]?
    private var descriptor: Int32
    /// The first write error (`errno`); later pieces are not written.
    private var failure: Int32 = 0

    /// Opens the output `path` (a command-line argument: see `FileIO.systemPath`).
    init(path: String) throws {
        try self.init(systemPath: FileIO.systemPath(path), display: path, followingLinks: true)
    }

    /// Opens the output at `systemPath`; `display` names it in errors. With `followingLinks`
    /// an existing link at the path is followed to see whether it is a device or pipe (so
    /// `-o /dev/stdout` writes there); without it (outputs of a folder run) a link at the path
    /// is replaced by the file, never written through.
    init(systemPath: [UInt8], display: String, followingLinks: Bool) throws {
        self.path = display
        self.systemPath = systemPath
        var info = stat()
        let found = FileIO.withCString(systemPath) { followingLinks ? stat($0, &info) : lstat($0, &info) } == 0
        let kind = info.st_mode & S_IFMT
        if found && kind != S_IFREG && kind != S_IFLNK {
            if kind == S_IFDIR {
                throw TransmarkError.io(path: display, reason: "cannot write: is a directory")
            }
            // A device, pipe or socket (`/dev/null`, `/dev/stdout`, a FIFO): write to it as it is.
            temporary = nil
            let (fd, code) = FileIO.open(systemPath, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Self.error(code, display) }
            descriptor = fd
            return
        }
        let slash = systemPath.lastIndex(of: UInt8(ascii: "/"))
        let directory: [UInt8] = slash.map { Array(systemPath[...$0]) } ?? []
        // The name, shortened so that the temporary name stays within NAME_MAX.
        let name = Array(systemPath[(slash.map { $0 + 1 } ?? 0)...].prefix(200))
        var attempts = 0
        while true {
            var random = SystemRandomNumberGenerator()
            let suffix = Array(String(random.next() as UInt64, radix: 16).utf8)
            let candidate = directory + [UInt8(ascii: ".")] + name + Array(".transmark-".utf8)
                + Array(repeating: UInt8(ascii: "0"), count: 16 - suffix.count) + suffix
            let (fd, code) = InterruptCleanup.create(candidate) {
                FileIO.open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            }
            if fd >= 0 {
                temporary = candidate
                descriptor = fd
                return
            }
            attempts += 1
            // Another file holds the name (by chance or planted): draw another.
            guard code == EEXIST || code == ELOOP, attempts < 100 else { throw Self.error(code, display) }
        }
    }

    /// Writes a piece (after a failed write, nothing more is written; `commit` reports it).
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == 0, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(descriptor, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            offset += n
        }
    }

    /// Finishes: closes the file and puts it in place, or throws (leaving nothing behind).
    mutating func commit() throws {
        let closed = close(descriptor) == 0 ? 0 : errno
        descriptor = -1
        guard let temporary else {
            if failure != 0 || closed != 0 { throw Self.error(failure != 0 ? failure : closed, path) }
            return
        }
        if failure != 0 || closed != 0 {
            InterruptCleanup.settle(temporary) { _ = FileIO.withCString(temporary) { unlink($0) } }
            throw Self.error(failure != 0 ? failure : closed, path)
        }
        let target = systemPath
        let code: Int32 = InterruptCleanup.settle(temporary) {
            FileIO.withCString(temporary) { from in
                FileIO.withCString(target) { to in
                    if rename(from, to) == 0 { return 0 }
                    let code = errno
                    unlink(from)
                    return code
                }
            }
        }
        if code != 0 { throw Self.error(code, path) }
    }

    /// Gives up: closes and removes the temporary file.
    mutating func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary { InterruptCleanup.settle(temporary) { _ = FileIO.withCString(temporary) { unlink($0) } } }
    }

    private static func error(_ code: Int32, _ path: String) -> TransmarkError {
        TransmarkError.io(path: path, reason: "cannot write: " + FileIO.reason(code))
    }
}
