import TransmarkCore

/// A linear pre-scan that estimates how much work libcmark-gfm 0.29 will do on an input and
/// refuses inputs it cannot parse in time, before they reach the library.
///
/// libcmark-gfm 0.29 has three superlinear spots this guards:
/// - every line (blank lines included) is checked against every open container, so thousands of
///   lines inside tens of thousands of nested lists or quotes cost depth × lines;
/// - every inline node added under deep nesting walks the ancestor chain, so inline markup deep in
///   nested quotes costs depth × delimiters;
/// - every link formed walks back over the unclosed `![` image openers, so `![[]()` repeated costs
///   openers × links.
///
/// The estimate counts those steps (only beyond a free allowance of 32 levels, so ordinary
/// documents of any size cost nothing); over `maxComplexity` it throws `inputTooComplex`, and a
/// line nesting deeper than `maxDepth` throws `nestingTooDeep`. Both name the option that raises
/// the limit.
struct MarkdownComplexityGuard {
    let maxDepth: Int
    let maxComplexity: Int

    /// Nesting levels that cost nothing extra (ordinary documents stay below).
    private static let freeDepth = 32

    /// Bytes that can start inline nodes (delimiters, brackets, code, entities, raw HTML, breaks).
    private static let inlineSpecial: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for c in "*_~`[]!<&\\" { table[Int(c.asciiValue!)] = true }
        return table
    }()

    func check(_ input: UnsafeBufferPointer<UInt8>) throws {
        var depthWork = 0
        var bracketWork = 0
        var openDepth = 0
        var previousBlank = true
        // Bracket stack of the current paragraph: true for image openers `![`.
        var brackets: [Bool] = []
        var unclosedImages = 0
        let count = input.count
        var i = 0
        while i < count {
            // Container markers at the start of the line.
            var markers = 0
            var indent = 0
            var lineHasText = false
            scanMarkers: while i < count {
                let b = input[i]
                switch b {
                case 0x20, 0x09:
                    if markers == 0 { indent += 1 }
                    i += 1
                case UInt8(ascii: ">"):
                    markers += 1
                    i += 1
                case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
                    let next = i + 1 < count ? input[i + 1] : 0x0A
                    if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D {
                        markers += 1
                        i += 1
                    } else {
                        break scanMarkers
                    }
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    var j = i
                    while j < count && j - i < 10 && input[j] >= 0x30 && input[j] <= 0x39 { j += 1 }
                    if j < count && (input[j] == UInt8(ascii: ".") || input[j] == UInt8(ascii: ")"))
                        && (j + 1 >= count || input[j + 1] == 0x20 || input[j + 1] == 0x09 || input[j + 1] == 0x0A) {
                        markers += 1
                        i = j + 1
                    } else {
                        break scanMarkers
                    }
                default:
                    break scanMarkers
                }
            }
            if markers > maxDepth {
                throw TransmarkError.nestingTooDeep(depth: markers, limit: maxDepth, option: "maxDepth")
            }
            // The rest of the line.
            var specials = 0
            while i < count {
                let b = input[i]
                if b == 0x0A || b == 0x0D { break }
                if b != 0x20 && b != 0x09 { lineHasText = true }
                if Self.inlineSpecial[Int(b)] {
                    specials += 1
                    if b == UInt8(ascii: "[") {
                        let isImage = i > 0 && input[i - 1] == UInt8(ascii: "!")
                        brackets.append(isImage)
                        if isImage { unclosedImages += 1 }
                    } else if b == UInt8(ascii: "]"), let opener = brackets.popLast() {
                        if opener {
                            unclosedImages -= 1
                        } else {
                            bracketWork &+= unclosedImages
                        }
                    }
                }
                i += 1
            }
            // Line end (CR, LF or CRLF).
            if i < count {
                if input[i] == 0x0D && i + 1 < count && input[i + 1] == 0x0A { i += 1 }
                i += 1
            }
            if !lineHasText {
                // A blank line (or only markers): cmark still visits every open container.
                openDepth = max(openDepth, markers)
                if markers == 0 {
                    brackets.removeAll(keepingCapacity: true)
                    unclosedImages = 0
                }
                previousBlank = markers == 0
            } else {
                if markers == 0 && indent == 0 && previousBlank {
                    openDepth = 0
                }
                openDepth = max(openDepth, markers)
                if openDepth > Self.freeDepth { depthWork &+= openDepth &* specials }
                previousBlank = false
            }
            if openDepth > Self.freeDepth { depthWork &+= openDepth }
            if depthWork > maxComplexity {
                throw TransmarkError.inputTooComplex(
                    what: "nesting \(openDepth) containers deep under many lines or inline delimiters",
                    estimate: depthWork, limit: maxComplexity, option: "maxComplexity")
            }
            if bracketWork > maxComplexity {
                throw TransmarkError.inputTooComplex(
                    what: "links formed after many unclosed image openers (`![`)",
                    estimate: bracketWork, limit: maxComplexity, option: "maxComplexity")
            }
        }
    }
}
