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

    /// Creates an environment description.
    public init(isTerminal: Bool, noColor: Bool = false, colorTerm: String = "", term: String = "") {
        self.isTerminal = isTerminal
        self.noColor = noColor
        self.colorTerm = colorTerm
        self.term = term
    }

    /// The environment of this process, read now.
    public static var current: TerminalEnvironment {
        func variable(_ name: String) -> String {
            guard let value = getenv(name) else { return "" }
            return String(cString: value)
        }
        return TerminalEnvironment(isTerminal: isatty(1) != 0, noColor: !variable("NO_COLOR").isEmpty,
                                   colorTerm: variable("COLORTERM"), term: variable("TERM"))
    }
}
