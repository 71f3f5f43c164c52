/// A base URL prepared for resolving many references against it, byte by byte: what
/// `URLReference(reference).resolved(against: base).description` gives, without splitting each
/// reference into `String` components (a page holds thousands of relative links).
package struct URLResolutionBase: Sendable {
    /// The base itself.
    package let base: URLReference
    private let scheme: [UInt8]?
    private let authority: [UInt8]?
    private let path: [UInt8]
    private let query: [UInt8]?
    /// `path` up to and including its last `/` (what a relative path is merged after), or nil
    /// when the path has no `/`.
    private let directory: [UInt8]?

    /// Whether `directory` holds a `.` or `..` segment (then every merged path has one).
    private let directoryHasDotSegment: Bool

    /// Prepares `base`.
    package init(_ base: URLReference) {
        self.base = base
        scheme = base.scheme.map { Array($0.utf8) }
        authority = base.authority.map { Array($0.utf8) }
        let path = Array(base.path.utf8)
        self.path = path
        query = base.query.map { Array($0.utf8) }
        let directory = path.lastIndex(of: 0x2F).map { Array(path[...$0]) }
        self.directory = directory
        directoryHasDotSegment = directory.map { URLReference.hasDotSegment($0[...]) } ?? false
    }

    /// `reference` resolved against the base (RFC 3986, section 5.2.2) and recomposed (5.3).
    ///
    /// A reference without a scheme whose resolved path has no dot segment (the links of a page,
    /// nearly all) is written straight into the result from the reference's bytes and the base's
    /// parts; the others take the component-wise resolution, which gives the same result.
    package func resolve(_ reference: String) -> String {
        var bytes = reference
        if let resolved = bytes.withUTF8({ resolveWithoutDotSegments($0) }) { return resolved }
        return URLReference(reference).resolved(against: base).description
    }

    /// The resolved reference, or nil when the reference has a scheme or its resolved path has a
    /// dot segment to remove.
    private func resolveWithoutDotSegments(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var lo = 0, hi = bytes.count
        while lo < hi, URLReference.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, URLReference.isSpace(bytes[hi - 1]) { hi -= 1 }
        // A reference with a scheme is the general case's (rare on a page: it is absolute).
        var j = lo
        if j < hi, URLReference.isAlpha(bytes[j]) {
            j += 1
            while j < hi, URLReference.isAlpha(bytes[j]) || URLReference.isDigit(bytes[j])
                || bytes[j] == 0x2B || bytes[j] == 0x2D || bytes[j] == 0x2E { j += 1 }
            if j < hi, bytes[j] == 0x3A { return nil }
        }
        var i = lo
        // Authority: "//" up to the path, query or fragment.
        var referenceAuthority: Range<Int>?
        if i + 1 < hi, bytes[i] == 0x2F, bytes[i + 1] == 0x2F {
            var k = i + 2
            while k < hi, bytes[k] != 0x2F, bytes[k] != 0x3F, bytes[k] != 0x23 { k += 1 }
            referenceAuthority = i + 2 ..< k
            i = k
        }
        var k = i
        while k < hi, bytes[k] != 0x3F, bytes[k] != 0x23 { k += 1 }
        let referencePath = i ..< k
        i = k
        var referenceQuery: Range<Int>?
        if i < hi, bytes[i] == 0x3F {
            k = i + 1
            while k < hi, bytes[k] != 0x23 { k += 1 }
            referenceQuery = i + 1 ..< k
            i = k
        }
        let referenceFragment: Range<Int>? = i < hi && bytes[i] == 0x23 ? i + 1 ..< hi : nil
        let pathBytes = UnsafeBufferPointer(rebasing: bytes[referencePath])

        // The resolved path: the base's (an empty reference path), the reference's, or the
        // reference's after the base's directory (section 5.2.3).
        var pathPrefix: [UInt8] = []
        var usesBasePath = false
        var usesBaseQuery = false
        if referenceAuthority != nil || pathBytes.first == 0x2F {
            if URLReference.hasDotSegment(pathBytes) { return nil }
        } else if pathBytes.isEmpty {
            usesBasePath = true
            usesBaseQuery = referenceQuery == nil
        } else {
            if directoryHasDotSegment || URLReference.hasDotSegment(pathBytes) { return nil }
            if authority != nil && path.isEmpty { pathPrefix = [0x2F] } else if let directory { pathPrefix = directory }
        }
        let query: UnsafeBufferPointer<UInt8>? = referenceQuery.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
        let baseQuery = usesBaseQuery ? self.query : nil

        var count = scheme.map { $0.count + 1 } ?? 0
        if let referenceAuthority { count += 2 + referenceAuthority.count } else if let authority { count += 2 + authority.count }
        count += usesBasePath ? path.count : pathPrefix.count + pathBytes.count
        if let query { count += 1 + query.count } else if let baseQuery { count += 1 + baseQuery.count }
        if let referenceFragment { count += 1 + referenceFragment.count }
        return String(unsafeUninitializedCapacity: count) { out in
            guard var at = out.baseAddress else { return 0 }
            let start = at
            if let scheme {
                Self.put(scheme, at: &at)
                Self.put(0x3A, at: &at)
            }
            if let referenceAuthority {
                Self.put(0x2F, at: &at)
                Self.put(0x2F, at: &at)
                Self.put(UnsafeBufferPointer(rebasing: bytes[referenceAuthority]), at: &at)
            } else if let authority {
                Self.put(0x2F, at: &at)
                Self.put(0x2F, at: &at)
                Self.put(authority, at: &at)
            }
            if usesBasePath {
                Self.put(path, at: &at)
            } else {
                Self.put(pathPrefix, at: &at)
                Self.put(pathBytes, at: &at)
            }
            if let query {
                Self.put(0x3F, at: &at)
                Self.put(query, at: &at)
            } else if let baseQuery {
                Self.put(0x3F, at: &at)
                Self.put(baseQuery, at: &at)
            }
            if let referenceFragment {
                Self.put(0x23, at: &at)
                Self.put(UnsafeBufferPointer(rebasing: bytes[referenceFragment]), at: &at)
            }
            return start.distance(to: at)
        }
    }

    /// Writes `byte` at `at` and moves past it.
    @inline(__always)
    private static func put(_ byte: UInt8, at: inout UnsafeMutablePointer<UInt8>) {
        at.initialize(to: byte)
        at += 1
    }

    /// Writes `part` from `at` on and moves past it.
    @inline(__always)
    private static func put(_ part: UnsafeBufferPointer<UInt8>, at: inout UnsafeMutablePointer<UInt8>) {
        guard let source = part.baseAddress else { return }
        at.initialize(from: source, count: part.count)
        at += part.count
    }

    /// Writes `part` from `at` on and moves past it.
    @inline(__always)
    private static func put(_ part: [UInt8], at: inout UnsafeMutablePointer<UInt8>) {
        part.withUnsafeBufferPointer { put($0, at: &at) }
    }
}
