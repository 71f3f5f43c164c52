import Synchronization
import TransmarkCore

/// The conversions of a batch run, each resolved once (see `Registry.conversion(from:to:options:)`)
/// and shared by the workers: a folder run needs one per input format, a JSON lines run one per
/// distinct combination of formats and options that its records name. At most `capacity`
/// conversions are kept; past that the cache starts over, so a stream whose every record names
/// other options stays in bounded memory (and resolves per record, as it must).
final class ConversionCache: Sendable {
    private struct Key: Hashable {
        let source: String
        let target: String
        let options: [String]
        let resolvesLinks: Bool
    }

    private let registry: Registry
    private let transforms: [String]
    private let capacity: Int
    private let conversions = Mutex<[Key: Conversion]>([:])

    /// A cache of conversions through `registry`, each applying `transforms`.
    init(registry: Registry, transforms: [String], capacity: Int = 64) {
        self.registry = registry
        self.transforms = transforms
        self.capacity = capacity
    }

    /// The conversion from `source` to `target` with `options`, resolved on first use. An error
    /// (unknown format, bad option) is thrown on each use and never cached.
    /// `baseURL` (a JSON lines record's `url`) resolves links against it, running `resolve-links`
    /// first when the command does not already.
    func conversion(from source: String, to target: String, options: OptionPairs, baseURL: String? = nil) throws -> Conversion {
        var settings = ConversionOptions(options, transforms: transforms)
        if let baseURL { settings.addResolveLinks(base: baseURL) }
        let key = Key(source: source, target: target, options: settings.pairs.flatMap { [$0.key, $0.value] },
                      resolvesLinks: settings.transforms.count != transforms.count)
        if let known = conversions.withLock({ $0[key] }) { return known }
        let resolved = try registry.conversion(from: source, to: target, options: settings)
        conversions.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = resolved
        }
        return resolved
    }
}
