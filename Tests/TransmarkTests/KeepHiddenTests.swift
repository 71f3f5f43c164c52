import Testing
import Transmark

/// `keepHidden` reaches the text and ANSI writers: content the HTML reader kept although it was
/// hidden (tabs, accordions, a body that script reveals) is written, not dropped again.
@Suite struct KeepHiddenTests {
    let page = """
        <p>Shown</p><div class="tab" style="display:none"><p>Second tab</p></div>
        <div hidden><p>Revealed by script</p></div><details><summary>More</summary><p>Inside</p></details>
        """

    func convert(_ to: String, _ options: [String: String]) throws -> String {
        try Registry.standard.convert(page, from: "html", to: to, options: ConversionOptions(options))
    }

    @Test(arguments: ["text", "ansi", "markdown"])
    func oneOptionKeepsHiddenContentThroughReaderAndWriter(format: String) throws {
        var options = ["keepHidden": "true"]
        if format == "ansi" { options["color"] = "never" }
        let out = try convert(format, options)
        #expect(out.contains("Second tab"), "\(out)")
        #expect(out.contains("Revealed by script"), "\(out)")
        #expect(out.contains("Inside"), "\(out)")
        var hidden = options
        hidden["keepHidden"] = "false"
        let without = try convert(format, hidden)
        #expect(!without.contains("Second tab") && !without.contains("Revealed by script"), "\(without)")
        #expect(without.contains("Shown"))
    }

    @Test func flatTextToo() throws {
        #expect(try convert("text", ["keepHidden": "true", "mode": "flat"]).contains("Second tab"))
        #expect(try !convert("text", ["mode": "flat"]).contains("Second tab"))
    }

    @Test func theWriterAloneShowsWhatADocumentHoldsHidden() throws {
        // A document whose hidden node was kept by the reader: the writer's option decides.
        let document = try Registry.standard.parse(Array(page.utf8), from: "html", options: [("keepHidden", "true")])
        let shown = try TextBackend().renderString(document, options: .with { $0.keepHidden = true })
        let dropped = try TextBackend().renderString(document, options: .init())
        #expect(shown.contains("Second tab"))
        #expect(!dropped.contains("Second tab"))
    }
}
