@_spi(TransmarkStorage) import TransmarkCore

/// Where `StyledJSONWriter` puts bytes: a `ByteOutput` for the public helpers, Core's pointer
/// buffer `GrowableBuffer<UInt8>` for whole documents (a document's JSON is written in millions
/// of short pieces, and appending a short piece to an `Array` takes its generic path, about a
/// hundred instructions a call; an append to the pointer buffer is a capacity check and a copy).
protocol JSONByteSink {
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    mutating func append(byte: UInt8)
    mutating func append(_ literal: StaticString)
    /// The decimal digits of `n` (with a `-` when negative).
    mutating func append(int n: Int)
}

extension ByteOutput: JSONByteSink {
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }
}

extension GrowableBuffer<UInt8>: JSONByteSink {
    @inline(__always)
    mutating func append(byte: UInt8) { append(byte) }
}
