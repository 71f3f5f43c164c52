import Foundation
import Transmark

// libFuzzer entry point: one executable, the target chosen by TRANSMARK_FUZZ_TARGET (run.sh sets
// it). Every target checks invariants, not only crashes; a broken invariant is reported with
// `fatalError`, which libFuzzer records as a crash with the input that broke it.

let targetName = ProcessInfo.processInfo.environment["TRANSMARK_FUZZ_TARGET"] ?? ""
let dumpsTrees = ProcessInfo.processInfo.environment["TRANSMARK_FUZZ_DUMP"] != nil

/// The targets, by name (`run.sh TARGET SECONDS`).
let targets: [String: @Sendable ([UInt8]) -> Void] = [
    "html": fuzzHTMLFrontend,
    "markdown": fuzzMarkdownFrontend,
    "backends": fuzzBackends,
    "css": fuzzCSSDeclarations,
    "tagged": fuzzTaggedStrings,
    "selectors": fuzzSelectors,
    "json-tree": fuzzJSONTree,
    "styled-json": fuzzStyledJSON,
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = targets[targetName] else {
        fatalError("TRANSMARK_FUZZ_TARGET must be one of \(targets.keys.sorted()), not '\(targetName)'")
    }
    target(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

// SwiftPM links an executable with `main` defined as `TransmarkFuzz_main` (so tests can link
// it); with `-parse-as-library` there is no Swift `main`, so this one hands over to libFuzzer's
// driver, as libFuzzer's own `main` would.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_cdecl("TransmarkFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOne(data, size) }
}

// MARK: Invariants

func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}

/// Output is valid UTF-8.
func checkUTF8(_ bytes: [UInt8], _ what: String) {
    check(String(validating: bytes, as: UTF8.self) != nil, "\(what) output is not valid UTF-8")
}

/// HTML output parses again with the HTML frontend.
func checkHTMLReparses(_ bytes: [UInt8], _ what: String) {
    checkUTF8(bytes, what)
    do { _ = try HTMLFrontend().parse(bytes) } catch { fatalError("invariant broken: \(what) HTML output does not re-parse: \(error)") }
}

/// Markdown output parses again with the Markdown frontend.
func checkMarkdownReparses(_ bytes: [UInt8], _ what: String) {
    checkUTF8(bytes, what)
    do { _ = try MarkdownFrontend().parse(bytes) } catch { fatalError("invariant broken: \(what) Markdown output does not re-parse: \(error)") }
}

/// HTML or Markdown output holds no C0 control but tab and line ends (they become U+FFFD).
func checkNoControls(_ bytes: [UInt8], _ what: String) {
    check(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, "\(what) output has a C0 control character")
}

/// Markdown output, read by libcmark-gfm with raw HTML on and no tag filter and written as HTML
/// with raw HTML passed through (what `cmark-gfm --unsafe` shows), runs no code.
func checkMarkdownRendersSafely(_ markdown: [UInt8], _ what: String) {
    if dumpsTrees { FileHandle.standardError.write(Data(Array("MARKDOWN-BEGIN\n".utf8) + markdown + Array("\nMARKDOWN-END\n".utf8))) }
    var reader = MarkdownFrontend.Options()
    reader.extensions.remove(.tagfilter)
    var writer = HTMLBackend.Options()
    writer.unsafe = true
    guard let document = try? MarkdownFrontend().parse(markdown, options: reader),
          let html = try? HTMLBackend().render(document, options: writer) else { return }
    checkSafeHTML(html, "\(what) → cmark --unsafe (Markdown: \(String(decoding: markdown, as: UTF8.self).debugDescription.prefix(2000)))")
}

/// Plain-text output contains every non-space character of the document's visible text nodes.
func checkTextKeepsCharacters(_ document: Document, _ text: [UInt8], _ what: String) {
    let output = Set(String(decoding: text, as: UTF8.self).unicodeScalars)
    var missing: Unicode.Scalar?
    document.walk { event in
        guard case .enter(let node) = event else { return .proceed }
        // Raw HTML is dropped by the text writers' default policy; hidden text and footnote
        // labels follow their own documented rules.
        if node.tag == .htmlBlock || node.tag == .htmlInline { return .skipChildren }
        // Nodes styled `display: none` are left out by every text writer (documented policy).
        if node.style?.display == Display.none { return .skipChildren }
        if node.tag == .text {
            for scalar in node.text.unicodeScalars where !scalar.properties.isWhitespace
                && scalar.properties.generalCategory != .control
                && !output.contains(scalar) {
                missing = scalar
                return .stop
            }
        }
        return .proceed
    }
    if let missing { fatalError("invariant broken: \(what) text output lost U+\(String(missing.value, radix: 16, uppercase: true))") }
}

/// Styled JSON output reads back into a tree (the styled-text reader rebuilds blocks from any
/// layout the writer makes), and that tree renders as text; only a nesting limit may stop it.
func checkStyledJSONReadsBack(_ json: [UInt8], _ what: String) {
    do {
        let document = try Registry.standard.parse(json, from: "styled-json")
        checkUTF8(try Registry.standard.render(document, to: "text"), "\(what) → read back → text")
    } catch TransmarkError.nestingTooDeep {
        return
    } catch {
        fatalError("invariant broken: \(what) does not read back: \(error)")
    }
}

/// The safe HTML writer's output has no script, handler or javascript: URL (`what` may name
/// the input, the Markdown for one read back by cmark, shown when the check fails).
func checkSafeHTML(_ html: [UInt8], _ what: String) {
    // The writer's own output is UTF-8; a page it cannot decode is read as UTF-8 all the same.
    let tokenizer = (try? HTMLTokenizer(bytes: html)) ?? HTMLTokenizer(decodedUTF8: HTMLInputDecoder.preprocess(utf8: html))
    for token in tokenizer {
        guard case .startTag(let tag) = token else { continue }
        // Task-list items are written as cmark writes them: a disabled checkbox.
        let checkbox = tag.name == "input" && tag.attribute("type") == "checkbox" && tag.attribute("disabled") != nil
        check(checkbox || !HTMLNames.isCodeBearingElement(tag.name), "\(what): safe HTML output has <\(tag.name)>")
        for attribute in tag.attributes {
            check(!HTMLNames.isEventHandler(attribute.name), "\(what): safe HTML output has \(attribute.name)")
            if HTMLNames.isURLAttribute(attribute.name) {
                check(!URLSafety.isDangerous(attribute.value), "\(what): safe HTML output has \(attribute.name)=\(attribute.value)")
            }
        }
    }
}

let writers: [String] = Registry.standard.formats.filter(\.writes).map(\.format.name)

/// Renders a document with every registered backend and checks each output.
func renderEverywhere(_ document: Document, _ what: String) {
    // TRANSMARK_FUZZ_DUMP=1 writes the tree of each input as json-tree to standard error, and
    // each Markdown rendering checked for safety (to turn a crash input into a unit test).
    if dumpsTrees, let tree = try? Registry.standard.render(document, to: "json-tree") {
        FileHandle.standardError.write(Data(tree + [0x0A]))
    }
    for name in writers {
        let output: [UInt8]
        do { output = try Registry.standard.render(document, to: name) } catch { continue }
        switch name {
        case "html":
            checkHTMLReparses(output, "\(what) → html")
            checkSafeHTML(output, "\(what) → html")
            checkNoControls(output, "\(what) → html")
        case "markdown":
            checkMarkdownReparses(output, "\(what) → markdown")
            checkNoControls(output, "\(what) → markdown")
            checkMarkdownRendersSafely(output, "\(what) → markdown")
        case "text":
            checkUTF8(output, "\(what) → text")
            checkTextKeepsCharacters(document, output, "\(what) → text")
        case "styled-json":
            checkUTF8(output, "\(what) → styled-json")
            checkStyledJSONReadsBack(output, "\(what) → styled-json")
        default:
            checkUTF8(output, "\(what) → \(name)")
        }
    }
    // The other Markdown dialects (pandoc's grid tables and fancy lists, turndown's spacing,
    // markdownify's joined cells) and the options no profile sets (Unicode scripts, no
    // escaping, closed ATX headings): valid UTF-8, within the time and memory the fuzzer allows.
    let variants: [[(key: String, value: String)]] = [
        [("profile", "pandoc")], [("profile", "turndown")], [("profile", "markdownify")],
        [("profile", "commonmark"), ("superscript", "unicode"), ("subscript", "unicode"),
         ("escaping", "none"), ("headingStyle", "atxClosed"), ("autolinks", "false"), ("wikilinks", "titleAfterPipe")],
    ]
    for options in variants {
        if let markdown = try? Registry.standard.render(document, to: "markdown", options: options) {
            let name = "\(what) → markdown \(options.map { "\($0.key)=\($0.value)" }.joined(separator: " "))"
            checkUTF8(markdown, name)
            checkNoControls(markdown, name)
            // (`escaping=none` is documented as unsafe.)
            if !options.contains(where: { $0.key == "escaping" && $0.value == "none" }) { checkMarkdownRendersSafely(markdown, name) }
        }
    }
    var keep = HTMLBackend.Options()
    keep.rawHTML = .keep
    if let html = try? HTMLBackend().render(document, options: keep) {
        checkHTMLReparses(html, "\(what) → html rawHTML=keep")
        checkSafeHTML(html, "\(what) → html rawHTML=keep")
    }
}

// MARK: Targets

func fuzzHTMLFrontend(_ input: [UInt8]) {
    guard let document = try? HTMLFrontend().parse(input) else { return }
    renderEverywhere(document, "html")
}

func fuzzMarkdownFrontend(_ input: [UInt8]) {
    // libcmark-gfm 0.29 itself is quadratic on some inputs: keep units small.
    guard input.count <= 16 * 1024, let document = try? MarkdownFrontend().parse(input) else { return }
    renderEverywhere(document, "markdown")
}

/// Decodes the input as builder operations: a byte picks the operation (open a container kind,
/// add a leaf, add text, close), following bytes give its parameters.
func fuzzBackends(_ input: [UInt8]) {
    var reader = ByteReader(bytes: input)
    var builder = DocumentBuilder()
    var depth = 0
    while let op = reader.byte() {
        switch op % 8 {
        case 0, 1:
            let kind = containerKind(&reader)
            builder.open(kind, attributes: attributes(&reader), style: reader.flag() ? style(&reader) : nil)
            depth += 1
        case 2, 3:
            builder.text(reader.string())
        case 4:
            _ = builder.leaf(leafKind(&reader), text: reader.string(), attributes: attributes(&reader))
        case 5, 6:
            if depth > 0 {
                builder.close()
                depth -= 1
            }
        default:
            _ = builder.leaf(.softBreak)
        }
    }
    while depth > 0 {
        builder.close()
        depth -= 1
    }
    renderEverywhere(builder.finish(), "tree")
}

func containerKind(_ r: inout ByteReader) -> NodeKind {
    switch (r.byte() ?? 0) % 26 {
    case 0: return .paragraph
    case 1: return .heading(level: Int((r.byte() ?? 0) % 8))
    case 2: return .blockQuote
    case 3: return .list(ListAttributes(isOrdered: r.flag(), start: Int(r.byte() ?? 1), isTight: r.flag()))
    case 4: return .listItem(task: r.flag() ? (r.flag() ? .checked : .unchecked) : nil)
    case 5: return .table(alignments: (0..<Int((r.byte() ?? 0) % 4)).map { _ in [.none, .left, .center, .right][Int((r.byte() ?? 0) % 4)] })
    case 6: return .tableRow(isHeader: r.flag())
    case 7: return .tableCell(TableCellAttributes(columnSpan: Int((r.byte() ?? 0) % 4) + 1, rowSpan: Int((r.byte() ?? 0) % 3) + 1))
    case 8: return .footnoteDefinition(label: r.string())
    case 9: return .definitionList
    case 10: return .term
    case 11: return .definition
    case 12: return .division(tag: r.string())
    case 13: return .emphasis
    case 14: return .strong
    case 15: return .strikethrough
    case 16: return .underline
    case 17: return .superscript
    case 18: return .subscript
    case 19: return .highlight
    case 20: return .link(destination: r.string(), title: r.string())
    case 21: return .image(source: r.string(), title: r.string(), size: r.flag() ? ImageSize(width: Int(r.byte() ?? 0), height: nil) : nil)
    case 22: return .span
    case 23: return .custom(name: r.string())
    case 24: return .definition
    default: return .paragraph
    }
}

func leafKind(_ r: inout ByteReader) -> NodeKind {
    switch (r.byte() ?? 0) % 9 {
    case 0: return .text
    case 1: return .code
    case 2: return .codeBlock(info: r.string())
    case 3: return .htmlBlock
    case 4: return .htmlInline
    case 5: return .lineBreak
    case 6: return .thematicBreak
    case 7: return .footnoteReference(label: r.string())
    default: return .softBreak
    }
}

func attributes(_ r: inout ByteReader) -> [Attribute] {
    guard r.flag() else { return [] }
    let names = ["id", "class", "href", "src", "onclick", "style", "title", "data-x", "srcset", "lang"]
    return (0..<Int((r.byte() ?? 0) % 3)).map { _ in
        let name = r.flag() ? names[Int((r.byte() ?? 0) % UInt8(names.count))] : r.string()
        return Attribute(name, r.string())
    }
}

func style(_ r: inout ByteReader) -> Style {
    CSSStyleParser.parse(r.string())
}

func fuzzCSSDeclarations(_ input: [UInt8]) {
    let style = CSSStyleParser.parse(input)
    let css = style.cssText
    checkUTF8(Array(css.utf8), "css")
    // What the writer writes reads back as the same style.
    let again = CSSStyleParser.parse(css)
    check(again.cssText == css, "css: \(css) reads back as \(again.cssText)")
}

func fuzzTaggedStrings(_ input: [UInt8]) {
    let markup = String(decoding: input, as: UTF8.self)
    let tagged = TaggedString(markup: markup)
    checkUTF8(Array(tagged.plainText.utf8), "tagged plainText")
    if let styled = try? tagged.styledText(.standard()) {
        check(styled.text == tagged.plainText,
              "tagged: styledText \(styled.text.debugDescription.prefix(300)) differs from plainText \(tagged.plainText.debugDescription.prefix(300))")
    }
}

let selectorDocument: Document = {
    let html = """
    <main id="m" class="a b"><h1>Title</h1><p class="x">One <em>two</em> <a href="/x">three</a></p>
    <ul><li>a</li><li class="x">b<ul><li>c</li></ul></li></ul><table><tr><th>h</th></tr><tr><td>d</td></tr></table>
    <div data-k="v"><span lang="en">s</span><img src="i.png" alt="i"></div></main>
    """
    return try! HTMLFrontend().parse(html)
}()

func fuzzSelectors(_ input: [UInt8]) {
    guard input.count <= 4096 else { return }
    let source = String(decoding: input, as: UTF8.self)
    guard let selector = try? Selector(source) else { return }
    // Matching is one pass over the nodes: it ends, and never matches the same node twice.
    let matches = selector.matches(in: selectorDocument)
    check(Set(matches.map(\.id.index)).count == matches.count, "selectors: '\(source)' matched a node twice")
}

/// json-tree read back: any bytes either fail with a typed error or give a document; that
/// document's json-tree reads back, and writing it again gives the same bytes (a fixed point).
/// Then every backend renders it.
func fuzzJSONTree(_ input: [UInt8]) {
    guard let document = try? JSONTreeFrontend().parse(input) else { return }
    let written: [UInt8]
    do { written = try JSONTreeBackend().render(document, options: JSONTreeBackend.Options()) } catch {
        fatalError("invariant broken: json-tree: a document read from json-tree does not render as json-tree: \(error)")
    }
    checkUTF8(written, "json-tree → json-tree")
    let again: Document
    do { again = try JSONTreeFrontend().parse(written) } catch {
        fatalError("invariant broken: json-tree: its own output does not read back: \(error)")
    }
    let rewritten = (try? JSONTreeBackend().render(again, options: JSONTreeBackend.Options())) ?? []
    check(rewritten == written, "json-tree: writing what was read back changed the bytes")
    renderEverywhere(document, "json-tree")
}

/// styled-json read back: any bytes either fail with a typed error or give a document, which
/// every backend renders (numbers at the edges of their range in every field: the dictionary
/// and seeds of run.sh). Read with `maxDepth=1000`: one number (`listLevel: 99999`) asks for a
/// list 99,999 levels deep, inherent work that every backend then does, which no per-input
/// timeout of a sanitized debug build fits; the depth limit itself is tested by the test suite
/// (`StyledJSONReadingTests`, `HostileNumberTests`).
func fuzzStyledJSON(_ input: [UInt8]) {
    let document: Document
    do {
        document = try Registry.standard.parse(input, from: "styled-json", options: [(key: "maxDepth", value: "1000")])
    } catch is TransmarkError {
        return
    } catch {
        fatalError("invariant broken: styled-json: an error that is not a TransmarkError: \(error)")
    }
    renderEverywhere(document, "styled-json")
}

/// Reads parameters from the fuzz input; past its end every read gives zero or empty.
struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func flag() -> Bool { (byte() ?? 0) & 1 == 1 }

    /// A length byte, then that many bytes (decoded as UTF-8, invalid sequences replaced).
    mutating func string() -> String {
        let count = Int((byte() ?? 0) % 24)
        let end = min(bytes.count, position + count)
        defer { position = end }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }
}
