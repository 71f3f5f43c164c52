import Testing
import Transmark

/// `main-content` drops spacer images: no alt text, and one pixel wide or high, or a spacer's
/// file name (`s.gif`), as on Hacker News.
@Suite struct SpacerImageTests {
    static let prose = "<p>Tables of the old web held pages together, with transparent images to space them, and readers see none of it.</p>"

    func article(_ body: String) throws -> String {
        try Registry.standard.convert("<html><body><article>\(Self.prose)\(body)\(Self.prose)</article></body></html>",
                                      from: "html", to: "markdown", options: ConversionOptions(transforms: ["main-content"]))
    }

    @Test(arguments: [
        #"<img src="s.gif" height="1" width="14">"#,
        #"<img src="s.gif" height="10" width="0">"#,
        #"<p><img src="/images/spacer.gif"></p>"#,
        #"<img src="https://cdn.example.com/1x1.png?v=3" alt="">"#,
        #"<img src="pixel.png" width="1" height="1">"#,
    ])
    func spacersAreDropped(_ image: String) throws {
        let markdown = try article(image)
        #expect(!markdown.contains("!["), "\(markdown)")
        #expect(markdown.contains("Tables of the old web"))
    }

    @Test func realImagesStay() throws {
        #expect(try article(#"<img src="chart.png" width="640" height="480">"#).contains("![](chart.png)"))
        #expect(try article(#"<img src="s.gif" alt="Status">"#).contains("![Status](s.gif)"), "an image with alt text is content")
        #expect(try article(#"<img src="dot.png" width="1" height="1" alt="a dot">"#).contains("![a dot](dot.png)"))
    }

    @Test func theHackerNewsSpacerIsGone() throws {
        let page = """
            <html><body><center><table id="hnmain" border="0" cellpadding="0" cellspacing="0" width="85%">
            <tr><td><table border="0"><tr><td><span class="rank">1.</span></td>
              <td><span class="titleline"><a href="https://allenai.org/blog/olmo3">Olmo 3: Charting a path through the model flow to lead open-source AI</a></span></td></tr>
              <tr><td colspan="2"></td><td class="subtext">269 points by <a href="user?id=mseri">mseri</a>, 9 hours ago, a long subtext line.</td></tr></table></td></tr>
            <tr><td><img src="s.gif" height="10" width="0"><br><center><a href="newsguidelines.html">Guidelines</a></center></td></tr>
            </table></center></body></html>
            """
        let markdown = try Registry.standard.convert(page, from: "html", to: "markdown",
                                                     options: ConversionOptions(transforms: ["main-content"]))
        #expect(!markdown.contains("s.gif"), "\(markdown)")
    }
}
