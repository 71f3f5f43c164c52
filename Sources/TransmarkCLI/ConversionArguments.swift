import ArgumentParser
import TransmarkCore

/// How a command words the help of its `ConversionArguments`.
protocol ConversionArgumentsHelp {
    /// Help for `--from`.
    static var from: String { get }
    /// Help for `--to`.
    static var to: String { get }
    /// Help for `--output`.
    static var output: String { get }
    /// Help for `--transform`.
    static var transform: ArgumentHelp { get }
}

/// The options of `convert` and `select` that choose the formats, the output and the options of a
/// conversion: -f, -t, -o, -O and --transform, with help worded by `Help`.
struct ConversionArguments<Help: ConversionArgumentsHelp>: ParsableArguments {
    @Option(name: [.short, .customLong("from")], help: ArgumentHelp(Help.from))
    var from: String?

    @Option(name: [.short, .customLong("to")], help: ArgumentHelp(Help.to))
    var to: String?

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(Help.output))
    var output: String?

    @Option(name: [.customShort("O"), .customLong("option")], help: ArgumentHelp(
        "A format option KEY=VALUE (repeatable); qualify as FORMAT.KEY=VALUE to aim at one format.",
        valueName: "key=value"))
    var options: [String] = []

    @Option(name: .customLong("transform"), help: Help.transform)
    var transforms: [String] = []

    @Option(name: .customLong("base-url"), help: ArgumentHelp(
        "The address of the input page: relative links, images and srcset resolve against it (and the page's <base href>); the document's source URL.",
        valueName: "url"))
    var baseURL: String?

    init() {}

    /// The `-O` pairs and `--transform` steps, parsed; `--base-url` runs `resolve-links` first.
    func conversionOptions() throws -> ConversionOptions {
        var parsed = try ConversionOptions(parsing: options, transforms: transforms)
        if let baseURL {
            guard URLReference(baseURL).isAbsolute else {
                throw ValidationError("--base-url must be an absolute URL, with a scheme (https://example.com/page): got '\(baseURL)'")
            }
            parsed.addResolveLinks(base: baseURL)
        }
        return parsed
    }

    /// Writes a whole output to `--output` (a file that appears whole or not at all: see
    /// `FileIO.writeAtomically`), or to standard output without one.
    func write(_ bytes: [UInt8], environment: CommandEnvironment) throws {
        if let output {
            try FileIO.writeAtomically(bytes, to: output)
        } else {
            try environment.writeStandardOutput(bytes)
        }
    }
}

extension ConversionOptions {
    /// Resolves links against `base`: `resolve-links` runs first (unless a step already runs it)
    /// with `base`, which wins over an earlier `resolve-links.base`.
    mutating func addResolveLinks(base: String) {
        let name = "resolve-links"
        if !transforms.contains(where: { (try? TransformSpec(parsing: $0).name) == name }) {
            transforms.insert(name, at: 0)
        }
        pairs.removeAll { $0.key == name + ".base" }
        pairs.append((key: name + ".base", value: base))
    }

    /// Makes a wrapping backend follow the terminal: when `backend` has a `width` option and no
    /// pair sets one (`width` or `FORMAT.width`), adds `FORMAT.width` with the terminal's width
    /// (asked for only then; nil when standard output is not a terminal).
    mutating func addTerminalWidth(for backend: RegisteredBackend, _ terminalWidth: () -> Int?) {
        if backend.acceptsOption("width"), !pairs.contains(where: { $0.key == "width" || $0.key.hasSuffix(".width") }),
           let width = terminalWidth() {
            pairs.append((key: "\(backend.format.name).width", value: String(width)))
        }
    }
}
