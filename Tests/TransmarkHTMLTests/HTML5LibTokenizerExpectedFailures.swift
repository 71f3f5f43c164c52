/// The html5lib tokenizer tests this tokenizer is known to fail, each with the reason.
/// The conformance test fails when a listed test passes (remove it here) or an unlisted one fails.
enum HTML5LibTokenizerExpectedFailures {
    struct Entry {
        var file: String
        var description: String
        var reason: String
    }

    private static let loneSurrogate = """
        The input holds a lone surrogate, which UTF-8 cannot encode. HTMLTokenizer reads UTF-8 bytes, \
        so the test input reaches it as the WTF-8 bytes of the surrogate, which the UTF-8 decoder \
        replaces with U+FFFD (one per invalid byte, as the WHATWG decoder does) instead of passing \
        the surrogate through.
        """
    private static let xmlInfoset = """
        xmlViolation.test expects the XML-infoset coercions of the DOM ("Coercing an HTML DOM into \
        an infoset"), which are not the tokenizer's job; the tokenizer output follows the spec.
        """

    static let all: [Entry] = [
        Entry(file: "unicodeCharsProblematic.test", description: "Invalid Unicode character U+DFFF", reason: loneSurrogate),
        Entry(file: "unicodeCharsProblematic.test", description: "Invalid Unicode character U+D800", reason: loneSurrogate),
        Entry(file: "unicodeCharsProblematic.test", description: "Invalid Unicode character U+DFFF with valid preceding character",
              reason: loneSurrogate),
        Entry(file: "unicodeCharsProblematic.test", description: "Invalid Unicode character U+D800 with valid following character",
              reason: loneSurrogate),
        Entry(file: "xmlViolation.test", description: "Non-XML character", reason: xmlInfoset),
        Entry(file: "xmlViolation.test", description: "Non-XML space", reason: xmlInfoset),
        Entry(file: "xmlViolation.test", description: "Double hyphen in comment", reason: xmlInfoset),
    ]
}
