#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the `ansi` format's `color=auto` and `colors=auto` look at.
public struct TerminalEnvironment: Hashable, Sendable {
    /// Whether standard output is a terminal (`isatty(1)`).
    public var isTerminal: Bool
    /// Whether `NO_COLOR` is set to a non-empty value.
    public var noColor: Bool
    /// `COLORTERM` (empty when unset).
    public var colorTerm: String
    /// `TERM` (empty when unset).
    public var term: String
    /// Whether colors are forced where standard output is no terminal (a pipe into `less -R`):
    /// `CLICOLOR_FORCE` set to anything but `0`, or `FORCE_COLOR` set to anything but `0` or
    /// `false`. Forcing wins over `NO_COLOR` and `TERM=dumb`, which are set once for a whole
    /// session, where a forcing variable is usually given to one command.
    public var forceColor: Bool
    /// The color depth `FORCE_COLOR` names, as Node.js tools read it (`1`: 16 colors, `2`: 256,
    /// `3`: truecolor); `nil` when it names none, and the depth is read from `COLORTERM` and `TERM`.
    public var forcedDepth: ANSIColorDepth?

    /// Creates an environment description.
    public init(isTerminal: Bool, noColor: Bool = false, colorTerm: String = "", term: String = "",
                forceColor: Bool = false, forcedDepth: ANSIColorDepth? = nil) {
        self.isTerminal = isTerminal
        self.noColor = noColor
        self.colorTerm = colorTerm
        self.term = term
        self.forceColor = forceColor
        self.forcedDepth = forcedDepth
    }

    /// The environment described by these variables (`NO_COLOR`, `COLORTERM`, `TERM`,
    /// `CLICOLOR_FORCE`, `FORCE_COLOR`; unset ones absent) for a standard output that is or is
    /// not a terminal.
    public init(isTerminal: Bool, variables: [String: String]) {
        let cliColorForce = variables["CLICOLOR_FORCE"]
        let forceColorValue = variables["FORCE_COLOR"]?.lowercased()
        var forced = false
        if let value = cliColorForce, !value.isEmpty, value != "0" { forced = true }
        if let value = forceColorValue, value != "0", value != "false" { forced = true }
        var depth: ANSIColorDepth?
        switch forceColorValue {
        case "1": depth = .ansi16
        case "2": depth = .ansi256
        case "3": depth = .truecolor
        default: depth = nil
        }
        self.init(isTerminal: isTerminal, noColor: !(variables["NO_COLOR"] ?? "").isEmpty,
                  colorTerm: variables["COLORTERM"] ?? "", term: variables["TERM"] ?? "",
                  forceColor: forced, forcedDepth: forced ? depth : nil)
    }

    /// The environment of this process, read now.
    public static var current: TerminalEnvironment {
        var variables: [String: String] = [:]
        for name in ["NO_COLOR", "COLORTERM", "TERM", "CLICOLOR_FORCE", "FORCE_COLOR"] {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return TerminalEnvironment(isTerminal: isatty(1) != 0, variables: variables)
    }
}
