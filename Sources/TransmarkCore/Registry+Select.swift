extension Registry {
    /// Reads `input` in the format `source`, applies `options.transforms`, and renders each node
    /// that matches `selector`, in document order, as a fragment of the format `target` (see
    /// `Document.fragment(_:)`): the library side of `transmark select`. Options are routed as
    /// `convert` routes them.
    public func select(_ input: [UInt8], from source: String, matching selector: Selector, to target: String,
                       options: ConversionOptions = ConversionOptions()) throws -> [[UInt8]] {
        let conversion = try conversion(from: source, to: target, options: options)
        let document = try conversion.document(from: input)
        return try selector.matches(in: document).map { try conversion.render(document.fragment($0)) }
    }

    /// Reads `input` like `select(_:from:matching:to:options:)` and returns the text of each match
    /// on one line: its `plainText` with every run of white space folded to one space.
    public func selectText(_ input: [UInt8], from source: String, matching selector: Selector,
                           options: ConversionOptions = ConversionOptions()) throws -> [String] {
        let reading = try resolveReading(from: source, backend: nil, options: options).1
        let document = try input.withUnsafeBufferPointer { try reading.document(from: $0) }
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
