import Foundation
import Testing
import TestSupport
import Transmark

/// Ctrl-C on the real executable: outputs being written are removed, finished ones stay whole.
@Suite struct InterruptTests {
    /// The `transmark` executable built beside the test bundle (`swift build --build-tests`).
    static var executable: String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("transmark").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return TestPaths.packageRoot.appendingPathComponent(".build/debug/transmark").path
    }

    @Test func anInterruptLeavesNoPartialFileAndExits130() throws {
        let scratch = try ScratchFolder()
        let page = "<h1>Page</h1>" + String(repeating: "<p>Some <b>text</b> with <a href=\"/a\">a link</a> and more words.</p>\n", count: 3000)
        try scratch.write("page.html", page)
        let expected = try Registry.standard.convert(page, from: "html", to: "markdown")
        try FileManager.default.createDirectory(atPath: scratch.path + "/in", withIntermediateDirectories: true)
        for i in 0..<400 {
            try FileManager.default.createSymbolicLink(atPath: scratch.path + "/in/p\(i).html", withDestinationPath: scratch.path + "/page.html")
        }
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable), "build the executable first: swift build --build-tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        // (The links lead out of the input folder: followed only when asked.)
        process.arguments = ["convert", scratch.path + "/in", "-t", "markdown", "-o", scratch.path + "/out", "--jobs", "2", "--follow-links-outside"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Interrupt once the first outputs are there.
        let deadline = Date().addingTimeInterval(60)
        while scratch.files("out").count < 3 && process.isRunning && Date() < deadline { usleep(5_000) }
        #expect(process.isRunning, "the run ended before it could be interrupted")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        let outputs = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/out")
        #expect(outputs.allSatisfy { !$0.hasPrefix(".") }, "temporary files left: \(outputs.filter { $0.hasPrefix(".") })")
        #expect(outputs.count >= 3 && outputs.count < 400)
        for name in outputs {
            #expect(try scratch.read("out/" + name) == expected, "\(name) is not whole")
        }
    }
}
