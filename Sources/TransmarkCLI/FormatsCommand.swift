import ArgumentParser
import TransmarkCore

/// `transmark formats`: every registered format, what it can do and its options.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats", abstract: "List the formats, whether they read and write, and their options.")

    func run() throws {
        try CommandContext.environment.writeStandardOutput(Array(Self.listing(CommandContext.registry).utf8))
    }

    /// The listing `transmark formats` prints.
    static func listing(_ registry: Registry) -> String {
        var text = ""
        for summary in registry.formats {
            let f = summary.format
            let abilities = [summary.reads ? "read" : nil, summary.writes ? "write" : nil].compactMap { $0 }.joined(separator: ", ")
            text += "\(f.name) (\(abilities))"
            if !f.aliases.isEmpty { text += " aliases: \(f.aliases.joined(separator: ", "))" }
            text += "\n  \(f.summary)\n"
            if !f.fileExtensions.isEmpty { text += "  extensions: \(f.fileExtensions.map { "." + $0 }.joined(separator: " "))\n" }
            for (title, options) in [("reading options", summary.readOptions), ("writing options", summary.writeOptions)] where !options.isEmpty {
                text += "  \(title):\n"
                for o in options {
                    text += "    \(o.key)=\(o.defaultValue.isEmpty ? "\"\"" : o.defaultValue)  \(o.summary) [\(o.accepted)]\n"
                }
            }
            text += "\n"
        }
        if !registry.transforms.isEmpty { text += TransformsCommand.listing(registry) }
        return text
    }
}
