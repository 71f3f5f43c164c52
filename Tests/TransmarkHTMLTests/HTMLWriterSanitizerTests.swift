import Testing
import TransmarkCore
import TransmarkHTML

/// The HTML writer applies the core's `SanitizerPolicy`, chosen by option keys.
@Suite struct HTMLWriterSanitizerTests {
    @Test func theHTMLWriterTakesThePolicyByKey() throws {
        var b = DocumentBuilder()
        b.open(.paragraph, attributes: [Attribute("data-x", "1"), Attribute("class", "c"), Attribute("onclick", "x")])
        b.open(.link(destination: "ftp://files/x", title: ""))
        b.text("f")
        b.close()
        b.open(.custom(name: "marquee"))
        b.text("m")
        b.close()
        b.leaf(.htmlInline, text: "<b onclick=x>b</b>")
        b.close()
        let document = b.finish()
        func html(_ options: [String]) throws -> String {
            String(decoding: HTMLRenderer.render(document, options: try HTMLRenderer.Options(parsing: options)), as: UTF8.self)
        }
        #expect(try html([]) == "<p data-x=\"1\" class=\"c\"><a href=\"ftp://files/x\">f</a><marquee>m</marquee><!-- raw HTML omitted --></p>\n")
        #expect(try html(["rawHTML=keep"]) == "<p data-x=\"1\" class=\"c\"><a href=\"ftp://files/x\">f</a><marquee>m</marquee><b>b</b></p>\n")
        // strict has `kinds`: the document is filtered first (the link's text stays, the custom
        // node is unwrapped), then written.
        #expect(try html(["sanitize=strict", "rawHTML=keep"]) == "<p class=\"c\">fm<b>b</b></p>\n")
        #expect(try html(["allowedSchemes=https", "allowedAttributes=class"]) == "<p class=\"c\"><a href=\"\">f</a><marquee>m</marquee><!-- raw HTML omitted --></p>\n")
        #expect(try html(["sanitize=none", "rawHTML=keep"]).contains("onclick=\"x\""))
        #expect(try html(["unsafe=true"]).contains("<b onclick=x>b</b>"))
        let options = try HTMLRenderer.Options(parsing: ["sanitize=strict", "allowedAttributes=class,a:rel"])
        #expect(options.sanitizer.attributes == ["class"] && options.sanitizer.elementAttributes == ["a": ["rel"]])
    }
}
