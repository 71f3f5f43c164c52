import TransmarkCore

/// The lines of a byte stream read in chunks (standard input, a file), each made into a batch
/// input by `makeInput`; lines holding only white space are skipped. Only the current chunk and
/// the line being assembled are held, so a stream of any length is read in bounded memory.
/// Iterated once, by the batch's reader thread.
struct LineInputs: Sequence {
    /// Reads the next chunk; empty at the end.
    let readChunk: () throws -> [UInt8]
    /// Makes the input for one line (its bytes, without the line feed, and its 1-based number).
    let makeInput: ([UInt8], Int) -> BatchInput

    func makeIterator() -> Iterator { Iterator(readChunk: readChunk, makeInput: makeInput) }

    struct Iterator: IteratorProtocol {
        let readChunk: () throws -> [UInt8]
        let makeInput: ([UInt8], Int) -> BatchInput
        private var chunk: [UInt8] = []
        private var position = 0
        private var ended = false
        private var lineNumber = 0

        init(readChunk: @escaping () throws -> [UInt8], makeInput: @escaping ([UInt8], Int) -> BatchInput) {
            self.readChunk = readChunk
            self.makeInput = makeInput
        }

        mutating func next() -> BatchInput? {
            if let readError {
                self.readError = nil
                return BatchInput(failure: readError)
            }
            while let line = nextLine() {
                lineNumber += 1
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                return makeInput(line, lineNumber)
            }
            if let readError {
                self.readError = nil
                return BatchInput(failure: readError)
            }
            return nil
        }

        /// The next line (a final line without a line feed included), or nil at the end; a read
        /// error ends the stream with an input that fails with it.
        private mutating func nextLine() -> [UInt8]? {
            var pending: [UInt8] = []
            while true {
                if position < chunk.count {
                    let found = chunk.withUnsafeBufferPointer { buffer -> Int? in
                        guard let base = buffer.baseAddress,
                              let hit = memchr(base + position, 0x0A, buffer.count - position) else { return nil }
                        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    }
                    if let end = found {
                        pending.append(contentsOf: chunk[position..<end])
                        position = end + 1
                        return pending
                    }
                    pending.append(contentsOf: chunk[position...])
                    position = chunk.count
                }
                if ended || readError != nil { return pending.isEmpty ? nil : pending }
                do {
                    chunk = try readChunk()
                } catch {
                    ended = true
                    readError = BatchItemError(describing: error)
                    chunk = []
                }
                position = 0
                if chunk.isEmpty { ended = true }
            }
        }

        private var readError: BatchItemError?
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
