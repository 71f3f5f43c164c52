import TransmarkCore

/// Writes the escape sequences that take the terminal from one `TextStyle` to the next.
///
/// Transitions are minimal: leaving an inner style turns off only what the inner style added
/// (`ESC[23m` for italic, …) so the outer attributes stay in effect; nothing is reset wholesale
/// except when the target is plain. `endLine` resets everything (and closes an open hyperlink) so
/// that every line stands alone for `less -R` and line-based tools; the next line's first run
/// reopens what it needs.
struct ANSIStyleWriter {
    /// The color depth to write (never `.auto`).
    let depth: ANSIColorDepth
    /// Whether links are written as OSC 8 hyperlinks.
    let hyperlinks: Bool
    private(set) var current = TextStyle.plain
    private var openLink: Int32 = -1

    init(depth: ANSIColorDepth, hyperlinks: Bool) {
        self.depth = depth == .auto ? .truecolor : depth
        self.hyperlinks = hyperlinks
    }

    /// Moves the terminal to `target`.
    mutating func transition(to target: TextStyle, links: [[UInt8]], out: inout ByteOutput) {
        if target == current { return }
        let targetLink = hyperlinks ? target.link : -1
        if targetLink != openLink {
            if openLink >= 0 { out.append("\u{1B}]8;;\u{1B}\\") }
            if targetLink >= 0 {
                out.append("\u{1B}]8;id=tm")
                out.append(int: Int(targetLink))
                out.append(byte: 0x3B)
                out.append(contentsOf: links[Int(targetLink)])
                out.append("\u{1B}\\")
            }
            openLink = targetLink
        }
        let targetForeground = target.foreground?.downsampled(to: depth)
        let targetBackground = target.background?.downsampled(to: depth)
        let currentForeground = current.foreground?.downsampled(to: depth)
        let currentBackground = current.background?.downsampled(to: depth)
        var codes = SGRCodes()
        if target.flags == 0 && targetForeground == nil && targetBackground == nil {
            if current.flags != 0 || currentForeground != nil || currentBackground != nil { codes.add(0, &out) }
        } else {
            let off = current.flags & ~target.flags
            var on = target.flags & ~current.flags
            if off & (TextStyle.boldFlag | TextStyle.dimFlag) != 0 {
                codes.add(22, &out)
                on |= target.flags & (TextStyle.boldFlag | TextStyle.dimFlag)
            }
            if off & TextStyle.italicFlag != 0 { codes.add(23, &out) }
            if off & TextStyle.underlineFlag != 0 { codes.add(24, &out) }
            if off & TextStyle.strikeFlag != 0 { codes.add(29, &out) }
            if off & TextStyle.inverseFlag != 0 { codes.add(27, &out) }
            if on & TextStyle.boldFlag != 0 { codes.add(1, &out) }
            if on & TextStyle.dimFlag != 0 { codes.add(2, &out) }
            if on & TextStyle.italicFlag != 0 { codes.add(3, &out) }
            if on & TextStyle.underlineFlag != 0 { codes.add(4, &out) }
            if on & TextStyle.inverseFlag != 0 { codes.add(7, &out) }
            if on & TextStyle.strikeFlag != 0 { codes.add(9, &out) }
            if targetForeground != currentForeground { codes.add(color: targetForeground, background: false, &out) }
            if targetBackground != currentBackground { codes.add(color: targetBackground, background: true, &out) }
        }
        codes.finish(&out)
        current = target
    }

    /// Ends a line: resets every attribute and closes an open hyperlink.
    mutating func endLine(out: inout ByteOutput) {
        if openLink >= 0 {
            out.append("\u{1B}]8;;\u{1B}\\")
            openLink = -1
        }
        if current.flags != 0 || current.foreground?.downsampled(to: depth) != nil
            || current.background?.downsampled(to: depth) != nil {
            out.append("\u{1B}[0m")
        }
        current = .plain
    }
}

/// Writes one SGR sequence parameter by parameter, straight into the output: `ESC[` before the
/// first, `;` between, `m` at `finish`. Nothing is written when no parameter was added.
struct SGRCodes {
    private var started = false

    @inline(__always)
    mutating func add(_ code: Int, _ out: inout ByteOutput) {
        if started {
            out.append(byte: 0x3B)
        } else {
            out.append(byte: 0x1B)
            out.append(byte: 0x5B)
            started = true
        }
        appendDecimal(code, to: &out)
    }

    mutating func add(color: ANSIColor?, background: Bool, _ out: inout ByteOutput) {
        switch color {
        case nil:
            add(background ? 49 : 39, &out)
        case .basic(let n)?:
            let n = Int(n & 15)
            add(n < 8 ? (background ? 40 : 30) + n : (background ? 100 : 90) + n - 8, &out)
        case .indexed(let n)?:
            add(background ? 48 : 38, &out)
            add(5, &out)
            add(Int(n), &out)
        case .rgb(let r, let g, let b)?:
            add(background ? 48 : 38, &out)
            add(2, &out)
            add(Int(r), &out)
            add(Int(g), &out)
            add(Int(b), &out)
        }
    }

    func finish(_ out: inout ByteOutput) {
        if started { out.append(byte: 0x6D) }
    }
}

/// Appends the decimal digits of a non-negative number without building a `String`.
@inline(__always)
func appendDecimal(_ n: Int, to out: inout ByteOutput) {
    if n < 10 {
        out.append(byte: 0x30 &+ UInt8(truncatingIfNeeded: max(0, n)))
        return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var v = n
    withUnsafeMutableBytes(of: &digits) { buffer in
        while v > 0 && count < 20 {
            buffer[count] = 0x30 &+ UInt8(v % 10)
            v /= 10
            count += 1
        }
        for i in stride(from: count - 1, through: 0, by: -1) { out.append(byte: buffer[i]) }
    }
}
