import TransmarkCore

/// Where `StyledJSONWriter` puts bytes: a `ByteOutput` for the public helpers, a
/// `JSONOutputBuffer` for whole documents.
protocol JSONByteSink {
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    mutating func append(byte: UInt8)
}

extension JSONByteSink {
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// The decimal digits of `n` (with a `-` when negative).
    @inline(__always)
    mutating func append(int n: Int) {
        if n >= 0 && n < 10 {
            append(byte: UInt8(truncatingIfNeeded: 0x30 + n))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let start = ByteOutput.writeDigits(of: n, endingAt: 20, in: digits)
            append(UnsafeBufferPointer(rebasing: digits[start ..< 20]))
        }
    }
}

extension ByteOutput: JSONByteSink {
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }
}

/// The JSON writer's buffer for whole documents: an append is a capacity check and a copy.
/// (Appending short pieces to an `Array` takes its generic path, about a hundred instructions a
/// call, and a document's JSON is written in millions of short pieces.)
final class JSONOutputBuffer: JSONByteSink {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0, let source = bytes.baseAddress else { return }
        if capacity - count < n { grow(toAtLeast: count + n) }
        (base + count).update(from: source, count: n)
        count += n
    }

    @inline(__always)
    func append(byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        base[count] = byte
        count += 1
    }

    /// The bytes written, valid until the next change.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Forgets the bytes written, keeping the memory.
    func removeAll() { count = 0 }

    private func grow(toAtLeast needed: Int) {
        let grown = max(needed, capacity * 2)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        new.update(from: base, count: count)
        base.deallocate()
        base = new
        capacity = grown
    }
}
