import Testing
import TransmarkCore
@testable import TransmarkHTML

/// JSON-LD as pages write it for old parsers (in `<![CDATA[ … ]]>` or `<!-- … -->`), and the
/// choice between an entity's `headline` and `name`.
@Suite struct JSONLDWrappingTests {
    func metadata(_ script: String, title: String = "Page") throws -> DocumentMetadata {
        try HTMLFrontendInputs.parse("<head><title>\(title)</title><script type=\"application/ld+json\">\(script)</script></head><p>x</p>").metadata
    }

    static let entity = #"{"@type":"Article","headline":"A story","datePublished":"2020-01-02","author":{"name":"Ann Lee"}}"#

    @Test(arguments: [
        entity,
        "\n  <![CDATA[\n  \(entity)\n  ]]>\n",
        "//<![CDATA[\n\(entity)\n//]]>",
        "<!--\n\(entity)\n-->",
        "<!-- \(entity) //-->",
    ])
    func wrappedScriptsAreRead(script: String) throws {
        let m = try metadata(script)
        #expect(m.published == "2020-01-02", "\(script)")
        #expect(m.authors == ["Ann Lee"])
        #expect(m.pageKind == "article")
    }

    @Test func aScriptThatIsNotJSONInsideItsWrapperIsIgnored() throws {
        let m = try metadata("<![CDATA[ not json ]]>")
        #expect(m.published == nil)
        #expect(m.title == "Page")
        #expect(JSONLDMetadata.unwrapped(Array("<![CDATA[]]>".utf8)).isEmpty)
    }

    /// `headline` is the title unless `name` shares more words with the page's `<title>`
    /// (Wikipedia puts a description in `headline`).
    @Test func headlineOrNameByThePagesTitle() throws {
        let wikipedia = #"{"@type":"Article","name":"New Zealand","headline":"constitutional monarchy in Oceania"}"#
        #expect(try metadata(wikipedia, title: "New Zealand - Wikipedia").title == "New Zealand")
        let site = #"{"@type":"NewsArticle","name":"Daily Paper","headline":"Bridge reopens after repairs"}"#
        #expect(try metadata(site, title: "Bridge reopens after repairs | Daily Paper").title == "Bridge reopens after repairs")
        #expect(try metadata(site, title: "Daily Paper").title == "Daily Paper")
    }
}
