/// Output hygiene shared by the HTML and Markdown writers: no C0 control character but tab, line
/// feed and carriage return reaches their output. NUL (which the HTML and Markdown readers
/// already turn into U+FFFD, but which JSON's `\u0000` or code can put in a tree), ESC (terminal
/// escape sequences), BEL and the others are written as U+FFFD, so that output shown in a
/// terminal or read by a strict parser holds none of them.
public enum ControlCharacters {
    /// Whether `byte` is a C0 control other than tab, line feed and carriage return.
    @inlinable @inline(__always)
    public static func isReplaced(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }

    /// Replaces each C0 control but tab, line feed and carriage return in `bytes` by U+FFFD
    /// (`EF BF BD`). One pass; bytes without such controls (nearly all output) are not copied.
    public static func replaceC0Controls(in bytes: inout [UInt8]) {
        guard let first = firstReplaced(in: bytes) else { return }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        out.append(contentsOf: bytes[..<first])
        for b in bytes[first...] {
            if isReplaced(b) {
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            } else {
                out.append(b)
            }
        }
        bytes = out
    }

    /// The offset of the first byte of `bytes` that `replaceC0Controls` replaces, or nil (nearly
    /// all output): found eight bytes at a time.
    package static func firstReplaced(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let raw = UnsafeRawPointer(base)
            let n = buffer.count
            var i = 0
            // Eight bytes at a time: a word holds a byte below 0x20 exactly when
            // `(x - 0x20…) & ~x & 0x80…` is not zero (the borrow starts at such a byte); only
            // those words, about one per line (its line feed), are read byte by byte.
            while i + 8 <= n {
                let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if (x &- 0x2020_2020_2020_2020) & ~x & 0x8080_8080_8080_8080 != 0 {
                    for k in i ..< i + 8 where isReplaced(buffer[k]) { return k }
                }
                i += 8
            }
            for k in i ..< n where isReplaced(buffer[k]) { return k }
            return nil
        }
    }
}
