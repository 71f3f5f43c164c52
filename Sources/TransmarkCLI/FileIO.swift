import Foundation
import TransmarkCore

/// Whole-file reads and writes straight between file descriptors and byte arrays (no `Data`
/// copies: inputs and outputs are tens of megabytes).
enum FileIO {
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
    /// failure, so no partial output is left behind). Devices and pipes are written directly.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        func failure(_ code: Int32) -> TransmarkError {
            TransmarkError.io(path: path, reason: "cannot write: " + String(cString: strerror(code)).lowercased())
        }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw TransmarkError.io(path: path, reason: "cannot write: is a directory")
            }
            // A device, pipe or socket (`/dev/null`, `/dev/stdout`, a FIFO): write to it as it is.
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(errno) }
            let written = writeAll(bytes, descriptor: fd)
            close(fd)
            if written != 0 { throw failure(written) }
            return
        }
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).transmark-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(errno) }
        let written = writeAll(bytes, descriptor: fd)
        let closed = close(fd) == 0 ? 0 : errno
        if written != 0 || closed != 0 {
            unlink(temporary)
            throw failure(written != 0 ? written : closed)
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw failure(code)
        }
    }
}
