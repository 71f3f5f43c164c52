import Foundation
import TestSupport
import TransmarkHTML

/// A token as the html5lib tokenizer tests write it, with every string kept as UTF-8 bytes
/// (WTF-8 for the lone surrogates some `doubleEscaped` tests contain, which no Swift `String`
/// can hold).
enum HTML5LibToken: Equatable, CustomStringConvertible {
    case doctype(name: [UInt8]?, publicIdentifier: [UInt8]?, systemIdentifier: [UInt8]?, correct: Bool)
    case startTag(name: [UInt8], attributes: [[UInt8]: [UInt8]], selfClosing: Bool)
    case endTag(name: [UInt8])
    case comment([UInt8])
    case character([UInt8])

    var description: String {
        func show(_ bytes: [UInt8]?) -> String {
            bytes.map { String(reflecting: String(decoding: $0, as: UTF8.self)) } ?? "null"
        }
        switch self {
        case let .doctype(name, publicIdentifier, systemIdentifier, correct):
            return "DOCTYPE(\(show(name)), \(show(publicIdentifier)), \(show(systemIdentifier)), \(correct))"
        case let .startTag(name, attributes, selfClosing):
            let attributeList = attributes.map { "\(show($0.key))=\(show($0.value))" }.sorted().joined(separator: " ")
            return "StartTag(\(show(name)) [\(attributeList)]\(selfClosing ? " /" : ""))"
        case let .endTag(name): return "EndTag(\(show(name)))"
        case let .comment(data): return "Comment(\(show(data)))"
        case let .character(data): return "Character(\(show(data)))"
        }
    }

    /// The token list with adjacent character tokens joined, as html5lib writes its expectations.
    static func coalesced(_ tokens: [HTML5LibToken]) -> [HTML5LibToken] {
        var result: [HTML5LibToken] = []
        for token in tokens {
            if case let .character(more) = token, case let .character(text)? = result.last {
                result[result.count - 1] = .character(text + more)
            } else {
                result.append(token)
            }
        }
        return result
    }

    /// Converts a token of ours.
    init(_ token: HTMLToken) {
        let bytes = { (string: String) in Array(string.utf8) }
        switch token {
        case let .doctype(doctype):
            self = .doctype(name: doctype.name.map(bytes), publicIdentifier: doctype.publicIdentifier.map(bytes),
                            systemIdentifier: doctype.systemIdentifier.map(bytes), correct: !doctype.forceQuirks)
        case let .startTag(tag):
            var attributes: [[UInt8]: [UInt8]] = [:]
            for attribute in tag.attributes where attributes[bytes(attribute.name)] == nil {
                attributes[bytes(attribute.name)] = bytes(attribute.value)
            }
            self = .startTag(name: bytes(tag.name), attributes: attributes, selfClosing: tag.isSelfClosing)
        case let .endTag(tag):
            self = .endTag(name: bytes(tag.name))
        case let .comment(text):
            self = .comment(bytes(text))
        case let .text(text):
            self = .character(Array(text))
        }
    }
}

/// One html5lib tokenizer test, decoded from its JSON.
struct HTML5LibTokenizerCase {
    var file: String
    var description: String
    var input: [UInt8]
    var output: [HTML5LibToken]
    var initialStates: [String]
    var lastStartTag: String?

    /// The content state a test's initial state names.
    static func contentState(named name: String) -> HTMLTokenizer.ContentState? {
        switch name {
        case "Data state": return .data
        case "PLAINTEXT state": return .plaintext
        case "RCDATA state": return .rcdata
        case "RAWTEXT state": return .rawtext
        case "Script data state": return .scriptData
        case "CDATA section state": return .cdataSection
        default: return nil
        }
    }

    enum LoadError: Error, CustomStringConvertible {
        case malformed(String)
        var description: String { if case let .malformed(what) = self { return what }; return "" }
    }

    /// Reads every test of one `.test` file.
    static func load(file: String, from url: URL) throws -> [HTML5LibTokenizerCase] {
        guard let root = try TestPaths.json(url) as? [String: Any],
              let tests = (root["tests"] ?? root["xmlViolationTests"]) as? [[String: Any]] else {
            throw LoadError.malformed("\(file): no tests array")
        }
        return try tests.map { test in
            guard let description = test["description"] as? String,
                  let input = test["input"] as? String,
                  let output = test["output"] as? [Any] else {
                throw LoadError.malformed("\(file): test without description, input or output")
            }
            let doubleEscaped = test["doubleEscaped"] as? Bool ?? false
            let text = { (string: String) in doubleEscaped ? unescape(string) : Array(string.utf8) }
            return HTML5LibTokenizerCase(
                file: file,
                description: description,
                input: text(input),
                output: try HTML5LibToken.coalesced(output.map { try token($0, text: text, file: file) }),
                initialStates: test["initialStates"] as? [String] ?? ["Data state"],
                lastStartTag: test["lastStartTag"] as? String)
        }
    }

    private static func token(_ value: Any, text: (String) -> [UInt8], file: String) throws -> HTML5LibToken {
        guard let array = value as? [Any], let kind = array.first as? String else {
            throw LoadError.malformed("\(file): token is not an array")
        }
        func string(_ index: Int) -> [UInt8]? {
            index < array.count ? (array[index] as? String).map(text) : nil
        }
        switch kind {
        case "DOCTYPE":
            return .doctype(name: string(1), publicIdentifier: string(2), systemIdentifier: string(3),
                            correct: array.count > 4 ? array[4] as? Bool ?? false : false)
        case "StartTag":
            var attributes: [[UInt8]: [UInt8]] = [:]
            for (name, value) in array.count > 2 ? array[2] as? [String: String] ?? [:] : [:] {
                attributes[text(name)] = text(value)
            }
            return .startTag(name: string(1) ?? [], attributes: attributes,
                             selfClosing: array.count > 3 ? array[3] as? Bool ?? false : false)
        case "EndTag": return .endTag(name: string(1) ?? [])
        case "Comment": return .comment(string(1) ?? [])
        case "Character": return .character(string(1) ?? [])
        default: throw LoadError.malformed("\(file): unknown token kind \(kind)")
        }
    }

    /// The README's second round of unescaping: every `\uHHHH` becomes that code point. Pairs of
    /// surrogates combine; a lone surrogate is written as its 3-byte WTF-8 form.
    static func unescape(_ string: String) -> [UInt8] {
        let scalars = Array(string.unicodeScalars)
        var units: [UInt32] = [] // code points, with surrogates kept as themselves
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\\", i + 5 < scalars.count, scalars[i + 1] == "u",
               let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 2) ..< (i + 6)])), radix: 16) {
                units.append(value)
                i += 6
            } else {
                units.append(scalars[i].value)
                i += 1
            }
        }
        var bytes: [UInt8] = []
        var k = 0
        while k < units.count {
            var value = units[k]
            if value >= 0xD800 && value <= 0xDBFF, k + 1 < units.count, units[k + 1] >= 0xDC00 && units[k + 1] <= 0xDFFF {
                value = 0x10000 + ((value - 0xD800) << 10) + (units[k + 1] - 0xDC00)
                k += 1
            }
            appendWTF8(value, to: &bytes)
            k += 1
        }
        return bytes
    }

    private static func appendWTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case 0 ..< 0x80: bytes.append(UInt8(value))
        case 0x80 ..< 0x800: bytes += [UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F)]
        case 0x800 ..< 0x10000:
            bytes += [UInt8(0xE0 | value >> 12), UInt8(0x80 | (value >> 6) & 0x3F), UInt8(0x80 | value & 0x3F)]
        default:
            bytes += [UInt8(0xF0 | value >> 18), UInt8(0x80 | (value >> 12) & 0x3F),
                      UInt8(0x80 | (value >> 6) & 0x3F), UInt8(0x80 | value & 0x3F)]
        }
    }

    /// Runs the test in one initial state and returns our tokens, html5lib-style.
    func run(initialState: HTMLTokenizer.ContentState) -> [HTML5LibToken] {
        // The tests tokenize alone (no tree builder switching states) and keep NUL in data as the spec says.
        let options = HTMLTokenizer.Options(switchesContentStateAutomatically: false, replacesNullInData: false)
        var tokenizer = HTMLTokenizer(decodedUTF8: HTMLInputDecoder.preprocess(utf8: input), options: options)
        tokenizer.switchTo(initialState)
        tokenizer.lastStartTagName = lastStartTag
        var tokens: [HTML5LibToken] = []
        while let token = tokenizer.next() { tokens.append(HTML5LibToken(token)) }
        return HTML5LibToken.coalesced(tokens)
    }
}
