/// Reading values back out of a `JSONTape`, without recursion: entries are addressed by their
/// index on the tape, and a container's elements follow it up to the index its `a` names.
extension JSONTape {
    /// The index of the root value (0), or nil for an empty tape.
    package var rootIndex: Int? { entries.isEmpty ? nil : 0 }

    /// The index of the entry after the value at `index` (after all of a container's elements).
    package func indexAfter(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.isContainer ? Int(entry.a) : index + 1
    }

    /// The indexes of the elements of the array at `index` (empty for anything else).
    package func elements(ofArray index: Int) -> [Int] {
        guard entries[index].kind == .array else { return [] }
        var result: [Int] = []
        var i = index + 1
        let end = Int(entries[index].a)
        while i < end {
            result.append(i)
            i = indexAfter(i)
        }
        return result
    }

    /// The index of the value of member `key` of the object at `index`, nil when the object has no
    /// such member or `index` is no object. The first of duplicate members wins.
    package func member(_ key: String, ofObject index: Int, input: UnsafeBufferPointer<UInt8>) -> Int? {
        guard entries[index].kind == .object else { return nil }
        var i = index + 1
        let end = Int(entries[index].a)
        var wanted = key
        return wanted.withUTF8 { target in
            while i < end {
                let value = i + 1
                if withBytes(at: i, input: input, { $0.elementsEqual(target) }) { return value }
                i = indexAfter(value)
            }
            return nil
        }
    }

    /// The string at `index`, nil when the value there is no string.
    package func string(at index: Int, input: UnsafeBufferPointer<UInt8>) -> String? {
        let kind = entries[index].kind
        guard kind == .string || kind == .decodedString else { return nil }
        return withBytes(at: index, input: input) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of the string or number at `index` (empty for other values).
    package func withBytes<R>(at index: Int, input: UnsafeBufferPointer<UInt8>,
                              _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let e = entries[index]
        let range = Int(e.a) ..< Int(e.a) + Int(e.b)
        switch e.kind {
        case .string, .number: return body(UnsafeBufferPointer(rebasing: input[range]))
        case .decodedString: return strings.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        default: return body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }
}
