import Foundation
import TransmarkCore

/// Whole-file reads and writes straight between file descriptors and byte arrays (no `Data`
/// copies: inputs and outputs are tens of megabytes).
enum FileIO {
    /// Whether `path` names a folder (following links).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Reads a file whole.
    static func readAll(path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw TransmarkError.io(path: path, reason: "cannot read: " + String(cString: strerror(errno)).lowercased()) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw TransmarkError.io(path: path, reason: "cannot read: is a directory")
        }
        return try readAll(descriptor: fd, path: path, sizeHint: Int(info.st_size))
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
                throw TransmarkError.io(path: path, reason: "cannot read: " + String(cString: strerror(failure)).lowercased())
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
            throw TransmarkError.io(path: path, reason: "cannot read: " + String(cString: strerror(failure)).lowercased())
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

/// `write(2)` (the writer's own `write` hides it inside the type).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// A file written in pieces that appears whole or not at all (see `FileIO.writeAtomically`):
/// `write` each piece, then `commit`, or `abandon` on failure.
struct AtomicFileWriter {
    let path: String
    /// The temporary file renamed over `path` by `commit`; nil when `path` is a device or pipe.
    private let temporary: String?
    private var descriptor: Int32
    /// The first write error (`errno`); later pieces are not written.
    private var failure: Int32 = 0

    init(path: String) throws {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw TransmarkError.io(path: path, reason: "cannot write: is a directory")
            }
            // A device, pipe or socket (`/dev/null`, `/dev/stdout`, a FIFO): write to it as it is.
            temporary = nil
            descriptor = open(path, O_WRONLY | O_CLOEXEC)
        } else {
            let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).transmark-\(getpid())"
            self.temporary = temporary
            InterruptCleanup.register(temporary)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                let code = errno
                InterruptCleanup.settle(temporary) {}
                throw Self.error(code, path)
            }
        }
        guard descriptor >= 0 else { throw Self.error(errno, path) }
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
            InterruptCleanup.settle(temporary) { _ = unlink(temporary) }
            throw Self.error(failure != 0 ? failure : closed, path)
        }
        let code: Int32 = InterruptCleanup.settle(temporary) {
            if rename(temporary, path) == 0 { return 0 }
            let code = errno
            unlink(temporary)
            return code
        }
        if code != 0 { throw Self.error(code, path) }
    }

    /// Gives up: closes and removes the temporary file.
    mutating func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary { InterruptCleanup.settle(temporary) { _ = unlink(temporary) } }
    }

    private static func error(_ code: Int32, _ path: String) -> TransmarkError {
        TransmarkError.io(path: path, reason: "cannot write: " + String(cString: strerror(code)).lowercased())
    }
}
