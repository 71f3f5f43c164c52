import TransmarkCore

/// Maps tag names to what they become in the Markup tree.
///
/// ``standard`` holds the built-in HTML mapping (b/strong → strong, i/em → emphasis, div/section
/// → division, table parts, lists, …). Any name can be mapped, replaced or removed, custom tags
/// included (`<story type="1">`); names the registry does not map follow ``unknownTagPolicy``.
/// Whatever a known HTML element is mapped to, the tree builder still applies HTML's parsing
/// rules for it (a `<p>` is still closed by a following block, a `<li>` by the next `<li>`).
/// Registries are values: changing a copy leaves ``standard`` as it is.
public struct HTMLTagRegistry: Sendable {
    /// What happens to elements without a mapping.
    public var unknownTagPolicy: HTMLUnknownTagPolicy = .keepChildren
    /// Mappings of known HTML elements, by raw value; `nil` means "removed" (unknown-tag policy).
    var knownMappings: [HTMLElementMapping?]
    /// Mappings of names that are no known HTML element.
    var customMappings: [String: HTMLElementMapping] = [:]
    /// Whether any known element's mapping differs from the built-in one.
    var hasKnownOverrides = false

    /// The built-in HTML mapping, with unknown elements unwrapped.
    public static let standard = HTMLTagRegistry()

    private init() {
        knownMappings = [HTMLElementMapping?](repeating: .builtin, count: HTMLElement.allCases.count)
        knownMappings[0] = nil
    }

    /// Maps `name` (matched ASCII case-insensitively) to `mapping`, replacing any previous one.
    public mutating func setMapping(_ mapping: HTMLElementMapping, for name: String) {
        storeMapping(mapping, for: name)
    }

    /// Removes the mapping of `name`, built-in or not: the element then follows
    /// ``unknownTagPolicy``.
    public mutating func removeMapping(for name: String) {
        storeMapping(nil, for: name)
    }

    /// Sets (or, with nil, removes) the mapping of `name`.
    private mutating func storeMapping(_ mapping: HTMLElementMapping?, for name: String) {
        let name = Self.normalized(name)
        let element = HTMLElementNameTable.shared.element(named: name)
        if element != .unknown {
            knownMappings[Int(element.rawValue)] = mapping
            hasKnownOverrides = true
        } else {
            customMappings[name] = mapping
        }
    }

    /// Restores the built-in mapping of a known HTML element (no effect for other names).
    public mutating func restoreBuiltinMapping(for name: String) {
        let element = HTMLElementNameTable.shared.element(named: Self.normalized(name))
        if element != .unknown { knownMappings[Int(element.rawValue)] = .builtin }
    }

    /// A copy with `name` mapped to `mapping`.
    public func setting(_ mapping: HTMLElementMapping, for name: String) -> HTMLTagRegistry {
        var copy = self
        copy.setMapping(mapping, for: name)
        return copy
    }

    /// A copy without a mapping for `name`.
    public func removing(_ name: String) -> HTMLTagRegistry {
        var copy = self
        copy.removeMapping(for: name)
        return copy
    }

    /// A copy with another unknown-tag policy.
    public func with(unknownTagPolicy policy: HTMLUnknownTagPolicy) -> HTMLTagRegistry {
        var copy = self
        copy.unknownTagPolicy = policy
        return copy
    }

    /// Whether `name` has a mapping (built-in or set).
    public func hasMapping(for name: String) -> Bool {
        let name = Self.normalized(name)
        let element = HTMLElementNameTable.shared.element(named: name)
        return element != .unknown ? knownMappings[Int(element.rawValue)] != nil : customMappings[name] != nil
    }

    /// The mapping of a known element, `nil` when removed.
    @inline(__always)
    func mapping(for element: HTMLElement) -> HTMLElementMapping? {
        hasKnownOverrides ? knownMappings[Int(element.rawValue)] : .builtin
    }

    private static func normalized(_ name: String) -> String {
        String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
