import Testing
import TransmarkCore
import TransmarkHTML

/// turndown's `preformattedCode`: inline `<code>` keeps its whitespace as `<pre>` does.
@Suite struct PreformattedCodeTests {
    static let html = "<p>a <code>x   y\n  z</code> b</p>"

    func code(_ options: HTMLFrontend.Options) throws -> String? {
        let document = try HTMLFrontend().parse(Self.html, options: options)
        return try document.select("code").first?.text
    }

    @Test func whitespaceCollapsesByDefault() throws {
        #expect(try code(HTMLFrontend.Options()) == "x y z")
    }

    @Test func preformattedCodeKeepsItAsWritten() throws {
        let options = try HTMLFrontend.Options(parsing: ["preformattedCode=true"])
        #expect(options.preformattedCode)
        #expect(try code(options) == "x   y\n  z")
    }
}
