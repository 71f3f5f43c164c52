@_spi(TransmarkStorage) import TransmarkCore

/// Numbers kept by URL (a citation's reference definition, an image listed at the end): the URLs'
/// bytes in a `ByteStringTable`, hashed where they lie, and each one's number beside it. A
/// `[String: Int]` would hash every link's destination with `Hasher` (SipHash), several times the
/// cost over the links of a page.
struct NumbersByDestination {
    private var destinations = ByteStringTable()
    private var numbers: [Int] = []

    /// The number of `destination`: the one it was given, or `next` (kept for it) when it is new.
    mutating func number(of destination: String, next: Int) -> Int {
        let (index, inserted) = destinations.insert(destination)
        if inserted { numbers.append(next) }
        return numbers[index]
    }
}
