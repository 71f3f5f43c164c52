import ArgumentParser
import TransmarkCore

/// `transmark select`: the parts of a document that match a CSS selector, each written as a
/// fragment in any output format, or as one line of text each.
struct SelectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "select",
        abstract: "Write the parts of a document that match a CSS selector.",
        discussion: """
            Reads INPUT (or standard input, sniffed as convert sniffs it) and writes each node matching SELECTOR, in document \
            order, as a fragment of the --to format (default html), one after the other. With \
            --to text each match is one line: its text, white space folded. Types are HTML names \
            (h2, a, td) or node kinds (heading, link, table-cell); see the README for the \
            supported selectors.
            """)

    @Argument(help: "A CSS selector, e.g. 'table td:first-child' or 'h1, h2'.")
    var selector: String

    @Argument(help: "The input file; none or '-' reads standard input.")
    var input: String?

    @OptionGroup var conversion: ConversionArguments<Help>

    @Option(name: .customLong("max-simple-selectors"), help: ArgumentHelp(
        "The most simple selectors (types, classes, attributes, pseudo-classes) SELECTOR may hold once repeats are dropped (default: 1024).",
        valueName: "n"))
    var maxSimpleSelectors = Selector.defaultMaxSimpleSelectors

    @Option(name: .customLong("max-output-bytes"), help: ArgumentHelp(
        "The most bytes the matches may write in all, nested matches repeating their content (default: 16 times the input, at least 16 MiB).",
        valueName: "n"))
    var maxOutputBytes: Int?

    /// The wording of `conversion`'s help.
    enum Help: ConversionArgumentsHelp {
        static let from = "Input format (default: from the file's extension; standard input is sniffed: HTML when it starts like HTML, else Markdown)."
        static let to = "Output format of each match (default: html; text: one line per match)."
        static let output = "Output file (written only when the command succeeds)."
        static var transform: ArgumentHelp { ArgumentHelp("A transform to apply before selecting (repeatable).") }
    }

    func run() throws {
        let registry = CommandContext.registry
        let environment = CommandContext.environment
        guard maxSimpleSelectors >= 1 else { throw ValidationError("--max-simple-selectors must be at least 1") }
        guard (maxOutputBytes ?? 0) >= 0 else { throw ValidationError("--max-output-bytes must be at least 0") }
        let compiled = try Selector(selector, maxSimpleSelectors: maxSimpleSelectors, limitOption: "--max-simple-selectors N")
        let named: String?
        if let from = conversion.from {
            named = try registry.frontend(named: from).format.name
        } else if let input, input != "-" {
            guard let name = registry.inputFormat(forPath: input) else { throw TransmarkError.cannotInferFormat(path: input) }
            named = name
        } else {
            named = nil
        }
        let target = try conversion.to.map { try registry.backend(named: $0).format.name } ?? "html"
        let options = try conversion.conversionOptions()
        let bytes = try input.flatMap { $0 == "-" ? nil : $0 }.map { try FileIO.readAll(path: $0) }
            ?? environment.readStandardInput()
        // Standard input is sniffed as `convert` sniffs it: HTML when it starts like HTML.
        let source = named ?? FormatSniffer.format(of: bytes)
        var out: [UInt8] = []
        do {
            if target == "text" {
                for line in try registry.selectText(bytes, from: source, matching: compiled, options: options,
                                                    maxOutputBytes: maxOutputBytes) {
                    out.append(contentsOf: line.utf8)
                    out.append(0x0A)
                }
            } else {
                for fragment in try registry.select(bytes, from: source, matching: compiled, to: target, options: options,
                                                    maxOutputBytes: maxOutputBytes) {
                    out.append(contentsOf: fragment)
                    if let last = fragment.last, last != 0x0A { out.append(0x0A) }
                }
            }
        } catch TransmarkError.outputTooLarge(let limit, _) {
            // The limit is this command's flag, not an option key.
            throw TransmarkError.outputTooLarge(limit: limit, option: "--max-output-bytes")
        }
        try conversion.write(out, environment: environment)
    }
}
