import Testing
import TransmarkCore
import TransmarkHTML

/// A cell's CSS `text-align` sets its alignment, over its `align` attribute (CSS wins over
/// presentational attributes, as in a browser); the first row's cells align the table's columns.
@Suite struct CellTextAlignTests {
    func alignments(_ html: String) throws -> [TableAlignment] {
        let document = try HTMLFrontend().parse(html)
        for case .enter(let node) in document.events() {
            if case .table(let alignments) = node.kind { return alignments }
        }
        return []
    }

    @Test func cssTextAlignAlignsTheColumn() throws {
        #expect(try alignments(#"""
            <table><tr><th style="text-align: right">N</th><th align="center" style="text-align:left">Name</th>
            <th style="TEXT-ALIGN: Center">C</th><th style="text-align: end">E</th><th style="text-align: justify" align="right">J</th><th>x</th></tr>
            <tr><td>1</td><td>a</td><td>b</td><td>e</td><td>j</td><td>c</td></tr></table>
            """#) == [.right, .left, .center, .right, .right, .none])
    }

    @Test func theHTMLWriterWritesTheAlignment() throws {
        let document = try HTMLFrontend().parse(#"<table><tr><th style="text-align:center">a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>"#)
        let html = try HTMLBackend().renderString(document)
        #expect(html.contains(#"<th align="center" style="text-align: center">a</th>"#), "\(html)")
        #expect(html.contains("<th>b</th>"), "\(html)")
    }
}
