extension Registry {
    /// Reads `input` in the format `source`, applies `options.transforms`, and renders each node
    /// that matches `selector`, in document order, as a fragment of the format `target` (see
    /// `Document.fragment(_:)`): the library side of `transmark select`. Options are routed as
    /// `convert` routes them.
    ///
    /// Each match is written with everything under it, so nested matches (`blockquote` on 20,000
    /// quotes nested in one another) repeat their content once per enclosing match: the
    /// fragments may add up to at most `maxOutputBytes` bytes, and their matched subtrees to at
    /// most `maxOutputBytes` nodes, checked before anything is rendered; more is
    /// `TransmarkError.outputTooLarge` naming the option `maxOutputBytes`. `nil` (the default)
    /// is 16 times the input's size, at least 16 MiB (see ``defaultMaxSelectOutputBytes(inputSize:)``),
    /// so the work stays linear in the input.
    public func select(_ input: [UInt8], from source: String, matching selector: Selector, to target: String,
                       options: ConversionOptions = ConversionOptions(),
                       maxOutputBytes: Int? = nil) throws -> [[UInt8]] {
        let maxOutputBytes = maxOutputBytes ?? Self.defaultMaxSelectOutputBytes(inputSize: input.count)
        let conversion = try conversion(from: source, to: target, options: options)
        let document = try conversion.document(from: input)
        let matches = selector.matches(in: document)
        try Self.checkMatchedNodes(matches, in: document, limit: maxOutputBytes)
        var total = 0
        return try matches.map {
            let fragment = try conversion.render(document.fragment($0))
            total = total.addingSaturating(fragment.count)
            if total > maxOutputBytes { throw TransmarkError.outputTooLarge(limit: maxOutputBytes, option: "maxOutputBytes") }
            return fragment
        }
    }

    /// The default of `select`'s `maxOutputBytes` for an input of `inputSize` bytes: 16 times
    /// the input, at least 16 MiB.
    public static func defaultMaxSelectOutputBytes(inputSize: Int) -> Int {
        max(16 << 20, inputSize.multipliedReportingOverflow(by: 16).overflow ? Int.max : inputSize * 16)
    }

    /// Throws `outputTooLarge` when the subtrees of `matches` hold more than `limit` nodes in all
    /// (a node inside several nested matches counts once per match), found in one walk.
    static func checkMatchedNodes(_ matches: [Node], in document: Document, limit: Int) throws {
        guard matches.count > 1 else { return }
        let matched = Set(matches.map(\.id))
        var openMatches = 0
        var total = 0
        for event in document.events() {
            switch event {
            case .enter(let node):
                if matched.contains(node.id) { openMatches += 1 }
                total = total.addingSaturating(openMatches)
                if total > limit { throw TransmarkError.outputTooLarge(limit: limit, option: "maxOutputBytes") }
            case .exit(let node):
                if matched.contains(node.id) { openMatches -= 1 }
            }
        }
    }

    /// Reads `input` like `select(_:from:matching:to:options:)` and returns the text of each match
    /// on one line: its `plainText` with every run of white space folded to one space.
    /// The lines may add up to at most `maxOutputBytes` bytes, as in `select`.
    public func selectText(_ input: [UInt8], from source: String, matching selector: Selector,
                           options: ConversionOptions = ConversionOptions(),
                           maxOutputBytes: Int? = nil) throws -> [String] {
        let maxOutputBytes = maxOutputBytes ?? Self.defaultMaxSelectOutputBytes(inputSize: input.count)
        let reading = try resolveReading(from: source, backend: nil, options: options).1
        let document = try input.withUnsafeBufferPointer { try reading.document(from: $0) }
        let matches = selector.matches(in: document)
        try Self.checkMatchedNodes(matches, in: document, limit: maxOutputBytes)
        var total = 0
        return try matches.map {
            let line = Self.oneLine($0.plainText)
            total = total.addingSaturating(line.utf8.count + 1)
            if total > maxOutputBytes { throw TransmarkError.outputTooLarge(limit: maxOutputBytes, option: "maxOutputBytes") }
            return line
        }
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
