import TransmarkHTML

/// A compact, comparable view of tokens for unit tests: adjacent text joined, text as `String`.
enum SimpleToken: Equatable, CustomStringConvertible {
    case text(String)
    case start(String, [String: String] = [:], selfClosing: Bool = false)
    case end(String)
    case comment(String)
    case doctype(String?)

    var description: String {
        switch self {
        case let .text(text): return "text(\(String(reflecting: text)))"
        case let .start(name, attributes, selfClosing): return "start(\(name) \(attributes.sorted { $0.key < $1.key })\(selfClosing ? " /" : ""))"
        case let .end(name): return "end(\(name))"
        case let .comment(text): return "comment(\(String(reflecting: text)))"
        case let .doctype(name): return "doctype(\(name ?? "nil"))"
        }
    }
}

/// Drains `tokenizer` into simple tokens.
func simpleTokens(_ tokenizer: inout HTMLTokenizer) -> [SimpleToken] {
    var result: [SimpleToken] = []
    while let token = tokenizer.next() {
        switch token {
        case let .text(bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            if case let .text(previous)? = result.last {
                result[result.count - 1] = .text(previous + text)
            } else {
                result.append(.text(text))
            }
        case let .startTag(tag):
            var attributes: [String: String] = [:]
            for attribute in tag.attributes { attributes[attribute.name] = attribute.value }
            result.append(.start(tag.name, attributes, selfClosing: tag.isSelfClosing))
        case let .endTag(tag): result.append(.end(tag.name))
        case let .comment(text): result.append(.comment(text))
        case let .doctype(doctype): result.append(.doctype(doctype.name))
        }
    }
    return result
}

/// Tokenizes `html` with default options (automatic content states, NUL → U+FFFD).
func simpleTokens(_ html: String, options: HTMLTokenizer.Options = .init()) -> [SimpleToken] {
    var tokenizer = HTMLTokenizer(html, options: options)
    return simpleTokens(&tokenizer)
}

/// Tokenizes raw document bytes (encoding detection included).
func simpleTokens(bytes: [UInt8], encoding: HTMLInputEncoding? = nil) throws -> [SimpleToken] {
    var tokenizer = try HTMLTokenizer(bytes: bytes, encoding: encoding)
    return simpleTokens(&tokenizer)
}
