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
}
