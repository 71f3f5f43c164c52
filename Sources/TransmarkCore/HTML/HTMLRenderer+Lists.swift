// Bullet, ordered and task lists, and definition lists.
extension HTMLRenderer {
    mutating func enterList(_ index: Int32) {
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
            writeAttributes(index)
            out.append(">")
        }
        out.append(byte: 0x0A)
    }

    mutating func exitList(_ index: Int32) {
        listIsTight.removeLast()
        if case .list(let list) = document.kind(at: index), list.isOrdered {
            out.append("</ol>\n")
        } else {
            out.append("</ul>\n")
        }
    }

    /// `<li>`, with a disabled checkbox for a task-list item.
    mutating func enterListItem(_ index: Int32) {
        out.ensureNewline()
        openTag(.listItem, index)
        if case .listItem(let task?) = document.kind(at: index) {
            out.append(task == .checked
                       ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                       : "<input type=\"checkbox\" disabled=\"\" /> ")
        }
    }

    mutating func enterDefinitionList(_ index: Int32) {
        out.ensureNewline()
        openTag(.definitionList, index)
        out.append(byte: 0x0A)
    }

    /// A term (`<dt>`) or a definition (`<dd>`).
    mutating func enterDefinitionListItem(_ tag: NodeKind.Tag, _ index: Int32) {
        out.ensureNewline()
        openTag(tag, index)
    }
}
