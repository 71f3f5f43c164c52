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

    /// Removes `.` and `..` segments from a path (section 5.2.4), in one pass over it.
    public static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []  // segments, each with its leading "/" when it had one
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // Move the first segment (with its leading "/", if any) to the output.
                let start = input.startIndex
                var end = input.index(after: start)
                if input[start] != "/" { end = start }
                while end < input.endIndex, input[end] != "/" { end = input.index(after: end) }
                output.append(input[start..<end])
                input = input[end...]
            }
        }
        return output.joined()
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

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
    private static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
