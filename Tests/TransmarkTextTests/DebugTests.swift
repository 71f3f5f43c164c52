import Testing
import Foundation
import TransmarkCore
@testable import TransmarkText

@Test func debugDump() throws {
    let d = sampleDocument()
    try plain(d, ["width=40"]).write(toFile: "/tmp/gen/sample.txt", atomically: true, encoding: .utf8)
    try ansi(d, ["width=40"]).write(toFile: "/tmp/gen/sample.ansi", atomically: true, encoding: .utf8)
}
