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

    /// Prepares `base`.
    package init(_ base: URLReference) {
        self.base = base
        scheme = base.scheme.map { Array($0.utf8) }
        authority = base.authority.map { Array($0.utf8) }
        let path = Array(base.path.utf8)
        self.path = path
        query = base.query.map { Array($0.utf8) }
        directory = path.lastIndex(of: 0x2F).map { Array(path[...$0]) }
    }

    /// `reference` resolved against the base (RFC 3986, section 5.2.2) and recomposed (5.3).
    package func resolve(_ reference: String) -> String {
        let bytes = Array(reference.utf8)
        var lo = 0, hi = bytes.count
        while lo < hi, URLReference.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, URLReference.isSpace(bytes[hi - 1]) { hi -= 1 }
        // A reference with a scheme is the general case's (rare on a page: it is absolute).
        var j = lo
        if j < hi, URLReference.isAlpha(bytes[j]) {
            j += 1
            while j < hi, URLReference.isAlpha(bytes[j]) || URLReference.isDigit(bytes[j])
                || bytes[j] == 0x2B || bytes[j] == 0x2D || bytes[j] == 0x2E { j += 1 }
            if j < hi, bytes[j] == 0x3A { return URLReference(reference).resolved(against: base).description }
        }
        var output: [UInt8] = []
        output.reserveCapacity((scheme?.count ?? 0) + (authority?.count ?? 0) + path.count + hi - lo + 4)
        if let scheme {
            output.append(contentsOf: scheme)
            output.append(0x3A)
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

        func appendAuthority(_ authority: ArraySlice<UInt8>) {
            output.append(0x2F)
            output.append(0x2F)
            output.append(contentsOf: authority)
        }
        var query: ArraySlice<UInt8>? = referenceQuery.map { bytes[$0] }
        if let referenceAuthority {
            appendAuthority(bytes[referenceAuthority])
            URLReference.appendRemovingDotSegments(bytes[referencePath], to: &output)
        } else {
            if let authority { appendAuthority(authority[...]) }
            if referencePath.isEmpty {
                output.append(contentsOf: path)
                if referenceQuery == nil { query = self.query?[...] }
            } else if bytes[referencePath.lowerBound] == 0x2F {
                URLReference.appendRemovingDotSegments(bytes[referencePath], to: &output)
            } else {
                // Merged with the base path (section 5.2.3), then dot segments removed.
                var merged: [UInt8] = []
                merged.reserveCapacity(path.count + referencePath.count + 1)
                if authority != nil && path.isEmpty { merged.append(0x2F) } else if let directory { merged.append(contentsOf: directory) }
                merged.append(contentsOf: bytes[referencePath])
                URLReference.appendRemovingDotSegments(merged[...], to: &output)
            }
        }
        if let query {
            output.append(0x3F)
            output.append(contentsOf: query)
        }
        if let referenceFragment {
            output.append(0x23)
            output.append(contentsOf: bytes[referenceFragment])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
