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

    init() {}

    /// The `-O` pairs and `--transform` steps, parsed.
    func conversionOptions() throws -> ConversionOptions {
        try ConversionOptions(parsing: options, transforms: transforms)
    }
}
