/// A URI reference split into its five components (RFC 3986, section 3), and reference
/// resolution against a base URI (section 5.2), with `remove_dot_segments` (5.2.4).
///
/// No percent-decoding or normalization is done: components are kept as written, so a resolved
/// URL differs from its reference only where resolution requires it.
public struct URLReference: Sendable, Hashable, CustomStringConvertible {
    /// The scheme without `:` (`https`), if any.
    public var scheme: String?
    /// The authority without `//` (`user@host:8080`), if any (an empty authority is `""`).
    public var authority: String?
    /// The path, possibly empty.
    public var path: String
    /// The query without `?`, if any.
    public var query: String?
    /// The fragment without `#`, if any.
    public var fragment: String?

    /// Splits a reference into its components (RFC 3986, appendix B). Leading and trailing
    /// spaces, tabs and newlines are ignored, as browsers ignore them in `href`.
    public init(_ text: String) {
        let bytes = Array(text.utf8)
        var lo = 0, hi = bytes.count
        while lo < hi, Self.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, Self.isSpace(bytes[hi - 1]) { hi -= 1 }
        var i = lo
        func string(_ a: Int, _ b: Int) -> String { String(decoding: bytes[a..<b], as: UTF8.self) }
        // scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        var j = i
        if j < hi, Self.isAlpha(bytes[j]) {
            j += 1
            while j < hi, Self.isAlpha(bytes[j]) || Self.isDigit(bytes[j]) || bytes[j] == 0x2B || bytes[j] == 0x2D || bytes[j] == 0x2E { j += 1 }
            if j < hi, bytes[j] == 0x3A {
                scheme = string(i, j)
                i = j + 1
            }
        }
        if i + 1 < hi, bytes[i] == 0x2F, bytes[i + 1] == 0x2F {
            var k = i + 2
            while k < hi, bytes[k] != 0x2F, bytes[k] != 0x3F, bytes[k] != 0x23 { k += 1 }
            authority = string(i + 2, k)
            i = k
        }
        var k = i
        while k < hi, bytes[k] != 0x3F, bytes[k] != 0x23 { k += 1 }
        path = string(i, k)
        i = k
        if i < hi, bytes[i] == 0x3F {
            k = i + 1
            while k < hi, bytes[k] != 0x23 { k += 1 }
            query = string(i + 1, k)
            i = k
        }
        if i < hi, bytes[i] == 0x23 { fragment = string(i + 1, hi) }
    }

    /// Creates a reference from its components.
    public init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Whether the reference is absolute (has a scheme).
    public var isAbsolute: Bool { scheme != nil }

    /// Whether `text`, read as a reference, is absolute (has a scheme): what
    /// `URLReference(text).isAbsolute` says, read from the bytes without splitting the reference.
    package static func isAbsolute(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        var b = utf8.next()
        while let c = b, isSpace(c) { b = utf8.next() }
        guard let first = b, isAlpha(first) else { return false }
        while let c = utf8.next() {
            if c == 0x3A { return true }
            guard isAlpha(c) || isDigit(c) || c == 0x2B || c == 0x2D || c == 0x2E else { return false }
        }
        return false
    }

    /// The reference resolved against `base` (RFC 3986, section 5.2.2, strict: a reference with
    /// a scheme is used as it is, dot segments removed).
    public func resolved(against base: URLReference) -> URLReference {
        var target = URLReference(scheme: nil, authority: nil, path: "", query: nil, fragment: fragment)
        if let scheme {
            target.scheme = scheme
            target.authority = authority
            target.path = Self.removingDotSegments(path)
            target.query = query
            return target
        }
        if let authority {
            target.authority = authority
            target.path = Self.removingDotSegments(path)
            target.query = query
        } else {
            if path.isEmpty {
                target.path = base.path
                target.query = query ?? base.query
            } else {
                if path.hasPrefix("/") {
                    target.path = Self.removingDotSegments(path)
                } else {
                    target.path = Self.removingDotSegments(Self.merge(base: base, path))
                }
                target.query = query
            }
            target.authority = base.authority
        }
        target.scheme = base.scheme
        return target
    }

    /// Merges a relative path with the base's (section 5.2.3).
    static func merge(base: URLReference, _ path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    /// Removes `.` and `..` segments from a path (section 5.2.4), in one pass over its bytes.
    public static func removingDotSegments(_ path: String) -> String {
        let bytes = Array(path.utf8)
        guard hasDotSegment(bytes[...]) else { return path }
        var output: [UInt8] = []
        appendRemovingDotSegments(bytes[...], to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether a path has a `.` or `..` segment (between slashes or the ends).
    static func hasDotSegment<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        var i = bytes.startIndex
        let n = bytes.endIndex
        while i < n {
            if bytes[i] == 0x2E, i == bytes.startIndex || bytes[i - 1] == 0x2F {
                let next = i + 1 < n && bytes[i + 1] == 0x2E ? i + 2 : i + 1
                if next == n || bytes[next] == 0x2F { return true }
            }
            i += 1
        }
        return false
    }

    /// Appends `path` to `output` with its dot segments removed (section 5.2.4; what is already
    /// in `output` is not touched).
    static func appendRemovingDotSegments(_ path: ArraySlice<UInt8>, to output: inout [UInt8]) {
        guard hasDotSegment(path) else { output.append(contentsOf: path); return }
        let n = path.endIndex
        func hasPrefix(_ prefix: StaticString, at i: Int) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard i + count <= n else { return false }
            return prefix.withUTF8Buffer { p in (0..<count).allSatisfy { path[i + $0] == p[$0] } }
        }
        func isRest(_ rest: StaticString, at i: Int) -> Bool { n - i == rest.utf8CodeUnitCount && hasPrefix(rest, at: i) }
        var segmentStarts: [Int] = []  // where each segment moved to the output begins (with its "/")
        func dropLastSegment() {
            if let start = segmentStarts.popLast() { output.removeSubrange(start...) }
        }
        var i = path.startIndex
        while i < n {
            if hasPrefix("../", at: i) {
                i += 3
            } else if hasPrefix("./", at: i) {
                i += 2
            } else if hasPrefix("/./", at: i) {
                i += 2
            } else if isRest("/.", at: i) {
                // The input becomes "/", which moves to the output as the last segment.
                segmentStarts.append(output.count)
                output.append(0x2F)
                i = n
            } else if hasPrefix("/../", at: i) {
                i += 3
                dropLastSegment()
            } else if isRest("/..", at: i) {
                dropLastSegment()
                segmentStarts.append(output.count)
                output.append(0x2F)
                i = n
            } else if isRest(".", at: i) || isRest("..", at: i) {
                i = n
            } else {
                // Move the first segment (with its leading "/", if any) to the output.
                var end = path[i] == 0x2F ? i + 1 : i
                while end < n, path[end] != 0x2F { end += 1 }
                segmentStarts.append(output.count)
                output.append(contentsOf: path[i..<end])
                i = end
            }
        }
    }

    /// The reference recomposed (section 5.3).
    public var description: String {
        var s = ""
        if let scheme { s += scheme + ":" }
        if let authority { s += "//" + authority }
        s += path
        if let query { s += "?" + query }
        if let fragment { s += "#" + fragment }
        return s
    }

    /// Whether `b` is a space, tab, line feed, carriage return or form feed (what is ignored around a reference).
    package static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
    static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
