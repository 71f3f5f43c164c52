@_spi(TransmarkStorage) import TransmarkCore

// Start and end tags, and the attributes and style a node carries from its source.
extension HTMLRenderer {
    @inline(__always)
    func hasAttributesOrStyle(_ index: Int32) -> Bool {
        records.attributes(index) >= 0 || records.style(index) >= 0
    }

    /// The start tag of the element nodes of a kind are written as (`NodeKind.Tag.htmlTagName`).
    @inline(__always)
    mutating func openTag(_ kind: NodeKind.Tag, _ index: Int32) {
        if let name = kind.htmlTagName { openTag(name, index) }
    }

    /// The end tag of the element nodes of a kind are written as.
    @inline(__always)
    mutating func closeTag(_ kind: NodeKind.Tag) {
        if let name = kind.htmlTagName { closeTag(name) }
    }

    /// `<` and the element name of a kind, for a start tag whose attributes are written by hand
    /// (`<a href="…"`, `<img src="…"`).
    @inline(__always)
    mutating func writeTagStart(_ kind: NodeKind.Tag) {
        out.append(byte: UInt8(ascii: "<"))
        if let name = kind.htmlTagName { out.append(name) }
    }

    @inline(__always)
    mutating func openTag(_ name: StaticString, _ index: Int32) {
        out.append(byte: UInt8(ascii: "<"))
        out.append(name)
        if hasAttributesOrStyle(index) {
            writeAttributes(index, element: policy.elementAttributes.isEmpty ? "" : name.description)
        }
        out.append(byte: UInt8(ascii: ">"))
    }

    mutating func openTag(_ name: String, _ index: Int32) {
        out.append(byte: UInt8(ascii: "<"))
        out.append(name)
        writeAttributes(index, element: name)
        out.append(byte: UInt8(ascii: ">"))
    }

    @inline(__always)
    mutating func closeTag(_ name: StaticString) {
        out.append("</")
        out.append(name)
        out.append(byte: UInt8(ascii: ">"))
    }

    mutating func closeTag(_ name: String) {
        out.append("</")
        out.append(name)
        out.append(byte: UInt8(ascii: ">"))
    }

    /// The element name of a division or custom node: its own tag when that is a plain element
    /// name and (in safe mode) not one that can run or embed code, else `div` (a block) or `span`.
    func elementName(_ index: Int32, block: Bool) -> String {
        let name: String
        switch document.kind(at: index) {
        case .division(let tag): name = tag
        case .custom(let custom): name = custom
        default: name = ""
        }
        let fallback = block ? "div" : "span"
        guard HTMLNames.isValidElementName(name) else { return fallback }
        if !policy.allowsElement(name) { return fallback }
        return name
    }

    /// Writes an attribute value escaped, line ends as `&#10;` with
    /// `attributeLineEndsAsReferences`.
    mutating func writeAttributeValue(_ value: String) {
        guard options.attributeLineEndsAsReferences,
              value.utf8.withContiguousStorageIfAvailable({ $0.firstIndex(of: 0x0A) != nil }) ?? value.utf8.contains(0x0A) else {
            HTMLEscaping.escapeText(value, into: &out)
            return
        }
        for (k, line) in value.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if k > 0 { out.append("&#10;") }
            HTMLEscaping.escapeText(line, into: &out)
        }
    }

    /// Writes the node's attributes (and its style as `style=""`), escaping values; drops those
    /// the policy does not allow on `element` (event handlers, dangerous URLs, …); without
    /// `keepAttributes` keeps only `id`, `title`, `lang` and `dir`.
    mutating func writeAttributes(_ index: Int32, element: String = "") {
        if records.attributes(index) >= 0 {
            let hasStyle = records.style(index) >= 0
            for attribute in document.attributes(at: index) {
                let name = attribute.name
                guard HTMLNames.isValidAttributeName(name) else { continue }
                if hasStyle && name == "style" { continue }
                if !options.keepAttributes && name != "id" && name != "title" && name != "lang" && name != "dir" { continue }
                if policy.isEnabled && !policy.allowsAttribute(name, value: attribute.value, element: element) { continue }
                out.append(byte: 0x20)
                out.append(name)
                out.append("=\"")
                writeAttributeValue(attribute.value)
                out.append(byte: 0x22)
            }
        }
        if records.style(index) >= 0 && options.keepAttributes && (policy.styles || !policy.isEnabled) {
            let css = document.storage.styles[Int(records.style(index))].cssText
            if !css.isEmpty {
                out.append(" style=\"")
                HTMLEscaping.escapeText(css, into: &out)
                out.append(byte: 0x22)
            }
        }
    }
}
