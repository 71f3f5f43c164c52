import TransmarkCore

extension StyledText {
    /// Lays out a document as styled text: the text a label or text view shows, with runs,
    /// paragraph attributes and attachments resolved through `options.theme` and the cascade.
    /// Linear in the document's size; never recurses over its depth.
    public init(document: Document, options: StyledTextOptions = StyledTextOptions()) {
        var layout = StyledTextLayout(document: document, options: options, repairText: false)
        if let result = layout.run() {
            self = result
            return
        }
        // The tree held invalid UTF-8: lay out again, repairing every chunk (U+FFFD).
        var repairing = StyledTextLayout(document: document, options: options, repairText: true)
        self = repairing.run() ?? StyledText(text: "")
    }

    /// Lays out a document whose custom nodes are tags styled by the caller's rules (what
    /// `TaggedString.styledText(_:)` does after parsing with `TaggedFrontend`): each
    /// `custom(name:)` node gets what `styles` says for its name (a fixed style, a dynamic rule
    /// computed from its attributes and the inherited attributes, or the unknown-tag handler);
    /// text outside any tag has `styles.base`; paragraphs have plain paragraph attributes.
    public init(document: Document, tagStyles styles: TaggedStringStyles, unit: OffsetUnit = .utf16) {
        var options = StyledTextOptions()
        options.theme = styles.theme
        options.unit = unit
        let applier = StyleApplier(theme: styles.theme)
        let styling = CustomNodeStyling(base: styles.base) { tag, inherited in
            var result: RunAttributes
            switch styles.tags[tag.name] {
            case .style(let style)?: result = applier.apply(style, to: ResolvedStyle(run: inherited)).run
            case .dynamic(let compute)?: result = compute(tag, inherited)
            case nil: result = styles.unknownTag?(tag, inherited) ?? inherited
            }
            if styles.recordsSourceTag { result.sourceTag = tag.name }
            return result
        }
        var layout = StyledTextLayout(document: document, options: options, repairText: false)
        layout.customStyling = styling
        if let result = layout.run() {
            self = result
            return
        }
        var repairing = StyledTextLayout(document: document, options: options, repairText: true)
        repairing.customStyling = styling
        self = repairing.run() ?? StyledText(text: "")
    }
}
