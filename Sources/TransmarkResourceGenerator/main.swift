// The generator behind the TransmarkResources build-tool plugin. The plugin runs it once per
// markup file (and once for the namespace), with the inputs and outputs declared, so SwiftPM
// reruns it only for a file that changed:
//
//   transmark-resource-generator file INPUT --source-path REL --name IDENTIFIER --namespace NAME --output OUT.swift
//   transmark-resource-generator namespace --namespace NAME --output OUT.swift
//
// A file that does not convert fails the build with one line naming the file and the reason.
import Foundation
import Transmark

/// A failure, reported as one `PATH: error: MESSAGE` line.
struct GeneratorError: Error {
    var path: String
    var message: String
}

/// The arguments after the mode: the positional ones and `--key value` pairs.
struct Arguments {
    var positional: [String] = []
    var values: [String: String] = [:]

    init(_ arguments: ArraySlice<String>) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument.hasPrefix("--") {
                guard let value = iterator.next() else {
                    throw GeneratorError(path: "transmark-resource-generator", message: "\(argument) needs a value")
                }
                values[String(argument.dropFirst(2))] = value
            } else {
                positional.append(argument)
            }
        }
    }

    func value(_ key: String) throws -> String {
        guard let value = values[key] else {
            throw GeneratorError(path: "transmark-resource-generator", message: "--\(key) is missing")
        }
        return value
    }
}

/// The format of a markup file, from its extension.
func format(ofPath path: String) -> String? {
    switch (path as NSString).pathExtension.lowercased() {
    case "md", "markdown": "markdown"
    case "html", "htm": "html"
    default: nil
    }
}

/// Whether a string can be written as a raw multi-line literal and read back unchanged: no
/// carriage return (a multi-line literal reads it as a line feed) and no control or invisible
/// formatting character that would make the generated source hard to read or rejected.
func fitsRawLiteral(_ text: String) -> Bool {
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x0A, 0x09: continue
        case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return false
        default: continue
        }
    }
    return true
}

/// A Swift string literal whose value is exactly `text`: a raw multi-line literal with one more
/// `#` than the longest run of `#` in the text (so neither `"""` nor `\` can end or escape it), or,
/// for text with control characters, an ordinary literal with escapes.
func swiftLiteral(_ text: String) -> String {
    if fitsRawLiteral(text) {
        var longestRun = 0
        var run = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "#") { run += 1; longestRun = max(longestRun, run) } else { run = 0 }
        }
        let hashes = String(repeating: "#", count: longestRun + 1)
        return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
    }
    return quoted(text)
}

/// An ordinary one-line Swift string literal whose value is exactly `text`: backslashes, quotes
/// and control or invisible formatting characters escaped.
func quoted(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": literal += "\\\\"
        case "\"": literal += "\\\""
        case "\n": literal += "\\n"
        case "\r": literal += "\\r"
        case "\t": literal += "\\t"
        default:
            if fitsRawLiteral(String(scalar)) {
                literal.unicodeScalars.append(scalar)
            } else {
                literal += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
    }
    return literal + "\""
}

/// Writes `text` to `path` through a temporary file and a rename, so a failed run never leaves a
/// partial file.
func writeAtomically(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    do {
        try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
        throw GeneratorError(path: path, message: "cannot write the generated file: \(error.localizedDescription)")
    }
}

/// Converts one markup file and writes its Swift file.
func generateFile(_ arguments: Arguments) throws {
    guard let input = arguments.positional.first else {
        throw GeneratorError(path: "transmark-resource-generator", message: "no input file")
    }
    let sourcePath = try arguments.value("source-path")
    let name = try arguments.value("name")
    let namespace = try arguments.value("namespace")
    let output = try arguments.value("output")
    guard let source = format(ofPath: input) else {
        throw GeneratorError(path: input, message: "not a Markdown (.md, .markdown) or HTML (.html, .htm) file")
    }
    let bytes: [UInt8]
    do {
        bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
    } catch {
        throw GeneratorError(path: input, message: "cannot read the file: \(error.localizedDescription)")
    }
    let html: String
    let styledJSON: String
    do {
        let document = try Registry.standard.parse(bytes, from: source)
        html = String(decoding: try Registry.standard.render(document, to: "html"), as: UTF8.self)
        styledJSON = String(decoding: try Registry.standard.render(document, to: "styled-json"), as: UTF8.self)
        // What the app will decode at run time is checked now, so that it cannot fail there.
        _ = try StyledText(json: styledJSON)
    } catch let error as TransmarkError {
        throw GeneratorError(path: input, message: "transmark cannot convert this file: \(error.description)")
    } catch {
        throw GeneratorError(path: input, message: "transmark cannot convert this file: \(error)")
    }
    let declaredName = isSwiftKeyword(name) ? "`\(name)`" : name
    // In comments, a file name's control characters (a line feed would end the comment) and
    // backticks are replaced.
    let shownPath = String(String.UnicodeScalarView(sourcePath.unicodeScalars.map {
        fitsRawLiteral(String($0)) && $0 != "\n" && $0 != "`" ? $0 : "?"
    }))
    let text = """
        // Generated by the TransmarkResources plugin from \(namespace)/\(shownPath). Do not edit:
        // edit the markup file instead; the next build regenerates this one.
        import TransmarkStyledRuns

        extension \(namespace) {
            /// `\(namespace)/\(shownPath)`, converted at build time: its content as HTML and as styled text.
            static let \(declaredName) = MarkupResource(
                name: \(quoted(name)),
                sourcePath: \(quoted(sourcePath)),
                html: \(swiftLiteral(html)),
                styledJSON: \(swiftLiteral(styledJSON)))
        }

        """
    try writeAtomically(text, to: output)
}

/// Writes the namespace's declaration.
func generateNamespace(_ arguments: Arguments) throws {
    let namespace = try arguments.value("namespace")
    let output = try arguments.value("output")
    let text = """
        // Generated by the TransmarkResources plugin. Do not edit.
        import TransmarkStyledRuns

        /// The markup files of this target's `\(namespace)` folder, converted at build time by the
        /// TransmarkResources plugin: one `MarkupResource` per file.
        enum \(namespace) {}

        """
    try writeAtomically(text, to: output)
}

/// Swift's keywords: a resource with one of these names is declared with backticks.
func isSwiftKeyword(_ name: String) -> Bool {
    [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol",
    ].contains(name)
}

let arguments = CommandLine.arguments
do {
    guard arguments.count >= 2 else {
        throw GeneratorError(path: "transmark-resource-generator", message: "usage: transmark-resource-generator file|namespace ...")
    }
    let rest = try Arguments(arguments.dropFirst(2))
    switch arguments[1] {
    case "file": try generateFile(rest)
    case "namespace": try generateNamespace(rest)
    default: throw GeneratorError(path: "transmark-resource-generator", message: "unknown mode '\(arguments[1])'")
    }
} catch let error as GeneratorError {
    FileHandle.standardError.write(Data("\(error.path): error: \(error.message)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("transmark-resource-generator: error: \(error)\n".utf8))
    exit(1)
}
