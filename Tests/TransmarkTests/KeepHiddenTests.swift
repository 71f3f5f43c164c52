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

    /// Tab and accordion panels and React's streamed segments are hidden only until script
    /// shows them: every writer shows them without `keepHidden`; other hidden content stays out.
    @Test(arguments: ["text", "markdown", "html"])
    func panelsThatScriptRevealsAreReadAsVisible(format: String) throws {
        let page = """
            <p>Shown</p><div role="tabpanel" hidden><p>Tab by role</p></div>
            <div class="tab-pane fade" style="display:none"><p>Tab by class</p></div>
            <div class="accordion-collapse collapse" style="display: none"><p>Accordion answer</p></div>
            <div hidden id="S:0"><p>Streamed segment</p></div>
            <div hidden id="S:x"><p>Not a segment</p></div><div class="modal" hidden><p>Hidden modal</p></div>
            """
        let out = try Registry.standard.convert(page, from: "html", to: format)
        for shown in ["Shown", "Tab by role", "Tab by class", "Accordion answer", "Streamed segment"] {
            #expect(out.contains(shown), "\(shown): \(out)")
        }
        #expect(!out.contains("Not a segment"), "\(out)")
        #expect(!out.contains("Hidden modal"), "\(out)")
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
