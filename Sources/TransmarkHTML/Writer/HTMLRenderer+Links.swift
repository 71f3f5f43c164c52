@_spi(TransmarkStorage) import TransmarkCore

// Links and images. An image's content becomes its `alt` attribute: from `enterImage` until the
// image is exited, only text is written (`writeImageDescription`).
extension HTMLRenderer {
    /// The start of a link, or of an image up to its `alt` attribute.
    mutating func enterLinkOrImage(_ tag: NodeKind.Tag, _ index: Int32) {
        if tag == .link { enterLink(index) } else { enterImage(index) }
    }

    /// The end of a link, or the rest of an image: title, size, attributes and ` />`.
    mutating func exitLinkOrImage(_ tag: NodeKind.Tag, _ index: Int32) {
        if tag == .link { closeTag(.link) } else { exitImage(index) }
    }

    private mutating func enterLink(_ index: Int32) {
        guard case .link(let destination, let title) = document.kind(at: index) else { return }
        writeTagStart(.link)
        out.append(" href=\"")
        writeURL(destination, attribute: "href")
        if !title.isEmpty {
            out.append("\" title=\"")
            writeAttributeValue(title)
        }
        out.append("\"")
        writeAttributes(index, element: "a")
        out.append(">")
    }

    private mutating func enterImage(_ index: Int32) {
        guard case .image(let source, _, _) = document.kind(at: index) else { return }
        writeTagStart(.image)
        out.append(" src=\"")
        writeURL(source, attribute: "src")
        out.append("\" alt=\"")
        plainUntil = index
    }

    /// Writes a node inside an image's description: text only (breaks as spaces).
    mutating func writeImageDescription(_ index: Int32) {
        switch records.tag(index) {
        case .text, .code, .htmlInline:
            HTMLEscaping.escapeText(textBytes(index), into: &out)
        case .softBreak, .lineBreak:
            out.append(byte: 0x20)
        default:
            break
        }
    }

    private mutating func exitImage(_ index: Int32) {
        guard case .image(_, let title, let size) = document.kind(at: index) else { return }
        if !title.isEmpty {
            out.append("\" title=\"")
            writeAttributeValue(title)
        }
        out.append("\"")
        if let width = size?.width {
            out.append(" width=\"")
            out.append(int: width)
            out.append("\"")
        }
        if let height = size?.height {
            out.append(" height=\"")
            out.append(int: height)
            out.append("\"")
        }
        writeAttributes(index, element: "img")
        out.append(" />")
    }

    /// A URL for `href`/`src`, emptied when the policy does not allow it.
    mutating func writeURL(_ url: String, attribute: String) {
        if policy.allowsURL(url, attribute: attribute) {
            HTMLEscaping.escapeHref(url, into: &out)
        }
    }
}
