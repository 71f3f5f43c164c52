import Foundation
import PackagePlugin

/// Compiles every Markdown and HTML file under a target's `Markup/` folder into Swift at build
/// time: one `static let` per file in the generated `enum Markup`, a `MarkupResource` with the
/// content as HTML and as styled text (embedded `styled-json`, decoded lazily, once).
///
/// One build command per file, with its input and output declared: a build with no change runs
/// none of them, and a changed file regenerates only its own Swift file. The namespace's
/// declaration is one more command, with no input.
///
/// File names become identifiers by `ResourceNaming.identifier(forRelativePath:)`; two files
/// with one identifier stop the build with an error naming both.
@main
struct TransmarkResources: BuildToolPlugin {
    /// The folder, inside the target's directory, whose markup files are compiled.
    static let folderName = "Markup"
    /// The generated namespace.
    static let namespace = "Markup"

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        // Swift targets only: the generated code is Swift.
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let folder = target.directoryURL.appending(path: Self.folderName)
        let files = ResourceNaming.markupFiles(under: folder)
        if files.isEmpty { return [] }

        let resources = try ResourceNaming.resources(for: files, folderName: Self.folderName)
        let generator = try context.tool(named: "transmark-resource-generator").url
        let output = context.pluginWorkDirectoryURL
        var commands: [Command] = []
        let namespaceFile = output.appending(path: "\(Self.namespace)Namespace.transmark.swift")
        commands.append(.buildCommand(
            displayName: "TransmarkResources: declaring the \(Self.namespace) namespace",
            executable: generator,
            arguments: ["namespace", "--namespace", Self.namespace, "--output", namespaceFile.path],
            inputFiles: [],
            outputFiles: [namespaceFile]))
        for resource in resources {
            let swiftFile = output.appending(path: resource.outputFileName)
            commands.append(.buildCommand(
                displayName: "TransmarkResources: compiling \(Self.folderName)/\(resource.relativePath) into \(Self.namespace).\(resource.identifier)",
                executable: generator,
                arguments: ["file", resource.url.path,
                            "--source-path", resource.relativePath,
                            "--name", resource.identifier,
                            "--namespace", Self.namespace,
                            "--output", swiftFile.path],
                inputFiles: [resource.url],
                outputFiles: [swiftFile]))
        }
        return commands
    }
}

/// A markup file and the Swift name it gets.
struct MarkupFile {
    /// The file.
    var url: URL
    /// Its path relative to the `Markup` folder (`guides/intro.md`).
    var relativePath: String
    /// The identifier of its resource (`guidesIntro`).
    var identifier: String

    /// The generated file's name: the identifier and a hash of the relative path, so that names
    /// differing only in case stay two files on a case-insensitive file system.
    var outputFileName: String {
        var hash: UInt32 = 2_166_136_261
        for byte in relativePath.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return "\(identifier).\(String(hash, radix: 16)).transmark.swift"
    }
}

/// The error that stops a build: one line.
struct ResourceError: Error, CustomStringConvertible {
    var description: String
}

/// How markup files are found and named.
///
/// The identifier of a file is made from its path relative to the `Markup` folder:
/// 1. the extension (`.md`, `.markdown`, `.html`, `.htm`) is dropped, and folders count as words
///    (`guides/intro.md` → `guidesIntro`);
/// 2. every character that is not a letter, a digit or `_` separates words; the first word is
///    kept as written, every later one gets its first letter upper-cased
///    (`my-page.md` → `myPage`, `Release notes.html` → `ReleaseNotes`, `my_page.md` → `my_page`);
/// 3. a name that starts with a digit gets a leading `_` (`2024.md` → `_2024`,
///    `2024-review.md` → `_2024Review`);
/// 4. a Swift keyword stays as it is and is declared with backticks (`` Markup.`class` ``, which
///    reads `Markup.class` after a dot);
/// 5. a file with no letter or digit in its name (`---.md`) is an error, and so is one named
///    `self`, `Self`, `Type`, `Protocol`, `init`, `deinit` or `subscript` (after `Markup.` they
///    mean something else), and so are two files with the same identifier (`welcome.md` and
///    `welcome.html`), named both.
enum ResourceNaming {
    /// Names that, after `Markup.`, mean something else in Swift (`Markup.self` is the type).
    static let reservedMembers: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript"]

    /// The extensions of the files that are compiled.
    static let extensions: Set<String> = ["md", "markdown", "html", "htm"]

    /// Every markup file under `folder`, sorted by path; hidden files and folders are skipped.
    static func markupFiles(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where extensions.contains(url.pathExtension.lowercased()) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                files.append(url.standardizedFileURL)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The files with their identifiers; throws on a name that makes no identifier or on two
    /// files with one.
    static func resources(for files: [URL], folderName: String) throws -> [MarkupFile] {
        var byIdentifier: [String: String] = [:]
        var resources: [MarkupFile] = []
        for url in files {
            let relative = relativePath(of: url, folderName: folderName)
            guard let identifier = identifier(forRelativePath: relative) else {
                throw ResourceError(description: "\(folderName)/\(relative): the file name has no letter or digit to make a Swift identifier of; rename the file")
            }
            if reservedMembers.contains(identifier) {
                throw ResourceError(description: "\(folderName)/\(relative): '\(identifier)' cannot name a member (Markup.\(identifier) means something else in Swift); rename the file")
            }
            if let other = byIdentifier[identifier] {
                throw ResourceError(description: "\(folderName)/\(other) and \(folderName)/\(relative) both map to the identifier '\(identifier)'; rename one of them")
            }
            byIdentifier[identifier] = relative
            resources.append(MarkupFile(url: url, relativePath: relative, identifier: identifier))
        }
        return resources
    }

    /// The path of `url` after the last `/<folderName>/` component.
    static func relativePath(of url: URL, folderName: String) -> String {
        let components = url.pathComponents
        if let index = components.lastIndex(of: folderName) {
            return components[(index + 1)...].joined(separator: "/")
        }
        return url.lastPathComponent
    }

    /// The Swift identifier for a path relative to the `Markup` folder, or `nil` when the name
    /// has no letter or digit. See the rules on ``ResourceNaming``.
    static func identifier(forRelativePath path: String) -> String? {
        var stem = Substring(path)
        if let dot = stem.lastIndex(of: "."), extensions.contains(stem[stem.index(after: dot)...].lowercased()) {
            stem = stem[..<dot]
        }
        var words: [String] = []
        var word = ""
        for character in stem {
            if character.isLetter || isDigit(character) || character == "_" {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard words.contains(where: { $0.contains { $0.isLetter || isDigit($0) } }) else { return nil }
        var identifier = words[0]
        for next in words.dropFirst() {
            identifier += next.prefix(1).uppercased() + next.dropFirst()
        }
        if let first = identifier.first, isDigit(first) { identifier = "_" + identifier }
        return identifier
    }

    /// Whether `character` is an ASCII digit (other numerals, `½` or `Ⅻ`, separate words).
    static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isWholeNumber
    }
}
