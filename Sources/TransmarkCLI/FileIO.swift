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

    /// Writes all bytes to a descriptor (retrying short writes).
    static func writeAll(_ bytes: [UInt8], descriptor fd: Int32) {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }
}
