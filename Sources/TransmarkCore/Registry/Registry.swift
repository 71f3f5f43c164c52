/// The formats and transforms Transmark knows: an immutable value. `Registry.standard` (in the
/// `Transmark` module) holds the built-in ones; `adding(_:)` returns a registry with one more.
///
/// ```swift
/// let registry = Registry.standard.adding(MyBackend())
/// let output = try registry.convert("# Hi", from: "markdown", to: "my-format")
/// ```
public struct Registry: Sendable {
    /// The registered frontends, in registration order.
    public private(set) var frontends: [RegisteredFrontend] = []
    /// The registered backends, in registration order.
    public private(set) var backends: [RegisteredBackend] = []
    /// The registered transforms, in registration order.
    public private(set) var transforms: [RegisteredTransform] = []

    /// An empty registry.
    public init() {}

    /// A registry with `frontend` added, replacing any frontend of the same format name.
    public func adding<F: Frontend>(_ frontend: F) -> Registry {
        var copy = self
        copy.frontends.removeAll { $0.format.name == frontend.format.name }
        copy.frontends.append(RegisteredFrontend(frontend))
        return copy
    }

    /// A registry with `backend` added, replacing any backend of the same format name.
    public func adding<B: Backend>(_ backend: B) -> Registry {
        var copy = self
        copy.backends.removeAll { $0.format.name == backend.format.name }
        copy.backends.append(RegisteredBackend(backend))
        return copy
    }

    /// A registry with a format that both reads and writes added as frontend and backend.
    public func adding<T: Frontend & Backend>(_ format: T) -> Registry {
        var copy = self
        copy.frontends.removeAll { $0.format.name == format.format.name }
        copy.frontends.append(RegisteredFrontend(format))
        copy.backends.removeAll { $0.format.name == format.format.name }
        copy.backends.append(RegisteredBackend(format))
        return copy
    }

    /// A registry with `transform` added, replacing any transform of the same name.
    public func adding<T: Transform>(_ transform: T) -> Registry {
        var copy = self
        copy.transforms.removeAll { $0.name == transform.name }
        copy.transforms.append(RegisteredTransform(transform))
        return copy
    }

    /// A registry without the format of this name (frontend and backend).
    public func removingFormat(_ name: String) -> Registry {
        var copy = self
        copy.frontends.removeAll { $0.format.isNamed(name) }
        copy.backends.removeAll { $0.format.isNamed(name) }
        return copy
    }

    // MARK: Look-up

    /// Every format name, with what it can do, sorted by name.
    public var formats: [FormatSummary] {
        var names: [String] = []
        for f in frontends where !names.contains(f.format.name) { names.append(f.format.name) }
        for b in backends where !names.contains(b.format.name) { names.append(b.format.name) }
        return names.sorted().map { name in
            let f = frontends.first { $0.format.name == name }
            let b = backends.first { $0.format.name == name }
            return FormatSummary(format: f?.format ?? b!.format, reads: f != nil, writes: b != nil,
                                 readOptions: f?.optionHelp ?? [], writeOptions: b?.optionHelp ?? [])
        }
    }

    private var knownNames: [String] { formats.map(\.format.name) }

    /// The frontend for a format name or alias.
    public func frontend(named name: String) throws -> RegisteredFrontend {
        if let f = frontends.first(where: { $0.format.isNamed(name) }) { return f }
        if backends.contains(where: { $0.format.isNamed(name) }) {
            throw TransmarkError.cannotRead(format: name, readers: frontends.map(\.format.name).sorted())
        }
        throw TransmarkError.unknownFormat(name, known: knownNames)
    }

    /// The backend for a format name or alias.
    public func backend(named name: String) throws -> RegisteredBackend {
        if let b = backends.first(where: { $0.format.isNamed(name) }) { return b }
        if frontends.contains(where: { $0.format.isNamed(name) }) {
            throw TransmarkError.cannotWrite(format: name, writers: backends.map(\.format.name).sorted())
        }
        throw TransmarkError.unknownFormat(name, known: knownNames)
    }

    /// The transform of this name.
    public func transform(named name: String) throws -> RegisteredTransform {
        if let t = transforms.first(where: { $0.name == name }) { return t }
        throw TransmarkError.unknownTransform(name, known: transforms.map(\.name))
    }

    /// The readable format with a file extension that ends the name of `path` (the longest such
    /// extension wins, so `x.tree.json` is `json-tree` even if a format claims `.json`), if any.
    public func inputFormat(forPath path: String) -> String? {
        Self.format(forPath: path, among: frontends.map(\.format))
    }

    /// The writable format with a file extension that ends the name of `path` (the longest wins),
    /// if any.
    public func outputFormat(forPath path: String) -> String? {
        Self.format(forPath: path, among: backends.map(\.format))
    }

    /// The format, in registration order among those of the longest matching extension, whose
    /// extension (one or more dot-separated parts: `md`, `tree.json`) ends the file name, after
    /// at least one other character.
    static func format(forPath path: String, among formats: [FormatDescriptor]) -> String? {
        let name = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        var best: (name: String, length: Int)?
        for format in formats {
            for ext in format.fileExtensions where ext.utf8.count > best?.length ?? 0 {
                let suffix = "." + ext.lowercased()
                if name.utf8.count > suffix.utf8.count && name.hasSuffix(suffix) {
                    best = (format.name, ext.utf8.count)
                }
            }
        }
        return best?.name
    }

    // MARK: Conversion

    /// Resolves a conversion once: looks up the formats and transforms, routes `options` to the
    /// frontend, backend and transforms that accept each key (see ``ConversionOptions``) and reads
    /// them into typed values. The result converts any number of inputs; every error that does
    /// not depend on an input (unknown format, transform or option, bad value) is thrown here.
    ///
    /// ```swift
    /// let conversion = try registry.conversion(from: "html", to: "markdown",
    ///                                          options: ConversionOptions(["lineWidth": "72"], transforms: ["main-content"]))
    /// let markdown = try conversion.convert(page)
    /// ```
    public func conversion(from source: String, to target: String,
                           options: ConversionOptions = ConversionOptions()) throws -> Conversion {
        let backend = try backend(named: target)
        let (frontend, reading, backendOptions) = try resolveReading(from: source, backend: backend, options: options)
        return Conversion(source: frontend.format, target: backend.format, reading: reading,
                          backend: try backend.resolved(options: backendOptions))
    }

    /// Resolves a conversion (see ``conversion(from:to:options:)``) from transform steps (`NAME`
    /// or `NAME:key=value,…`) and options given as a dictionary (applied in sorted key order).
    public func conversion(from source: String, to target: String, transforms: [String],
                           options: [String: String] = [:]) throws -> Conversion {
        try conversion(from: source, to: target, options: ConversionOptions(options, transforms: transforms))
    }

    /// The reading half of a conversion, resolved: the frontend of `source`, the steps of
    /// `options.transforms` with their routed options read, and the options routed to `backend`
    /// (none without one; then an option that only a backend takes is an error).
    func resolveReading(from source: String, backend: RegisteredBackend?, options: ConversionOptions)
        throws -> (RegisteredFrontend, ResolvedReading, OptionPairs) {
        let frontend = try frontend(named: source)
        let (chosenTransforms, steps) = try transformSteps(options.transforms)
        let routed = try route(options.pairs, frontend: frontend, backend: backend, transforms: chosenTransforms)
        let resolvedSteps = try chosenTransforms.indices.map {
            try chosenTransforms[$0].resolved(options: routed.transforms[$0] + steps[$0].options)
        }
        let reading = ResolvedReading(frontend: try frontend.resolved(options: routed.frontend), steps: resolvedSteps)
        return (frontend, reading, routed.backend)
    }

    /// Converts `input` from one format to another: parse, apply `options.transforms`, render.
    /// A shorthand for resolving a ``Conversion`` and converting one input with it; to convert
    /// many inputs, resolve the conversion once with ``conversion(from:to:options:)``.
    public func convert(_ input: UnsafeBufferPointer<UInt8>, from source: String, to target: String,
                        options: ConversionOptions = ConversionOptions()) throws -> [UInt8] {
        try conversion(from: source, to: target, options: options).convert(input)
    }

    /// Converts bytes like `convert(_:from:to:options:)`, but empties `input` as soon as it is
    /// parsed, so that a large input and its output are never in memory at the same time.
    public func convert(releasing input: inout [UInt8], from source: String, to target: String,
                        options: ConversionOptions = ConversionOptions()) throws -> [UInt8] {
        try conversion(from: source, to: target, options: options).convert(releasing: &input)
    }

    /// Converts like `convert(releasing:from:to:options:)`, handing the output to `write` in pieces
    /// as the backend produces them (see ``StreamingBackend``), so that neither a large input nor
    /// a large output is ever held whole, and the document is given up as soon as the backend is
    /// done with it.
    public func convert(releasing input: inout [UInt8], from source: String, to target: String,
                        options: ConversionOptions = ConversionOptions(),
                        writingTo write: (UnsafeBufferPointer<UInt8>) -> Void) throws {
        try conversion(from: source, to: target, options: options).convert(releasing: &input, writingTo: write)
    }

    /// Converts bytes.
    public func convert(_ input: [UInt8], from source: String, to target: String,
                        options: ConversionOptions = ConversionOptions()) throws -> [UInt8] {
        try conversion(from: source, to: target, options: options).convert(input)
    }

    /// Converts a string, returning a string.
    public func convert(_ input: String, from source: String, to target: String,
                        options: ConversionOptions = ConversionOptions()) throws -> String {
        try conversion(from: source, to: target, options: options).convert(input)
    }

    /// Applies a chain of transforms to a document, in order. Each step is `NAME` or
    /// `NAME:key=value,…` (see `TransformSpec`); its options go to that step only.
    ///
    /// ```swift
    /// let article = try Registry.standard.applyTransforms(["main-content", "toc:maxLevel=2"], to: page)
    /// ```
    public func applyTransforms(_ specs: [String], to document: Document) throws -> Document {
        let (chosen, steps) = try transformSteps(specs)
        var document = document
        for (i, t) in chosen.enumerated() {
            document = try t.apply(to: document, options: steps[i].options)
        }
        return document
    }

    /// The registered transforms and parsed steps of `specs`, checked before any work is done.
    private func transformSteps(_ specs: [String]) throws -> ([RegisteredTransform], [TransformSpec]) {
        let steps = try specs.map { try TransformSpec(parsing: $0) }
        let chosen = try steps.map { try transform(named: $0.name) }
        return (chosen, steps)
    }

    /// Parses input with a registered frontend and `key=value` options.
    public func parse(_ input: [UInt8], from source: String, options: OptionPairs = []) throws -> Document {
        let frontend = try frontend(named: source)
        return try input.withUnsafeBufferPointer { try frontend.parse($0, options: options) }
    }

    /// Renders a document with a registered backend and `key=value` options.
    public func render(_ document: Document, to target: String, options: OptionPairs = []) throws -> [UInt8] {
        try backend(named: target).render(document, options: options)
    }

    struct RoutedOptions {
        var frontend: OptionPairs = []
        var backend: OptionPairs = []
        var transforms: [OptionPairs]
    }

    /// Sends each option to the participants that accept it (see `ConversionOptions`).
    /// Without a backend (a conversion that only reads), options only a backend takes are errors.
    func route(_ pairs: OptionPairs, frontend: RegisteredFrontend,
               backend: RegisteredBackend?, transforms: [RegisteredTransform]) throws -> RoutedOptions {
        var routed = RoutedOptions(transforms: Array(repeating: [], count: transforms.count))
        for (key, value) in pairs {
            var bareKey = key
            var qualifier: String?
            if let dot = key.firstIndex(of: ".") {
                qualifier = String(key[..<dot])
                bareKey = String(key[key.index(after: dot)...])
            }
            if let qualifier, !frontend.format.isNamed(qualifier), backend?.format.isNamed(qualifier) != true,
               !transforms.contains(where: { $0.name == qualifier }),
               frontends.contains(where: { $0.format.isNamed(qualifier) }) || backends.contains(where: { $0.format.isNamed(qualifier) })
                || self.transforms.contains(where: { $0.name == qualifier }) {
                // Aimed at a registered format that takes no part in this conversion: not for us.
                continue
            }
            var taken = false
            if qualifier == nil || frontend.format.isNamed(qualifier!), frontend.acceptsOption(bareKey) {
                routed.frontend.append((bareKey, value))
                taken = true
            }
            if let backend, qualifier == nil || backend.format.isNamed(qualifier!), backend.acceptsOption(bareKey) {
                routed.backend.append((bareKey, value))
                taken = true
            }
            for (i, t) in transforms.enumerated() where (qualifier == nil || qualifier == t.name) && t.acceptsOption(bareKey) {
                routed.transforms[i].append((bareKey, value))
                taken = true
            }
            if !taken {
                var accepted = frontend.optionHelp.map { "\(frontend.format.name).\($0.key)" }
                if let backend { accepted += backend.optionHelp.map { "\(backend.format.name).\($0.key)" } }
                for t in transforms { accepted += t.optionHelp.map { "\(t.name).\($0.key)" } }
                let usedBy = participants(accepting: bareKey, qualifier: qualifier)
                if !usedBy.isEmpty {
                    var conversion = backend.map { "\(frontend.format.name) → \($0.format.name)" } ?? "reading \(frontend.format.name)"
                    if !transforms.isEmpty { conversion += " with \(transforms.map(\.name).joined(separator: ", "))" }
                    throw TransmarkError.optionNotForThisConversion(key: key, conversion: conversion, usedBy: usedBy,
                                                                    suggestion: OptionSuggestion.closest(to: key, among: accepted))
                }
                var names = [frontend.format.name] + (backend.map { [$0.format.name] } ?? [])
                names += transforms.map(\.name)
                throw TransmarkError.unknownOption(key: key, formats: names, accepted: accepted)
            }
        }
        return routed
    }

    /// Every registered reader, writer and transform that takes `key` (those named `qualifier`
    /// only, when there is one), as an error names them: `the html writer`, `the toc transform`.
    private func participants(accepting key: String, qualifier: String?) -> [String] {
        var users: [String] = []
        for f in frontends where (qualifier.map(f.format.isNamed) ?? true) && f.acceptsOption(key) {
            users.append("the \(f.format.name) reader")
        }
        for b in backends where (qualifier.map(b.format.isNamed) ?? true) && b.acceptsOption(key) {
            users.append("the \(b.format.name) writer")
        }
        for t in transforms where (qualifier.map { $0 == t.name } ?? true) && t.acceptsOption(key) {
            users.append("the \(t.name) transform")
        }
        return users
    }
}
