import ArgumentParser
import TransmarkCore

/// `transmark transforms`: every registered transform and its options.
struct TransformsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transforms",
        abstract: "List the transforms and their options.",
        discussion: """
            Apply transforms with `transmark convert --transform NAME[:key=value,...]` (repeatable, \
            applied in order). Inside the option list a comma starts a new pair only before \
            `key=`, so values may hold commas: --transform 'remove:selector=nav, footer'. \
            Options also come as -O NAME.key=value (for every step of that transform).
            """)

    func run() throws {
        try CommandContext.environment.writeStandardOutput(Array(Self.listing(CommandContext.registry).utf8))
    }

    /// The listing `transmark transforms` prints (and `transmark formats` ends with).
    static func listing(_ registry: Registry) -> String {
        guard !registry.transforms.isEmpty else { return "No transforms.\n" }
        var text = "Transforms (apply with --transform NAME[:key=value,...], in order):\n\n"
        for t in registry.transforms {
            text += "\(t.name)\n  \(t.summary)\n"
            for o in t.optionHelp {
                text += "    \(o.key)=\(o.defaultValue.isEmpty ? "\"\"" : o.defaultValue)  \(o.summary) [\(o.accepted)]\n"
            }
            text += "\n"
        }
        return text
    }
}
