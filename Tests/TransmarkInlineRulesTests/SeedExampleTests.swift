import Testing
import Transmark

/// The examples the issue names, each checked on the HTML output.
@Suite struct SeedExampleTests {
    @Test(arguments: [
        ("**[Bold Links](http://voyagetravelapps.com/)**", "<p><strong><a href=\"http://voyagetravelapps.com/\">Bold Links</a></strong></p>\n"),
        ("[**Bold Links**](http://voyagetravelapps.com/)", "<p><a href=\"http://voyagetravelapps.com/\"><strong>Bold Links</strong></a></p>\n"),
        ("**[should not be bold**](url)", "<p>**<a href=\"url\">should not be bold**</a></p>\n"),
        ("*italics* or _italics_", "<p><em>italics</em> or <em>italics</em></p>\n"),
        ("**bold** or __bold__", "<p><strong>bold</strong> or <strong>bold</strong></p>\n"),
        ("~~Linethrough~~Strikethroughs.", "<p><del>Linethrough</del>Strikethroughs.</p>\n"),
        ("`code` and `**not bold**`", "<p><code>code</code> and <code>**not bold**</code></p>\n"),
    ])
    func swiftyMarkdown(input: String, expected: String) throws {
        #expect(try convert(input, from: "swiftymarkdown") == expected)
    }

    @Test(arguments: [
        ("*bold* _italic_ ~strike~ `code`", "<p><strong>bold</strong> <em>italic</em> <del>strike</del> <code>code</code></p>\n"),
        ("see <https://example.com|the site> or <https://x.org>", "<p>see <a href=\"https://example.com\">the site</a> or <a href=\"https://x.org\">https://x.org</a></p>\n"),
        ("<not a link> and a < b", "<p>&lt;not a link&gt; and a &lt; b</p>\n"),
        (":tada: done :white_check_mark:", "<p>:tada: done :white_check_mark:</p>\n"),
        ("2*3*4 and snake_case_name", "<p>2*3*4 and snake_case_name</p>\n"),
        ("> quoted\nnot quoted", "<blockquote>\n<p>quoted</p>\n</blockquote>\n<p>not quoted</p>\n"),
        ("line one\nline *two*", "<p>line one<br />\nline <strong>two</strong></p>\n"),
    ])
    func chat(input: String, expected: String) throws {
        #expect(try convert(input, from: "chat") == expected)
    }

    @Test func chatCodeBlocks() throws {
        #expect(try convert("```\nlet x = *1*\n```", from: "chat") == "<pre><code>let x = *1*\n</code></pre>\n")
        #expect(try convert("run ```make all``` now", from: "chat") == "<p>run <code>make all</code> now</p>\n")
    }

    @Test func stylizer() throws {
        #expect(try convert("**bold**, __bold__, *it*, ~~gone~~ and [link](https://link.com \"title\")", from: "stylizer")
                == "<p><strong>bold</strong>, <strong>bold</strong>, <em>it</em>, <del>gone</del> and <a href=\"https://link.com\" title=\"title\">link</a></p>\n")
        #expect(try convert("\\*not italic\\*", from: "stylizer") == "<p>*not italic*</p>\n")
    }
}
