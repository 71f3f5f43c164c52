import Foundation
import Testing
import Transmark
import TransmarkCLI

@Suite struct TransformCommandLineTests {
    func run(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
        let streams = CapturedStreams(stdin: stdin)
        let code = CommandLineTool.run(arguments: arguments, registry: .standard, environment: streams.environment)
        return (code, streams.output, streams.errors)
    }

    @Test func transformsAreChainedInOrderWithTheirOwnOptions() {
        let page = "<nav>Menu</nav><h1>T</h1><p>Body</p><footer>Foot</footer><aside>Side</aside>"
        let r = run(["convert", "-f", "html", "-t", "markdown", "--transform", "remove:selector=nav, footer",
                     "--transform", "shift-headings:by=1"], stdin: page)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == "## T\n\nBody\n\nSide\n")
        let qualified = run(["-f", "html", "-t", "markdown", "--transform", "remove", "-O", "remove.selector=aside, nav, footer"], stdin: page)
        #expect(qualified.out == "# T\n\nBody\n")
    }

    @Test func badTransformOptionsAreOneLineErrors() {
        let r = run(["-f", "html", "-t", "markdown", "--transform", "toc:depth=2"], stdin: "<h1>x</h1>")
        #expect(r.code == 1)
        #expect(r.err == "transmark: error: unknown option 'depth' for toc (accepted: minLevel, maxLevel, position, title)\n")
        let missing = run(["-f", "html", "--transform", "remove"], stdin: "<p>x</p>")
        #expect(missing.code == 1 && missing.err.contains("'selector'"))
    }

    @Test func transformsCommandListsTransformsAndOptions() {
        let r = run(["transforms"])
        #expect(r.code == 0)
        for s in ["remove\n", "main-content\n", "sanitize\n", "toc\n", "maxLevel=3", "base=\"\"", "--transform NAME[:key=value,...]"] {
            #expect(r.out.contains(s), "\(s)")
        }
        #expect(run(["formats"]).out.contains("Transforms (apply with --transform"))
    }
}
