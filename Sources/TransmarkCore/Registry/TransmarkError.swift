/// Every error Transmark reports: typed, with a one-line message fit for a user.
public enum TransmarkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No registered format has this name, alias or file extension.
    case unknownFormat(String, known: [String])
    /// The format exists but cannot read input (it has no frontend).
    case cannotRead(format: String, readers: [String])
    /// The format exists but cannot write output (it has no backend).
    case cannotWrite(format: String, writers: [String])
    /// No transform has this name.
    case unknownTransform(String, known: [String])
    /// An option key that none of the involved formats accepts.
    case unknownOption(key: String, formats: [String], accepted: [String])
    /// An option that no part of this conversion takes but another registered format or
    /// transform does (`html.unsafe` when HTML is only read; `width` for Markdown output):
    /// `conversion` names the parts (`html → markdown`), `usedBy` what takes the key
    /// (`the html writer`), `suggestion` the closest option this conversion does take, if any.
    case optionNotForThisConversion(key: String, conversion: String, usedBy: [String], suggestion: String?)
    /// An option value that does not parse.
    case invalidOptionValue(key: String, value: String, accepted: String)
    /// An option given without `=` (expected `key=value`).
    case malformedOption(String)
    /// An option spelled as an earlier version of Transmark spelled it; `replacement` is the
    /// current spelling (`rawHTML=text` for `html=verbatim`).
    case renamedOption(key: String, value: String, replacement: String)
    /// The input is larger than a limit allows.
    case inputTooLarge(bytes: Int, limit: Int, option: String)
    /// The input nests deeper than a limit allows.
    case nestingTooDeep(depth: Int, limit: Int, option: String)
    /// The input would take a parser too long (a pathological pattern).
    case inputTooComplex(what: String, estimate: Int, limit: Int, option: String)
    /// Invalid input that a strict mode refuses, at a byte offset.
    case malformedInput(message: String, offset: Int)
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// The input format could not be inferred.
    case cannotInferFormat(path: String?)
    /// A CSS selector that does not parse: the selector, what is wrong, and the offset of the
    /// fault in Unicode scalars from its start.
    case invalidSelector(String, message: String, offset: Int)
    /// A `json-tree` input that is not valid JSON, or describes a tree that cannot be: `path` names
    /// the offending value (`$.root.children[3].kind`; for a JSON syntax error, the value being
    /// read), `message` says what is wrong.
    case invalidJSONTree(path: String, message: String)
    /// A tokenizer vocabulary file (tiktoken's `base64token rank` lines) that cannot be used:
    /// `path` names the file (nil for bytes given directly), `line` the offending line (0 for the
    /// file as a whole), `message` what is wrong.
    case invalidTokenizerVocabulary(path: String?, line: Int, message: String)
    /// An input in a character encoding that cannot be decoded: `label` is the encoding as the
    /// input or an option named it (`iso-2022-kr`), `reason` says why. Never replaced by a
    /// document of U+FFFD.
    case unsupportedEncoding(label: String, reason: String)
    /// An output larger than a limit allows: `limit` is in bytes, `option` names the option
    /// that raises it.
    case outputTooLarge(limit: Int, option: String)

    /// A readable description.
    public var description: String {
        switch self {
        case .unknownFormat(let name, let known):
            return "unknown format '\(name)' (known formats: \(known.joined(separator: ", ")))"
        case .cannotRead(let format, let readers):
            return "format '\(format)' can only be written, not read (readable formats: \(readers.joined(separator: ", ")))"
        case .cannotWrite(let format, let writers):
            return "format '\(format)' can only be read, not written (writable formats: \(writers.joined(separator: ", ")))"
        case .unknownTransform(let name, let known):
            return "unknown transform '\(name)' (known transforms: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .unknownOption(let key, let formats, let accepted):
            let owner = formats.isEmpty ? "" : " for \(formats.joined(separator: " and "))"
            if let suggestion = OptionSuggestion.closest(to: key, among: accepted) {
                return "unknown option '\(key)'\(owner): did you mean '\(suggestion)'? (run `transmark formats` for every option)"
            }
            return "unknown option '\(key)'\(owner) (accepted: \(accepted.isEmpty ? "none" : accepted.joined(separator: ", ")))"
        case .optionNotForThisConversion(let key, let conversion, let usedBy, let suggestion):
            let users = usedBy.count > 2 ? usedBy.dropLast().joined(separator: ", ") + " and " + usedBy.last!
                : usedBy.joined(separator: " and ")
            if let suggestion {
                return "option '\(key)' does not apply to \(conversion): did you mean '\(suggestion)'? ('\(OptionSuggestion.bare(key))' is an option of \(users))"
            }
            return "option '\(key)' does not apply to \(conversion): it is an option of \(users)"
        case .invalidOptionValue(let key, let value, let accepted):
            return "invalid value '\(value)' for option '\(key)' (accepted: \(accepted))"
        case .malformedOption(let text):
            return "malformed option '\(text)' (expected KEY=VALUE)"
        case .renamedOption(let key, let value, let replacement):
            return "option '\(key)=\(value)' has been renamed: use '\(replacement)'"
        case .inputTooLarge(let bytes, let limit, let option):
            return "input of \(bytes) bytes exceeds the limit of \(limit) bytes (raise it with the option \(option)=N)"
        case .nestingTooDeep(let depth, let limit, let option):
            return "input nests \(depth) levels deep, beyond the limit of \(limit) (raise it with the option \(option)=N)"
        case .inputTooComplex(let what, let estimate, let limit, let option):
            return "input too complex: \(what) (estimated \(estimate) steps, limit \(limit); raise it with the option \(option)=N)"
        case .malformedInput(let message, let offset):
            return "malformed input at byte \(offset): \(message)"
        case .io(let path, let reason):
            return "\(path): \(reason)"
        case .cannotInferFormat(let path):
            if let path { return "cannot infer the input format of '\(path)' from its extension; name it with --from" }
            return "cannot infer the input format of standard input; name it with --from"
        case .invalidSelector(let selector, let message, let offset):
            return "invalid selector '\(Self.excerpt(of: selector, around: offset))' at offset \(offset): \(message)"
        case .invalidJSONTree(let path, let message):
            return "invalid json-tree at \(path): \(message)"
        case .invalidTokenizerVocabulary(let path, let line, let message):
            let place = (path ?? "tokenizer vocabulary") + (line > 0 ? ", line \(line)" : "")
            return "invalid tokenizer vocabulary \(place): \(message)"
        case .unsupportedEncoding(let label, let reason):
            return "input encoding '\(label)' cannot be decoded: \(reason) (name another with the option encoding=LABEL)"
        case .outputTooLarge(let limit, let option):
            return "output exceeds the limit of \(limit) bytes (raise it with the option \(option)=N)"
        }
    }

    /// A selector as an error message shows it: whole up to 120 characters, else the 40 before
    /// and after `offset` with `…` for the rest (a selector of 20,000 groups made a message of
    /// hundreds of kilobytes); control characters are written as `\u{…}` escapes.
    static func excerpt(of selector: String, around offset: Int) -> String {
        let scalars = Array(selector.unicodeScalars)
        var range = 0..<scalars.count
        if scalars.count > 120 {
            let at = min(max(offset, 0), scalars.count)
            range = max(0, at - 40)..<min(scalars.count, at + 40)
        }
        var shown = range.lowerBound > 0 ? "…" : ""
        for scalar in scalars[range] {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown + (range.upperBound < scalars.count ? "…" : "")
    }
}
