import Testing
import TransmarkCore
import TransmarkText

/// Inputs found by `Fuzz/run.sh backends` (fuzzed trees), reduced by hand.
@Suite struct FuzzFindingTests {
    /// Footnote definitions sharing a label, one after the other or one inside another. A tree
    /// from HTML or from code may hold them; the text layout listed only the first definition of
    /// a label, so the text of the others was lost (the fuzzer's tree had two definitions
    /// labelled "\n", 130 levels apart). References still find the first; the others are listed
    /// after it, unreferenced.
    @Test(arguments: [
        ["fn", "A14", "/", "fn", "B14", "/"],
        ["fn", "A15", "fn", "B15", "/", "/"],
        ["p", "see", "ref", "/", "fn", "A16", "fn", "B16", "fn", "C16", "/", "/", "/"],
    ])
    func everyDefinitionOfADuplicateLabelIsListed(_ operations: [String]) throws {
        let document = build(operations)
        let text = String(decoding: try TextBackend().render(document, options: TextBackend.Options()), as: UTF8.self)
        let ansi = String(decoding: try ANSIBackend().render(document, options: ANSIBackend.Options()), as: UTF8.self)
        for word in operations where word.first?.isUppercase == true {
            #expect(text.contains(word), "\(word) missing from \(text.debugDescription)")
            #expect(ansi.contains(word), "\(word) missing from \(ansi.debugDescription)")
        }
        // The reference is numbered after the first definition: [1], and only it points there.
        if operations.contains("ref") {
            #expect(text.hasPrefix("see[1]"))
            #expect(text.contains("[1] A16") && text.contains("[2] B16") && text.contains("[3] C16"))
        }
    }

    /// A link whose destination is `^x` and footnote `x` are two references, not one (their
    /// keys shared a table: the link took the footnote's number and its text was never listed).
    @Test func aLinkToCaretLabelIsNotTheFootnote() throws {
        var builder = DocumentBuilder()
        builder.open(.paragraph)
        builder.open(.link(destination: "^x", title: ""))
        builder.text("link")
        builder.close()
        _ = builder.leaf(.footnoteReference(label: "x"))
        builder.close()
        builder.open(.footnoteDefinition(label: "x"))
        builder.text("Note")
        builder.close()
        var options = TextBackend.Options()
        options.links = .references
        let text = String(decoding: try TextBackend().render(builder.finish(), options: options), as: UTF8.self)
        #expect(text.contains("[1] ^x"), "\(text.debugDescription)")
        #expect(text.contains("[2] Note"), "\(text.debugDescription)")
    }

    private func build(_ operations: [String]) -> Document {
        var builder = DocumentBuilder()
        for operation in operations {
            switch operation {
            case "p": builder.open(.paragraph)
            case "fn": builder.open(.footnoteDefinition(label: "x"))
            case "ref": _ = builder.leaf(.footnoteReference(label: "x"))
            case "/": builder.close()
            default: builder.text(operation)
            }
        }
        return builder.finish()
    }
}
