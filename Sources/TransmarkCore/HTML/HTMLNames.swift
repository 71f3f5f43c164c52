/// Facts about HTML element and attribute names used when writing HTML.
public enum HTMLNames {
    /// Elements that run or embed code, or change how the page loads; safe output never writes them.
    public static let codeBearingElements: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta",
        "link", "form", "input", "button", "textarea", "select", "option", "noscript", "template",
        "svg", "math", "portal", "param", "title", "xmp", "plaintext", "noembed", "noframes",
    ]

    /// Attributes whose value is a URL.
    public static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "poster", "background", "cite", "longdesc", "usemap",
        "xlink:href", "data", "codebase", "lowsrc", "dynsrc", "ping", "manifest", "icon", "srcset",
    ]

    /// Whether an element can run or embed code (see `codeBearingElements`).
    public static func isCodeBearingElement(_ name: String) -> Bool {
        codeBearingElements.contains(asciiLowercased(name))
    }

    /// Whether an attribute holds a URL.
    public static func isURLAttribute(_ name: String) -> Bool {
        urlAttributes.contains(asciiLowercased(name))
    }

    /// Whether an attribute is an event handler (`onclick`, `onerror`, …).
    public static func isEventHandler(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let o = bytes.next(), let n = bytes.next() else { return false }
        return (o | 0x20) == UInt8(ascii: "o") && (n | 0x20) == UInt8(ascii: "n")
    }

    /// `name` with its ASCII upper-case letters lowered and every other character as it is, as
    /// HTML compares names (a Kelvin sign is not a `k`): `name` itself (no new string) when it
    /// has none, as the names the HTML reader keeps (it lowers them) never do.
    package static func asciiLowercased(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return name }
        return String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether `name` is a plain element name: an ASCII letter, then letters, digits or `-`.
    public static func isValidElementName(_ name: String) -> Bool {
        var first = true
        for b in name.utf8 {
            let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
            if first {
                guard letter else { return false }
                first = false
            } else if !(letter || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-")) {
                return false
            }
        }
        return !first
    }

    /// Whether `name` can be written as an attribute name (no spaces, quotes, `=`, `<`, `>`, `/`).
    public static func isValidAttributeName(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        for b in name.utf8 {
            switch b {
            case 0...0x20, 0x22, 0x27, 0x2F, 0x3C, 0x3D, 0x3E, 0x7F: return false
            default: continue
            }
        }
        return true
    }
}
