extension Registry {
    /// Reads `input` in the format `source`, applies `options.transforms`, and renders each node
    /// that matches `selector`, in document order, as a fragment of the format `target` (see
    /// `Document.fragment(_:)`): the library side of `transmark select`. Options are routed as
    /// `convert` routes them.
    public func select(_ input: [UInt8], from source: String, matching selector: Selector, to target: String,
                       options: ConversionOptions = ConversionOptions()) throws -> [[UInt8]] {
        let frontend = try frontend(named: source)
        let backend = try backend(named: target)
        let chosenTransforms = try options.transforms.map { try transform(named: $0) }
        let routed = try route(options.pairs, frontend: frontend, backend: backend, transforms: chosenTransforms)
        var document = try input.withUnsafeBufferPointer { try frontend.parse($0, options: routed.frontend) }
        for (i, t) in chosenTransforms.enumerated() {
            document = try t.apply(to: document, options: routed.transforms[i])
        }
        return try selector.matches(in: document).map { try backend.render(document.fragment($0), options: routed.backend) }
    }

    /// Reads `input` like `select(_:from:matching:to:options:)` and returns the text of each match
    /// on one line: its `plainText` with every run of white space folded to one space.
    public func selectText(_ input: [UInt8], from source: String, matching selector: Selector,
                           options: ConversionOptions = ConversionOptions()) throws -> [String] {
        let frontend = try frontend(named: source)
        let chosenTransforms = try options.transforms.map { try transform(named: $0) }
        let routed = try route(options.pairs, frontend: frontend, backend: nil, transforms: chosenTransforms)
        var document = try input.withUnsafeBufferPointer { try frontend.parse($0, options: routed.frontend) }
        for (i, t) in chosenTransforms.enumerated() {
            document = try t.apply(to: document, options: routed.transforms[i])
        }
        return selector.matches(in: document).map { Self.oneLine($0.plainText) }
    }

    /// `text` with runs of white space folded to one space and the ends trimmed.
    static func oneLine(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.unicodeScalars.append(" ") }
                pendingSpace = false
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
