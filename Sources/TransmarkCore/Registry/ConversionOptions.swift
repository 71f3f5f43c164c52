/// Options as text, the way the command line and JSON lines spell them: `key=value` pairs in the
/// order given (a key may be qualified, `html.unsafe`; a later pair wins over an earlier one).
public typealias OptionPairs = [(key: String, value: String)]

/// Options for one conversion through a `Registry`: `key=value` pairs routed to the frontend, the
/// backend and the transforms that accept each key, and the transforms to apply in order.
///
/// A key may be qualified with a format or transform name (`html.unsafe=true`) to route it to that
/// one only; an unqualified key goes to every participant that accepts it, and a key that none
/// accepts is an `unknownOption` error listing what is accepted. A key qualified with a registered
/// format that takes no part in the conversion is ignored, so one set of options can serve many
/// conversions.
public struct ConversionOptions: Sendable {
    /// The options in the order given.
    public var pairs: OptionPairs
    /// The transforms to apply between parsing and rendering, in order: each `NAME` or
    /// `NAME:key=value,…`, whose options go to that step alone (see `TransformSpec` for how
    /// commas inside values are read). Options given in `pairs` as `NAME.key=value` (or
    /// unqualified) go to every step of that transform, before the step's own.
    public var transforms: [String]

    /// Creates conversion options.
    public init(_ pairs: OptionPairs = [], transforms: [String] = []) {
        self.pairs = pairs
        self.transforms = transforms
    }

    /// Creates conversion options from a dictionary (keys applied in sorted order).
    public init(_ dictionary: [String: String], transforms: [String] = []) {
        self.pairs = dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        self.transforms = transforms
    }

    /// Parses `key=value` strings.
    public init(parsing strings: [String], transforms: [String] = []) throws {
        self.pairs = try strings.map(parseKeyValue)
        self.transforms = transforms
    }
}
