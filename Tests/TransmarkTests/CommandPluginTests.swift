import Foundation
import Testing
import TestSupport

/// The command plugin's decisions, tested on `PluginArguments` (the plugin's own source file,
/// linked into this target): no permission for read-only verbs, the flag checked where SwiftPM
/// has no sandbox, a hint for the flag after the verb. `scripts/test-examples.sh` runs the
/// plugin itself through `swift package` in a scratch package.
@Suite struct CommandPluginTests {
    @Test func thePluginDeclaresNoPermission() throws {
        let manifest = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        // The plugin target (not the product of the same name): its declaration up to the next plugin.
        let start = try #require(manifest.range(of: "name: \"TransmarkCommand\",\n            capability:"))
        let end = try #require(manifest.range(of: ".plugin(", range: start.upperBound..<manifest.endIndex))
        let declaration = manifest[start.lowerBound..<end.lowerBound]
        #expect(declaration.contains("capability: .command("))
        #expect(!declaration.contains("permissions:"), "a declared permission makes SwiftPM ask for the flag for every verb")
    }

    @Test func theFlagAfterTheVerbGetsAHint() {
        let arguments = ["--allow-writing-to-package-directory", "convert", "Docs/guide.md", "-o", "Site/guide.html"]
        #expect(PluginArguments.misplacedPackageOption(in: arguments) == "--allow-writing-to-package-directory")
        #expect(PluginArguments.withoutPackageOptions(arguments) == ["convert", "Docs/guide.md", "-o", "Site/guide.html"])
        #expect(PluginArguments.misplacedPackageOption(in: ["formats", "--allow-writing-to-directory=/tmp"]) == "--allow-writing-to-directory")
        #expect(PluginArguments.withoutPackageOptions(["convert", "--allow-writing-to-directory", "/tmp", "a.md"]) == ["convert", "a.md"])
        #expect(PluginArguments.misplacedPackageOption(in: ["convert", "a.md", "-t", "html"]) == nil)
        #expect(PluginArguments.misplacedPackageOption(in: ["convert", "--", "--allow-writing-to-package-directory"]) == nil,
                "after -- it is a file name")
    }

    @Test func writingNeedsTheFlagBeforeTheVerb() {
        let plugin = ["convert", "Docs/guide.md", "-o", "Site/guide.html"]
        let allowed = ["/opt/swift/usr/bin/swift-package", "--allow-writing-to-package-directory", "transmark"] + plugin
        let viaPluginVerb = ["swift-package", "plugin", "--allow-writing-to-package-directory", "transmark"] + plugin
        let denied = ["/opt/swift/usr/bin/swift-package", "transmark"] + plugin
        #expect(PluginArguments.allowsWriting(parentCommandLine: allowed, pluginArguments: plugin) == true)
        #expect(PluginArguments.allowsWriting(parentCommandLine: viaPluginVerb, pluginArguments: plugin) == true)
        #expect(PluginArguments.allowsWriting(parentCommandLine: denied, pluginArguments: plugin) == false)
        // An output file named like the flag is the plugin's argument, not SwiftPM's.
        let named = ["convert", "a.md", "-o", "--allow-writing-to-package-directory"]
        #expect(PluginArguments.allowsWriting(parentCommandLine: ["swift-package", "transmark"] + named, pluginArguments: named) == false)
        // Not the command line that ran the plugin: unknown.
        #expect(PluginArguments.allowsWriting(parentCommandLine: ["bash"], pluginArguments: plugin) == nil)
    }

    @Test func readOnlyVerbsWriteNoOutput() {
        #expect(PluginArguments.outputPaths(in: ["formats"]).isEmpty)
        #expect(PluginArguments.outputPaths(in: ["select", "h1", "Docs/guide.md", "-t", "text"]).isEmpty)
        #expect(PluginArguments.outputPaths(in: ["convert", "Docs/guide.md", "-o", "-"]).isEmpty, "-o - is standard output")
        #expect(PluginArguments.outputPaths(in: ["convert", "a.md", "-oSite/a.html", "--output=b.html", "--output", "c.html"])
                == ["Site/a.html", "b.html", "c.html"])
    }

    @Test func procCommandLines() {
        #expect(PluginArguments.commandLine(Data("swift-package\0transmark\0formats\0".utf8)) == ["swift-package", "transmark", "formats"])
        #expect(PluginArguments.commandLine(Data("a\0\0b\0".utf8)) == ["a", "", "b"])
        #expect(PluginArguments.commandLine(Data()) == [])
    }
}
