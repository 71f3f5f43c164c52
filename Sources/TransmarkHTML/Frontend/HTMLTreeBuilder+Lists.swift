import TransmarkCore

// Lists: implied items, nested lists attached to the previous item, tightness known at the end.
extension HTMLTreeBuilder {
    mutating func openList(_ element: HTMLElement, key: Int32, attributes list: ListAttributes,
                           nodeAttributes: AttributeListID, style: Style?) {
        // A list directly in a list belongs to the previous item.
        if let last = stack.last, last.flags.contains(.listContainer) {
            if lingeringItem >= 0 {
                reopenLingeringItem()
            } else {
                openImpliedItem()
            }
        }
        settleLingeringItem()
        let node = openNode(.list(list), attributes: nodeAttributes, style: style)
        var flags: HTMLOpenElement.Flags = [.blockNode, .listContainer]
        if node >= 0 {
            lists.append(HTMLListContext(node: node, attributes: list))
            flags.insert(.listContext)
        }
        push(element, key: key, node: node, flags: flags)
        spacing = .start
    }

    mutating func openItem(key: Int32, task: TaskState?, attributes: AttributeListID, style: Style?) {
        let node = openNode(.listItem(task: task), attributes: attributes, style: style)
        push(.li, key: key, node: node, flags: [.blockNode])
        spacing = .start
    }

    /// A block directly in a list right after an item's end tag (`<li>a</li><p>b</p>`, a
    /// nested list) belongs to that item, as a browser shows it: no new marker, the item's
    /// indentation. Its node, kept open by `</li>`, is pushed again.
    mutating func reopenLingeringItem() {
        let node = lingeringItem
        lingeringItem = -1
        push(.li, key: Int32(HTMLElement.li.rawValue), node: node, flags: [.blockNode])
    }

    /// Content other than items directly in a list goes into an item.
    mutating func openImpliedItem() {
        openItem(key: Int32(HTMLElement.li.rawValue), task: nil, attributes: .none, style: nil)
        impliedItemNode = stack[stack.count - 1].node
    }

    /// At an `<li>`: when the open item was implied by content directly in the list and that
    /// content shows nothing (`<ol><li>a</li><span/><li>b</li></ol>`: an empty span), the `<li>`
    /// takes the item over instead of ending it, so no empty item is numbered. Returns whether
    /// it did (the elements opened inside the item are closed).
    mutating func takeOverEmptyImpliedItem() -> Bool {
        let item = itemInScope
        guard item >= 0, impliedItemNode >= 0, stack[Int(item)].node == impliedItemNode,
              case .listItem(task: nil)? = builder.kind(of: NodeID(impliedItemNode)) else { return false }
        var n = Int(impliedItemNode) + 1
        while n < builder.nodeCount {
            switch builder.kind(of: NodeID(Int32(n)))?.tag {
            case .span?, .emphasis?, .strong?, .underline?, .strikethrough?, .superscript?, .subscript?,
                 .highlight?, .link?, .custom?, .paragraph?, .division?:
                n += 1
            default:
                return false
            }
        }
        if Int(item) + 1 < stack.count { pop(through: item + 1) }
        spacing = .start
        return true
    }

    /// A paragraph directly in an item makes the innermost list loose.
    mutating func noteParagraphOpening() {
        guard let last = stack.last, last.element == .li, last.node >= 0, !lists.isEmpty else { return }
        lists[lists.count - 1].isLoose = true
    }

    mutating func finishList() {
        guard let context = lists.popLast() else { return }
        if context.isLoose {
            var attributes = context.attributes
            attributes.isTight = false
            builder.updateKind(of: NodeID(context.node), to: .list(attributes))
        }
    }

    /// `<li>` and `</li>`: the stack index of an open item in list-item scope, or -1.
    var itemInScope: Int32 {
        mutating get {
            let item = top(.li)
            let limit = max(topBoundary, top(.ul), top(.ol), top(.menu), top(.dir))
            return item > limit ? item : -1
        }
    }

    /// A checkbox at the start of an item makes it a task item.
    mutating func noteCheckbox(_ tag: HTMLStartTag) -> Bool {
        guard let last = stack.last, last.element == .li, last.node >= 0,
              Int(last.node) == builder.nodeCount - 1,
              tag.attribute("type")?.lowercased() == "checkbox" else { return false }
        let checked = tag.attributes.contains { $0.name == "checked" }
        builder.updateKind(of: NodeID(last.node), to: .listItem(task: checked ? .checked : .unchecked))
        return true
    }

    static func listAttributes(_ element: HTMLElement, _ tag: HTMLStartTag) -> ListAttributes {
        var list = ListAttributes(isOrdered: element == .ol)
        guard element == .ol else { return list }
        for a in tag.attributes {
            switch a.name {
            case "start": if let n = leadingInteger(a.value) { list.start = n }
            case "reversed": list.isReversed = true
            case "type":
                switch a.value {
                case "a": list.numbering = .lowerAlpha
                case "A": list.numbering = .upperAlpha
                case "i": list.numbering = .lowerRoman
                case "I": list.numbering = .upperRoman
                default: list.numbering = .decimal
                }
            default: break
            }
        }
        if let numbering = styleNumbering(tag) { list.numbering = numbering }
        return list
    }

    /// The numbering an `ol`'s inline style gives it (`list-style-type: lower-alpha`, …; see
    /// `CSSStyleParser.listNumbering(bytes:)`). It wins over the `type` attribute, as CSS wins
    /// over presentational attributes in a browser.
    static func styleNumbering(_ tag: HTMLStartTag) -> ListNumbering? {
        guard let i = tag.index(of: "style") else { return nil }
        return CSSStyleParser.listNumbering(bytes: tag.value(at: i))
    }
}
