import Foundation

/// What the command plugin reads from its arguments and from the command line that ran it: pure
/// functions, compiled into the plugin and (through a symbolic link) into the `TransmarkTests`
/// target, which tests them without SwiftPM.
enum PluginArguments {
    /// The options of `swift package` that grant a plugin permissions. Given after the verb they
    /// reach the plugin as arguments, and the tool would stop with a usage error (exit status 64).
    static let packageOptions = ["--allow-writing-to-package-directory", "--allow-writing-to-directory",
                                 "--allow-network-connections", "--disable-sandbox"]

    /// The first permission option of `swift package` among the plugin's arguments (before any
    /// `--`), as the user spelled it without a value: it belongs before the verb.
    static func misplacedPackageOption(in arguments: [String]) -> String? {
        for argument in arguments {
            if argument == "--" { return nil }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if packageOptions.contains(name) { return name }
        }
        return nil
    }

    /// The arguments without the permission options of `swift package` (and the values of those
    /// that take one), for the corrected command line of the hint.
    static func withoutPackageOptions(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                kept.append(contentsOf: arguments[index...])
                break
            }
            if packageOptions.contains(argument) {
                let takesValue = argument == "--allow-writing-to-directory" || argument == "--allow-network-connections"
                index += takesValue ? 2 : 1
                continue
            }
            if let name = argument.split(separator: "=", maxSplits: 1).first, packageOptions.contains(String(name)) {
                index += 1
                continue
            }
            kept.append(argument)
            index += 1
        }
        return kept
    }

    /// Whether the command line that ran the plugin (SwiftPM's `swift-package` with its
    /// arguments) allows writing to the package: the arguments before the plugin's own
    /// (`swift-package`, its options, `plugin`, the verb) hold `--allow-writing-to-package-directory`.
    /// `nil` when that command line does not end with the plugin's arguments (it is not the one
    /// that ran the plugin).
    static func allowsWriting(parentCommandLine parent: [String], pluginArguments: [String]) -> Bool? {
        guard parent.count > pluginArguments.count, Array(parent.suffix(pluginArguments.count)) == pluginArguments else { return nil }
        return parent.dropLast(pluginArguments.count).contains("--allow-writing-to-package-directory")
    }

    /// The arguments of a `/proc/PID/cmdline` file: NUL-terminated strings.
    static func commandLine(_ data: Data) -> [String] {
        guard !data.isEmpty else { return [] }
        var parts = data.split(separator: 0, omittingEmptySubsequences: false)
        if data.last == 0 { parts.removeLast() }
        return parts.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The values of every `-o` / `--output` option in the arguments (`-o X`, `-oX`,
    /// `--output X`, `--output=X`). Arguments after `--` are not options.
    static func outputPaths(in arguments: [String]) -> [String] {
        var paths: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "-o" || argument == "--output" {
                if index + 1 < arguments.count { paths.append(arguments[index + 1]) }
                index += 2
                continue
            }
            if argument.hasPrefix("--output=") {
                paths.append(String(argument.dropFirst("--output=".count)))
            } else if argument.hasPrefix("-o"), argument.count > 2, !argument.hasPrefix("--") {
                paths.append(String(argument.dropFirst(2)))
            }
            index += 1
        }
        return paths.filter { $0 != "-" }
    }
}
