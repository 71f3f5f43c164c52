/// The typed options of a frontend, backend or transform. Every options type can also be built
/// from `key=value` strings through its `optionSpecs`, which is how the CLI and
/// `Registry.convert` get options for every registered format for free.
public protocol FormatOptions: Sendable {
    /// The defaults.
    init()
    /// The options that can be set by key, with their accepted values and help.
    static var optionSpecs: [OptionSpec<Self>] { get }
}

/// A format with nothing to configure.
public struct NoOptions: FormatOptions {
    /// The defaults.
    public init() {}
    /// The options settable by key, with their accepted values and help.
    public static var optionSpecs: [OptionSpec<NoOptions>] { [] }
}

/// One settable option of an options type: its key, what it accepts, how to read and write it.
public struct OptionSpec<Options>: Sendable {
    /// The key users type (`smart`, `unsafe`, `width`).
    public let key: String
    /// What values are accepted, for help and errors (`true|false`, `an integer from 0`).
    public let accepted: String
    /// One line of help.
    public let summary: String
    /// Whether this option is applied before all others (a preset that the others refine).
    public private(set) var isAppliedFirst = false
    /// For a key that an earlier version used and that is now spelled otherwise: the current
    /// key. Such a spec is not listed in help; setting it is a `renamedOption` error naming the
    /// current spelling.
    public private(set) var renamedTo: String?
    /// Values that an earlier version accepted, with the value that now means the same
    /// (`["html": "keep"]`); setting one is a `renamedOption` error naming the current value.
    public private(set) var renamedValues: [String: String] = [:]
    let read: @Sendable (Options) -> String
    let write: @Sendable (inout Options, String) -> Bool

    /// This option marked as a preset: applied before the other options, whatever the order
    /// they are given in.
    public func appliedFirst() -> Self {
        var copy = self
        copy.isAppliedFirst = true
        return copy
    }

    /// This option with values an earlier version spelled otherwise (old value → current value):
    /// giving an old value is a `renamedOption` error that names the current one.
    public func renaming(values: [String: String]) -> Self {
        var copy = self
        copy.renamedValues = values
        return copy
    }

    /// A key an earlier version used, now spelled `newKey`: setting it is a `renamedOption` error
    /// that names the current spelling, with `values` mapping old values to current ones (a
    /// value not in it is suggested unchanged).
    public static func renamed(_ oldKey: String, to newKey: String, values: [String: String] = [:]) -> Self {
        var spec = Self(key: oldKey, accepted: "", summary: "renamed: use \(newKey)",
                        read: { _ in "" }, write: { _, _ in false })
        spec.renamedTo = newKey
        spec.renamedValues = values
        return spec
    }

    /// Creates an option from a reader and a writer; the writer returns `false` for a value it
    /// cannot accept.
    public init(key: String, accepted: String, summary: String,
                read: @escaping @Sendable (Options) -> String,
                write: @escaping @Sendable (inout Options, String) -> Bool) {
        self.key = key
        self.accepted = accepted
        self.summary = summary
        self.read = read
        self.write = write
    }

    /// A `true|false` option (also accepts yes/no, on/off, 1/0).
    public static func bool(_ key: String, _ path: WritableKeyPath<Options, Bool> & Sendable, summary: String) -> Self {
        Self(key: key, accepted: "true|false", summary: summary,
             read: { $0[keyPath: path] ? "true" : "false" },
             write: { options, value in
                 guard let b = parseBool(value) else { return false }
                 options[keyPath: path] = b
                 return true
             })
    }

    /// An integer option within `range`.
    public static func int(_ key: String, _ path: WritableKeyPath<Options, Int> & Sendable, range: ClosedRange<Int>, summary: String) -> Self {
        let accepted = range.upperBound == Int.max ? "an integer from \(range.lowerBound)" : "an integer from \(range.lowerBound) to \(range.upperBound)"
        return Self(key: key, accepted: accepted, summary: summary,
             read: { String($0[keyPath: path]) },
             write: { options, value in
                 guard let n = Int(value.replacingUnderscores), range.contains(n) else { return false }
                 options[keyPath: path] = n
                 return true
             })
    }

    /// A number from 0 to 1 (`0.4`, `.4`, `1`), such as a threshold on a score.
    public static func fraction(_ key: String, _ path: WritableKeyPath<Options, Double> & Sendable, summary: String) -> Self {
        Self(key: key, accepted: "a number from 0 to 1", summary: summary,
             read: { String($0[keyPath: path]) },
             write: { options, value in
                 guard let x = Double(value), x >= 0, x <= 1 else { return false }
                 options[keyPath: path] = x
                 return true
             })
    }

    /// An option whose values are the raw values of an enumeration: all of its cases, or only
    /// those in `allowed` (in that order).
    public static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ path: WritableKeyPath<Options, Value> & Sendable, allowed: [Value]? = nil, summary: String
    ) -> Self where Value.RawValue == String {
        let cases = allowed ?? Array(Value.allCases)
        return Self(key: key, accepted: cases.map(\.rawValue).joined(separator: "|"), summary: summary,
             read: { $0[keyPath: path].rawValue },
             write: { options, value in
                 guard let v = cases.first(where: { $0.rawValue == value }) ?? cases.first(where: { $0.rawValue.lowercased() == value.lowercased() }) else { return false }
                 options[keyPath: path] = v
                 return true
             })
    }

    /// A string option: any text, or only the text `isValid` accepts (`accepted` says which).
    public static func string(_ key: String, _ path: WritableKeyPath<Options, String> & Sendable, accepted: String = "any text", summary: String,
                              isValid: @escaping @Sendable (String) -> Bool = { _ in true }) -> Self {
        Self(key: key, accepted: accepted, summary: summary,
             read: { $0[keyPath: path] },
             write: { options, value in
                 guard isValid(value) else { return false }
                 options[keyPath: path] = value
                 return true
             })
    }

    /// A string option that takes one of `values`, exactly as written (`.` or `)`).
    public static func oneOf(_ key: String, _ path: WritableKeyPath<Options, String> & Sendable, _ values: [String], summary: String) -> Self {
        string(key, path, accepted: values.joined(separator: "|"), summary: summary, isValid: { values.contains($0) })
    }

    /// An option of any type, read from text by `parse` (`nil`: not accepted) and written back
    /// as text by `format`.
    public static func custom<Value>(_ key: String, _ path: WritableKeyPath<Options, Value> & Sendable, accepted: String, summary: String,
                                     parse: @escaping @Sendable (String) -> Value?,
                                     format: @escaping @Sendable (Value) -> String) -> Self {
        Self(key: key, accepted: accepted, summary: summary,
             read: { format($0[keyPath: path]) },
             write: { options, value in
                 guard let parsed = parse(value) else { return false }
                 options[keyPath: path] = parsed
                 return true
             })
    }
}

/// The help for one option, as `transmark formats` prints it.
public struct OptionHelp: Sendable, Hashable {
    /// The key.
    public let key: String
    /// The accepted values.
    public let accepted: String
    /// The default value, as text.
    public let defaultValue: String
    /// One line of help.
    public let summary: String
}

extension FormatOptions {
    /// Whether `key` names one of this type's options.
    public static func accepts(_ key: String) -> Bool {
        optionSpecs.contains { $0.key == key }
    }

    /// The keys of all options (not the retired spellings).
    public static var optionKeys: [String] { optionSpecs.filter { $0.renamedTo == nil }.map(\.key) }

    /// The help for every option, with the default values (retired spellings are not listed).
    public static var optionHelp: [OptionHelp] {
        let defaults = Self()
        return optionSpecs.filter { $0.renamedTo == nil }.map {
            OptionHelp(key: $0.key, accepted: $0.accepted, defaultValue: $0.read(defaults), summary: $0.summary)
        }
    }

    /// The current value of an option as text, or `nil` for an unknown key.
    public func value(of key: String) -> String? {
        Self.optionSpecs.first { $0.key == key }?.read(self)
    }

    /// Sets one option from text. Throws `unknownOption`, `invalidOptionValue`, or
    /// `renamedOption` for a spelling an earlier version used.
    public mutating func set(_ key: String, to value: String, format: String = "") throws {
        guard let spec = Self.optionSpecs.first(where: { $0.key == key }) else {
            throw TransmarkError.unknownOption(key: key, formats: format.isEmpty ? [] : [format], accepted: Self.optionKeys)
        }
        if spec.renamedTo != nil || spec.renamedValues[value] != nil {
            let newKey = spec.renamedTo ?? key
            throw TransmarkError.renamedOption(key: key, value: value, replacement: "\(newKey)=\(spec.renamedValues[value] ?? value)")
        }
        guard spec.write(&self, value) else {
            throw TransmarkError.invalidOptionValue(key: key, value: value, accepted: spec.accepted)
        }
    }

    /// Builds options from `key=value` pairs applied in order over the defaults.
    public init(keyValues: OptionPairs, format: String = "") throws {
        self.init()
        try apply(keyValues: keyValues, format: format)
    }

    /// Applies `key=value` pairs over these options: presets (``OptionSpec/isAppliedFirst``)
    /// first, then the others in the order given. `format` names the owner in errors.
    public mutating func apply(keyValues: OptionPairs, format: String = "") throws {
        if keyValues.isEmpty { return }
        let presets = Set(Self.optionSpecs.filter(\.isAppliedFirst).map(\.key))
        for (key, value) in keyValues where presets.contains(key) { try set(key, to: value, format: format) }
        for (key, value) in keyValues where !presets.contains(key) { try set(key, to: value, format: format) }
    }

    /// Builds options from `key=value` strings (`["smart=true", "extensions=table"]`).
    public init(parsing strings: [String], format: String = "") throws {
        try self.init(keyValues: strings.map(parseKeyValue), format: format)
    }
}

/// Splits `key=value`; throws `malformedOption` without `=`.
public func parseKeyValue(_ text: String) throws -> (key: String, value: String) {
    guard let eq = text.firstIndex(of: "=") else { throw TransmarkError.malformedOption(text) }
    let key = String(text[..<eq]).trimmingASCIIWhitespace
    guard !key.isEmpty else { throw TransmarkError.malformedOption(text) }
    return (key, String(text[text.index(after: eq)...]))
}

/// Parses true/false, yes/no, on/off, 1/0 (case-insensitive).
public func parseBool(_ value: String) -> Bool? {
    switch value.lowercased() {
    case "true", "yes", "on", "1": true
    case "false", "no", "off", "0": false
    default: nil
    }
}

extension String {
    var replacingUnderscores: String { String(filter { $0 != "_" }) }

    /// The string without the spaces and tabs around it (option values, lists of names).
    package var trimmingASCIIWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
