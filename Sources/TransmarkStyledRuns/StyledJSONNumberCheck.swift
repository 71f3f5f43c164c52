import TransmarkCore

/// The checks `styled-json` input passes before it is decoded, for what the decoder would only
/// call "not valid JSON": JSON nested deeper than ``maximumNesting`` levels, numbers too large for
/// any value (`1e999`), and numbers out of range for their field. Integer fields (offsets,
/// lengths, style indexes, depths, levels, weights, sizes in pixels) take whole numbers within
/// `Int`; number fields (font sizes, indents, spacings, offsets) take magnitudes below
/// ``maximumMagnitude`` (the writer writes nothing larger). Each fault is a
/// `TransmarkError.malformedInput` naming the field's path (`runs[1].length`) and the byte offset.
///
/// One pass over the bytes with an explicit stack (no recursion); syntax errors are left to the
/// decoder, which reports them.
enum StyledJSONNumberCheck {
    /// The deepest JSON nesting read (Foundation's decoder stops there too).
    static let maximumNesting = 512
    /// The largest magnitude of a number field: `StyledJSONWriter` writes nothing from 1e12 on.
    static let maximumMagnitude = 1e12

    /// The members whose values are integers.
    static let integerFields: Set<String> = [
        "version", "location", "length", "style", "weight", "headingLevel", "blockQuoteDepth", "listLevel",
        "tableRow", "tableColumn", "width", "height",
    ]
    /// The members whose values are numbers with a fraction (`location` only in a tab stop).
    static let numberFields: Set<String> = [
        "size", "headIndent", "firstLineHeadIndent", "spacingBefore", "spacingAfter", "lineHeightMultiple",
        "baselineOffset", "letterSpacing",
    ]

    private struct Frame {
        var isObject: Bool
        /// The member being read (objects) or the number of elements so far (arrays).
        var key = ""
        var index = -1
        var expectsKey = false
    }

    /// Throws the first fault found in `input`; returns quietly when there is none or when the
    /// input is not JSON (the decoder says why).
    static func check(_ input: UnsafeBufferPointer<UInt8>) throws {
        var stack: [Frame] = []
        var i = 0
        let n = input.count
        while i < n {
            let b = input[i]
            switch b {
            case 0x7B, 0x5B: // { [
                if stack.count >= maximumNesting {
                    throw TransmarkError.malformedInput(
                        message: "styled-json nests deeper than \(maximumNesting) levels at \(path(stack))", offset: i)
                }
                if let top = stack.indices.last, !stack[top].isObject { stack[top].index += 1 }
                stack.append(Frame(isObject: b == 0x7B, expectsKey: b == 0x7B))
                i += 1
            case 0x7D, 0x5D: // } ]
                guard !stack.isEmpty else { return }
                stack.removeLast()
                i += 1
            case 0x2C: // ,
                if let top = stack.indices.last, stack[top].isObject { stack[top].expectsKey = true }
                i += 1
            case 0x3A: // :
                i += 1
            case 0x22:
                let start = i + 1
                i = start
                var escaped = false
                while i < n && input[i] != 0x22 {
                    if input[i] == 0x5C { escaped = true; i += 1 }
                    i += 1
                }
                guard i < n else { return }
                if let top = stack.indices.last, stack[top].isObject, stack[top].expectsKey {
                    // Member names the checks care about have no escapes.
                    stack[top].key = escaped ? "" : String(decoding: UnsafeBufferPointer(rebasing: input[start ..< i]), as: UTF8.self)
                    stack[top].expectsKey = false
                } else if let top = stack.indices.last, !stack[top].isObject {
                    stack[top].index += 1
                }
                i += 1
            case 0x2D, 0x30 ... 0x39:
                let start = i
                var fraction = false
                i += 1
                while i < n {
                    let c = input[i]
                    if c >= 0x30 && c <= 0x39 || c == 0x2D || c == 0x2B {
                        i += 1
                    } else if c == 0x2E || c == 0x65 || c == 0x45 {
                        fraction = true
                        i += 1
                    } else {
                        break
                    }
                }
                if let top = stack.indices.last, !stack[top].isObject { stack[top].index += 1 }
                try checkNumber(UnsafeBufferPointer(rebasing: input[start ..< i]), fraction: fraction, stack: stack, offset: start)
            default:
                if let top = stack.indices.last, !stack[top].isObject, b >= 0x61 && b <= 0x7A { stack[top].index += 1 }
                // Literals: skip the word.
                i += 1
                while i < n && input[i] >= 0x61 && input[i] <= 0x7A { i += 1 }
            }
        }
    }

    private static func checkNumber(_ text: UnsafeBufferPointer<UInt8>, fraction: Bool, stack: [Frame], offset: Int) throws {
        let field = fieldName(stack)
        let isInteger = field.map(integerFields.contains) ?? false
        let isNumber = field.map(numberFields.contains) ?? false || field == "tabStops.location"
        func fail(_ message: String) -> TransmarkError {
            .malformedInput(message: "styled-json at \(path(stack)): \(message)", offset: offset)
        }
        let literal = String(decoding: text, as: UTF8.self)
        if !fraction {
            // Whole numbers: within Int for every field (more digits than fit, out of range).
            var value = 0
            var overflow = false
            let negative = text.first == 0x2D
            for (k, c) in text.enumerated() where !(k == 0 && negative) {
                // Not a number of JSON's grammar (`4-2`, `1+`): the decoder says so.
                guard c >= 0x30 && c <= 0x39 else { return }
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = negative ? m.subtractingReportingOverflow(Int(c - 0x30)) : m.addingReportingOverflow(Int(c - 0x30))
                if o1 || o2 { overflow = true; break }
                value = s
            }
            if overflow {
                if isInteger { throw fail("number \(literal) out of range (an integer from \(Int.min) to \(Int.max))") }
                if isNumber { throw fail("number \(literal) out of range (at most 1e12 in magnitude)") }
                return
            }
            if isNumber && Double(value).magnitude >= maximumMagnitude {
                throw fail("number \(literal) out of range (at most 1e12 in magnitude)")
            }
            return
        }
        guard let value = Double(literal) else { return }
        if !value.isFinite { throw fail("number \(literal) out of range") }
        if isInteger {
            if value != value.rounded(.towardZero) { throw fail("\(field!) must be a whole number, not \(literal)") }
            if value.magnitude >= 9.2e18 { throw fail("number \(literal) out of range (an integer from \(Int.min) to \(Int.max))") }
        } else if isNumber && value.magnitude >= maximumMagnitude {
            throw fail("number \(literal) out of range (at most 1e12 in magnitude)")
        }
    }

    /// The member a number is the value of: its name, `tabStops.location` for a tab stop's, nil
    /// for an array element.
    private static func fieldName(_ stack: [Frame]) -> String? {
        guard let top = stack.last, top.isObject else { return nil }
        if top.key == "location", stack.count >= 3, !stack[stack.count - 2].isObject, stack[stack.count - 3].key == "tabStops" {
            return "tabStops.location"
        }
        return top.key
    }

    /// The JSON path of the value being read: `runs[1].length`, or `the top level`; past 40
    /// levels, the first and last 16 around a count of those left out.
    private static func path(_ stack: [Frame]) -> String {
        if stack.count > 40 {
            let head = path(Array(stack.prefix(16)))
            let tail = path(Array(stack.suffix(16)))
            return head + "…(\(stack.count - 32) more)…" + (tail.hasPrefix("[") ? tail : "." + tail)
        }
        var s = ""
        for frame in stack {
            if frame.isObject {
                if !frame.key.isEmpty { s += (s.isEmpty ? "" : ".") + frame.key }
            } else if frame.index >= 0 {
                s += "[\(frame.index)]"
            }
        }
        return s.isEmpty ? "the top level" : s
    }
}
