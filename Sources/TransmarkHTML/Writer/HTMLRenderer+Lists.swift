import TransmarkCore

// Bullet, ordered and task lists, and definition lists.
extension HTMLRenderer {
    /// `<ul>`, or `<ol>` with its start, direction and numbering.
    private mutating func openList(_ index: Int32) {
        guard case .list(let list) = document.kind(at: index) else { return }
        listIsTight.append(list.isTight)
        out.ensureNewline()
        if !list.isOrdered {
            openTag("ul", index)
        } else {
            out.append("<ol")
            if list.start != 1 {
                out.append(" start=\"")
                out.append(int: list.start)
                out.append("\"")
            }
            if list.isReversed { out.append(" reversed=\"\"") }
            switch list.numbering {
            case .decimal: break
            case .lowerAlpha: out.append(" type=\"a\"")
            case .upperAlpha: out.append(" type=\"A\"")
            case .lowerRoman: out.append(" type=\"i\"")
            case .upperRoman: out.append(" type=\"I\"")
            }
            writeAttributes(index, element: "ol")
            out.append(">")
        }
        out.append(byte: 0x0A)
    }

    /// The start of a list, list item (with a disabled checkbox for a task), definition list,
    /// term or definition.
    mutating func enterList(_ tag: NodeKind.Tag, _ index: Int32) {
        switch tag {
        case .list:
            openList(index)
        case .listItem:
            out.ensureNewline()
            openTag(.listItem, index)
            if case .listItem(let task?) = document.kind(at: index) {
                out.append(task == .checked
                           ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                           : "<input type=\"checkbox\" disabled=\"\" /> ")
            }
        case .definitionList:
            out.ensureNewline()
            openTag(.definitionList, index)
            out.append(byte: 0x0A)
        default: // term, definition
            out.ensureNewline()
            openTag(tag, index)
        }
    }

    /// The end of a list, list item, definition list, term or definition.
    mutating func exitList(_ tag: NodeKind.Tag, _ index: Int32) {
        switch tag {
        case .list:
            listIsTight.removeLast()
            if case .list(let list) = document.kind(at: index), list.isOrdered {
                out.append("</ol>\n")
            } else {
                out.append("</ul>\n")
            }
        case .listItem, .term:
            closeTag(tag)
            out.append(byte: 0x0A)
        default: // definition list, definition
            out.ensureNewline()
            closeTag(tag)
            out.append(byte: 0x0A)
        }
    }
}
