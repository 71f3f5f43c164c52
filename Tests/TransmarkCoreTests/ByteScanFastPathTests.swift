import Testing
import TransmarkCore

/// The fast paths of two per-output checks give what a plain byte-by-byte reading gives:
/// `ControlCharacters.replaceC0Controls` (eight bytes at a time) and `URLSafety.isDangerous`
/// (a first byte no refused scheme starts with ends the check).
@Suite struct ByteScanFastPathTests {
    /// The replacement by a plain loop: each C0 control but tab, LF and CR becomes U+FFFD.
    func referenceReplaced(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for b in bytes {
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { out += [0xEF, 0xBF, 0xBD] } else { out.append(b) }
        }
        return out
    }

    /// Every control at every position of inputs of every length up to three words, among
    /// bytes just above and far above 0x20 (and non-ASCII bytes, whose high bit is set).
    @Test func controlsAreFoundAtEveryPositionOfEveryLength() {
        for length in 0...25 {
            for fill: UInt8 in [0x20, 0x21, 0x7F, 0x80, 0xE2] {
                for position in 0..<max(length, 1) {
                    for control: UInt8 in [0x00, 0x01, 0x09, 0x0A, 0x0B, 0x0D, 0x1B, 0x1F] {
                        var bytes = [UInt8](repeating: fill, count: length)
                        if position < length { bytes[position] = control }
                        var replaced = bytes
                        ControlCharacters.replaceC0Controls(in: &replaced)
                        #expect(replaced == referenceReplaced(bytes), "\(bytes)")
                    }
                }
            }
        }
        var mixed = Array("line one\nline\ttwo\r\n\u{1B}[31mred\u{07} and \u{0}end".utf8)
        let expected = referenceReplaced(mixed)
        ControlCharacters.replaceC0Controls(in: &mixed)
        #expect(mixed == expected)
    }

    /// Refused schemes in any case, after leading spaces and controls, with tabs and line feeds
    /// inside; others (and the image `data:` URLs) allowed.
    @Test(arguments: [
        ("javascript:alert(1)", true), ("JaVaScRiPt:x", true), ("  \u{01}\tjavascript:x", true), ("java\tscript:x", true),
        ("jav\nascript:x", true), ("vbscript:x", true), ("VBScript:x", true), ("file:///etc/passwd", true), ("FILE:x", true),
        ("data:text/html,<script>", true), ("DATA:text/html,x", true), (" data:image/svg+xml,x", true),
        ("data:image/png;base64,x", false), ("DATA:IMAGE/GIF;x", false), ("https://example.com/", false), ("/docs/file:x", false),
        ("docs/javascript:x", false), ("d", false), ("", false), ("   ", false), ("#javascript:x", false), ("fil", false),
        ("vb", false), ("ftp://example.com", false), ("\u{0C}file:x", true),
    ] as [(String, Bool)])
    func dangerousURLs(_ url: String, _ dangerous: Bool) {
        #expect(URLSafety.isDangerous(url) == dangerous, "\(url.debugDescription)")
    }
}
