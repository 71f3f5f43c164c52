import Foundation
import Testing
import TestSupport
import TransmarkCore
@testable import TransmarkMarkdown

/// Task list items read by Transmark's tasklist extension (`TransmarkTasklist.h`): an item is a task
/// when its first content starts with `[ ]`, `[x]` or `[X]` and a space or tab, wherever the item
/// sits, and no other text of the item is touched.
@Suite struct TasklistTests {
    /// Each list item of `markdown` as `state:text`, where the state is `checked`, `unchecked` or
    /// `none` and the text is the item's text with its blocks joined by `|`.
    static func items(_ markdown: String) throws -> [String] {
        let document = try MarkdownFrontend().parse(Array(markdown.utf8))
        var result: [String] = []
        var open: [(index: Int, pieces: [String])] = []
        var text = ""
        for event in document.events() {
            switch event {
            case .enter(let node):
                switch node.kind {
                case .listItem(let task):
                    let state = task.map { $0 == .checked ? "checked" : "unchecked" } ?? "none"
                    result.append(state + ":")
                    open.append((result.count - 1, []))
                case .text, .code: text += node.text
                case .softBreak, .lineBreak: text += "\n"
                default: break
                }
            case .exit(let node):
                switch node.kind {
                case .paragraph, .heading, .codeBlock:
                    if !open.isEmpty { open[open.count - 1].pieces.append(text) }
                    text = ""
                case .listItem:
                    let item = open.removeLast()
                    result[item.index] += item.pieces.joined(separator: "|")
                default: break
                }
            }
        }
        return result
    }

    @Test(arguments: [
        // Where a task marker is read.
        ("- [ ] open\n- [x] done\n- [X] also done", ["unchecked:open", "checked:done", "checked:also done"]),
        ("1. [x] first\n2) [ ] second", ["checked:first", "unchecked:second"]),
        ("1) [ ] second", ["unchecked:second"]),
        ("-\t[x] after a tab", ["checked:after a tab"]),
        ("-  [x]  wide", ["checked:wide"]),
        ("- [x]\tthen a tab", ["checked:then a tab"]),
        // An item inside another block, or after another item's marker on the same line.
        ("> - [x] quoted", ["checked:quoted"]),
        ("- - [x] nested", ["none:", "checked:nested"]),
        ("- a\n  - [ ] nested below", ["none:a", "unchecked:nested below"]),
        // Content that starts on the line after the marker is the item's first content.
        ("-\n  [x] next line", ["checked:next line"]),
        // No marker: no space after it, nothing after it, a marker that is not first.
        ("- [x]a", ["none:[x]a"]),
        ("- [x]", ["none:[x]"]),
        ("- # [x] heading", ["none:[x] heading"]),
        ("- a [x] b", ["none:a [x] b"]),
        // Only the first content: later lines and blocks of the item keep their text.
        ("- [ ] see [x] later", ["unchecked:see [x] later"]),
        ("- [x] a\n  [ ] b", ["checked:a\n[ ] b"]),
        ("- [x] a\n\n  [ ] b", ["checked:a|[ ] b"]),
        ("- a\n\n  9a [ ] b", ["none:a|9a [ ] b"]),
        ("- a\n\n  12. [x] b", ["none:a", "checked:b"]),
        ("- [x] > not a quote", ["checked:> not a quote"]),
    ])
    func marker(_ markdown: String, _ expected: [String]) throws {
        #expect(try Self.items(markdown) == expected)
    }

    /// The fuzz input that made the library's extension drop a digit and half a character, so the
    /// ANSI backend wrote invalid UTF-8 (crash-0f4206ce): every byte of text is kept.
    @Test func aLaterLineKeepsItsText() throws {
        let markdown = "3.  A\n    *   B\n        \n        9\u{FFFD}  [x]           *   D\n"
        #expect(try Self.items(markdown) == ["none:A", "none:B|9\u{FFFD}  [x]           *   D"])
        let ansi = try StreamingSupport.conversion(to: "ansi").convert(markdown)
        #expect(ansi.contains("9\u{FFFD}"))
    }
}
