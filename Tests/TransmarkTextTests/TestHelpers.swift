import TransmarkCore
@testable import TransmarkText

/// Builds a document with a closure over a builder.
func makeDocument(_ build: (inout DocumentBuilder) -> Void) -> Document {
    var builder = DocumentBuilder()
    build(&builder)
    return builder.finish()
}

extension DocumentBuilder {
    /// Opens `kind`, runs `content`, closes.
    mutating func block(_ kind: NodeKind, style: Style? = nil, _ content: (inout DocumentBuilder) -> Void) {
        open(kind, style: style)
        content(&self)
        close()
    }

    /// A paragraph of plain text.
    mutating func paragraph(_ text: String) {
        open(.paragraph)
        self.text(text)
        close()
    }

    /// An inline container holding text.
    mutating func inline(_ kind: NodeKind, _ text: String, style: Style? = nil) {
        open(kind, style: style)
        self.text(text)
        close()
    }
}

/// Renders as plain text.
func plain(_ document: Document, _ options: [String] = []) throws -> String {
    try TextBackend().renderString(document, options: TextBackend.Options(parsing: options))
}

/// Renders as ANSI with colors forced on (truecolor unless given).
func ansi(_ document: Document, _ options: [String] = []) throws -> String {
    var all = ["color=always", "colors=truecolor"]
    all.append(contentsOf: options)
    return try ANSIBackend(environment: TerminalEnvironment(isTerminal: false))
        .renderString(document, options: ANSIBackend.Options(parsing: all))
}

/// Removes CSI (`ESC[…m`) and OSC (`ESC]…ESC\` or BEL) sequences.
func stripEscapes(_ s: String) -> String {
    var out: [UInt8] = []
    let b = Array(s.utf8)
    var i = 0
    while i < b.count {
        if b[i] == 0x1B && i + 1 < b.count && b[i + 1] == 0x5B {
            i += 2
            while i < b.count && !(b[i] >= 0x40 && b[i] <= 0x7E) { i += 1 }
            i += 1
        } else if b[i] == 0x1B && i + 1 < b.count && b[i + 1] == 0x5D {
            i += 2
            while i < b.count {
                if b[i] == 0x07 { i += 1; break }
                if b[i] == 0x1B && i + 1 < b.count && b[i + 1] == 0x5C { i += 2; break }
                i += 1
            }
        } else {
            out.append(b[i])
            i += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// Strips escapes and trailing spaces of every line.
func stripEscapesAndTrailingSpaces(_ s: String) -> String {
    stripEscapes(s).split(separator: "\n", omittingEmptySubsequences: false)
        .map { line -> Substring in
            var l = line
            while l.last == " " { l.removeLast() }
            return l
        }.joined(separator: "\n")
}

/// Shows escape sequences visibly (`␛[1m`).
func visible(_ s: String) -> String {
    s.replacingOccurrences(of: "\u{1B}", with: "␛")
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// A document with one of everything, for smoke tests.
func sampleDocument() -> Document {
    makeDocument { b in
        b.block(.heading(level: 1)) { $0.text("Transmark text backends") }
        b.block(.paragraph) { b in
            b.text("Plain text with ")
            b.inline(.strong, "bold")
            b.text(", ")
            b.block(.emphasis) { b in b.text("italic and "); b.inline(.strong, "both") }
            b.text(", ")
            b.leaf(.code, text: "inline code")
            b.text(" and a ")
            b.inline(.link(destination: "https://example.com/docs", title: ""), "link")
            b.text(". Here is a footnote")
            b.leaf(.footnoteReference(label: "n"))
            b.text(" and an image ")
            b.inline(.image(source: "pic.png", title: "", size: nil), "a cat")
            b.text(". 中文字符和日本語のテキスト mixed with emoji 👩‍💻 and 🇫🇷 flags.")
        }
        b.block(.heading(level: 2)) { $0.text("Lists") }
        b.block(.list(ListAttributes(isOrdered: true, start: 9))) { b in
            for t in ["nine", "ten", "eleven"] {
                b.block(.listItem(task: nil)) { b in
                    b.paragraph("Item \(t) with enough text to wrap around the end of a forty column line.")
                    if t == "ten" {
                        b.block(.list(.bullet)) { b in
                            b.block(.listItem(task: .checked)) { $0.paragraph("done") }
                            b.block(.listItem(task: .unchecked)) { $0.paragraph("todo") }
                        }
                    }
                }
            }
        }
        b.block(.blockQuote) { b in
            b.paragraph("A quote that is long enough to wrap at forty columns, surely.")
            b.block(.blockQuote) { $0.paragraph("Nested.") }
        }
        b.leaf(.codeBlock(info: "swift"), text: "let x = 1\n\tprint(x)\n")
        b.leaf(.thematicBreak)
        b.block(.table(alignments: [.left, .right, .center])) { b in
            b.block(.tableRow(isHeader: true)) { b in
                for h in ["Name", "Amount", "Notes"] { b.block(.tableCell(.plain)) { $0.text(h) } }
            }
            b.block(.tableRow(isHeader: false)) { b in
                b.block(.tableCell(.plain)) { $0.text("Apples") }
                b.block(.tableCell(.plain)) { $0.text("3") }
                b.block(.tableCell(.plain)) { $0.text("Red and green, from the orchard down the road") }
            }
            b.block(.tableRow(isHeader: false)) { b in
                b.block(.tableCell(TableCellAttributes(columnSpan: 2))) { $0.text("Spanning two") }
                b.block(.tableCell(.plain)) { $0.text("x") }
            }
        }
        b.block(.definitionList) { b in
            b.block(.term) { $0.text("Term") }
            b.block(.definition) { $0.paragraph("Its definition.") }
            b.block(.term) { $0.text("Other") }
            b.block(.definition) { $0.paragraph("Another one.") }
        }
        b.block(.footnoteDefinition(label: "n")) { $0.paragraph("The footnote text.") }
    }
}
