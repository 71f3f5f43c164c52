import TransmarkCore

// The built-in mapping of HTML elements to nodes (see `HTMLTagRegistry.standard`).
extension HTMLTreeBuilder {
    mutating func builtinStartTag(_ tag: HTMLStartTag, element: HTMLElement, key: Int32, traits t: HTMLElementTraits) {
        switch element {
        case .html:
            return
        case .body:
            bodyStarted = true
            return
        case .head:
            if !bodyStarted && top(.head) < 0 && builder.nodeCount == 1 && stack.isEmpty {
                push(.head, key: key, node: -1, flags: [.suppresses])
            }
            return
        default:
            break
        }
        if t.contains(.suppressesContent) {
            if element == .iframe && linkedMediaDepth == 0 && suppressDepth == 0,
               let source = Self.mediaSource(tag, element: element),
               options.keepHidden || !Self.isHidden(style(of: element, name: tag.name, tag)) {
                // A browser shows the page, not the element's content (which is raw text).
                writeMediaLink(to: source, poster: nil, title: Self.mediaTitle(tag))
            }
            if t.contains(.isVoid) || tag.isSelfClosing && (element == .svg || foreignDepth > 0) { return }
            push(element, key: key, node: -1, flags: element == .svg ? [.suppresses, .foreign] : [.suppresses])
            return
        }
        if element == .math || element == .svg {
            openForeignRoot(tag, element: element, key: key)
            return
        }
        bodyStarted = true
        var style = style(of: element, name: tag.name, tag)
        let isVoid = t.contains(.isVoid)
        if Self.isHidden(style) && !options.keepHidden {
            if Self.isRevealedByScript(tag) {
                // Shown by script: read as visible, so no writer drops it again.
                style?.display = nil
            } else {
                applyImpliedEndTags(for: element, traits: t)
                if !isVoid { push(element, key: key, node: -1, flags: [.suppresses]) }
                return
            }
        }
        if isVoid {
            voidStartTag(tag, element: element, style: style)
            return
        }
        if element == .li && takeOverEmptyImpliedItem() { return }
        applyImpliedEndTags(for: element, traits: t)
        switch element {
        case .colgroup:
            return
        case .video, .audio, .object:
            mediaStartTag(tag, element: element, key: key, traits: t)
            return
        case .picture:
            pictureSource = nil
        case .noscript:
            pushUnwrapped(element, key: key, traits: t)
            noscripts.append(Int32(stack.count - 1))
            return
        case .tbody, .thead, .tfoot:
            openSection(element, key: key)
            return
        case .tr:
            guard currentTable >= 0 else { return }
            closeInlineElements()
            openRow(key: key, attributes: keptAttributes(tag, element: element, hasStyle: style != nil), style: style)
            return
        case .td, .th:
            guard currentTable >= 0 else { return }
            closeInlineElements()
            var cell = Self.cellAttributes(element, tag)
            // CSS `text-align` wins over `align`, as CSS wins over presentational attributes.
            switch style?.textAlign {
            case .left?, .start?: cell.alignment = .left
            case .center?: cell.alignment = .center
            case .right?, .end?: cell.alignment = .right
            case .justify?, nil: break
            }
            let attributes = keptAttributes(tag, element: element, hasStyle: style != nil) {
                $0 == Self.colspanName || $0 == Self.rowspanName || $0 == Self.alignName
            }
            openCell(element, key: key, attributes: attributes, style: style, cell: cell)
            return
        default:
            break
        }
        if t.contains(.collectsText) {
            startCollectingElement(tag, element: element, key: key, style: style)
            return
        }
        guard let kind = Self.builtinKind(element, tag) else {
            pushUnwrapped(element, key: key, traits: t)
            return
        }
        var attributes: AttributeListID
        switch element {
        case .a:
            // An anchor's name (`<a name="x">`, what `#x` links to on older pages) is its id,
            // unless it has one; an anchor without a link is a span.
            attributes = keptAttributes(tag, element: element, hasStyle: style != nil, nameAsID: true) {
                kind.tag == .link && ($0 == Self.hrefName || $0 == Self.titleName)
            }
        case .ol:
            attributes = keptAttributes(tag, element: element, hasStyle: style != nil) {
                $0 == Self.startName || $0 == Self.typeName || $0 == Self.reversedName
            }
        default:
            attributes = keptAttributes(tag, element: element, hasStyle: style != nil)
        }
        openElementNode(element, key: key, kind: kind, attributes: attributes, style: style, isVoid: false)
        if element == .div && tag.attributeCount > 0 && stack.last?.element == .div,
           let language = Self.wrapperCodeLanguage(tag) {
            // Code blocks inside take this language unless they name one (dropped with the div).
            codeHints.append((Int32(stack.count - 1), language))
        }
        if element == .q {
            quotes.append(Int32(stack.count - 1))
            if suppressDepth == 0 { emitText(quotes.count == 1 ? "\u{201C}" : "\u{2018}") }
        }
    }

    /// The node kind of a non-void element with a built-in mapping; `nil` unwraps it.
    static func builtinKind(_ element: HTMLElement, _ tag: HTMLStartTag) -> NodeKind? {
        switch element {
        case .p: return .paragraph
        case .h1: return .heading(level: 1)
        case .h2: return .heading(level: 2)
        case .h3: return .heading(level: 3)
        case .h4: return .heading(level: 4)
        case .h5: return .heading(level: 5)
        case .h6: return .heading(level: 6)
        case .blockquote: return .blockQuote
        case .ul, .ol, .menu, .dir: return .list(listAttributes(element, tag))
        case .li: return .listItem(task: nil)
        case .dl: return .definitionList
        case .dt: return .term
        case .dd: return .definition
        case .div, .section, .article, .header, .footer, .nav, .aside, .main, .figure, .figcaption,
             .details, .summary, .center, .address, .caption:
            return .division(tag: element.name)
        case .table: return .table(alignments: [])
        case .b, .strong: return .strong
        case .i, .em, .cite, .dfn, .var: return .emphasis
        case .u, .ins: return .underline
        case .s, .strike, .del: return .strikethrough
        case .sup: return .superscript
        case .sub: return .subscript
        case .mark: return .highlight
        case .span, .font, .small, .big, .abbr, .acronym, .q, .nobr, .bdo: return .span
        case .a:
            if let href = tag.attribute("href") {
                return .link(destination: HTMLURLNormalization.normalized(href: href), title: tag.attribute("title") ?? "")
            }
            return .span
        default: return nil
        }
    }

    /// Void elements: line breaks, images, rules, task checkboxes.
    mutating func voidStartTag(_ tag: HTMLStartTag, element: HTMLElement, style: Style?) {
        guard suppressDepth == 0 else { return }
        switch element {
        case .br:
            prepareInlineContent()
            builder.leaf(.lineBreak, attributeList: keptAttributes(tag, element: element, hasStyle: style != nil), style: style)
            spacing = .start
        case .img, .image:
            prepareInlineContent()
            openImage(tag, style: style)
        case .hr:
            applyImpliedEndTags(for: element, traits: traits[Int(element.rawValue)])
            openBlock(element, key: Int32(element.rawValue), kind: .thematicBreak,
                      attributes: keptAttributes(tag, element: element, hasStyle: style != nil),
                      style: style, flags: [])
            pop()
        case .input:
            if !noteCheckbox(tag) { separateText() }
        case .embed:
            separateText()
            if linkedMediaDepth == 0, let source = Self.mediaSource(tag, element: element) {
                writeMediaLink(to: source, poster: nil, title: Self.mediaTitle(tag))
            }
        case .source:
            sourceTag(tag)
        default:
            break
        }
    }

    mutating func openImage(_ tag: HTMLStartTag, style: Style?) {
        var width: Int?
        var height: Int?
        if let w = tag.attribute("width") { width = Self.leadingInteger(w) }
        if let h = tag.attribute("height") { height = Self.leadingInteger(h) }
        let size = width == nil && height == nil ? nil : ImageSize(width: width, height: height)
        let found = Self.imageSource(tag, pictureSource: top(.picture) >= 0 ? pictureSource : nil)
        let source = found?.url ?? ""
        if isInNoscript && !lazyImageSources.isEmpty && lazyImageSources.contains(source) {
            // The page's copy, for readers without scripts, of an image a lazy loader shows.
            return
        }
        if let found, !found.isSrc, !isInNoscript { lazyImageSources.insert(source) }
        if source.isEmpty {
            // No image to load: a browser shows the alt text in its place (or nothing).
            if let alt = tag.attribute("alt") { emitText(alt) }
            return
        }
        let kind = NodeKind.image(source: HTMLURLNormalization.normalized(source), title: tag.attribute("title") ?? "", size: size)
        let attributes = keptAttributes(tag, element: .img, hasStyle: style != nil) {
            $0 == Self.srcName || $0 == Self.altName || $0 == Self.titleName || $0 == Self.widthName || $0 == Self.heightName
        }
        let node = openNode(kind, attributes: attributes, style: style)
        if let alt = tag.attribute("alt"), !alt.isEmpty {
            // Whitespace runs collapse to one space, or to a soft break where they hold a line
            // end (as an alt text written over lines in Markdown reads; turndown keeps one).
            var collapsed: [UInt8] = []
            var space = false, lineEnd = false, wroteAny = false
            for b in alt.utf8 {
                if Self.isSpace(b) {
                    space = true
                    if b == 0x0A || b == 0x0D { lineEnd = true }
                    continue
                }
                if space && wroteAny {
                    if lineEnd {
                        collapsed.withUnsafeBufferPointer { builder.text(bytes: $0) }
                        collapsed.removeAll(keepingCapacity: true)
                        builder.leaf(.softBreak)
                    } else {
                        collapsed.append(0x20)
                    }
                }
                space = false
                lineEnd = false
                wroteAny = true
                collapsed.append(b)
            }
            collapsed.withUnsafeBufferPointer { builder.text(bytes: $0) }
        }
        if node >= 0 { builder.close() }
        spacing = .afterText
    }

    /// pre, listing, xmp, plaintext → code block; code, kbd, samp, tt → inline code.
    mutating func startCollectingElement(_ tag: HTMLStartTag, element: HTMLElement, key: Int32, style: Style?) {
        let isBlock = element == .pre || element == .listing || element == .xmp || element == .plaintext
        if suppressDepth > 0 {
            push(element, key: key, node: -1, flags: isBlock ? [.blockNode] : [.inline])
            return
        }
        var info = ""
        var fallbackInfo = ""
        var attributes = AttributeListID.none
        if isBlock, let language = Self.languageInfo(tag.attribute("class")) {
            info = language
            attributes = keptAttributes(tag, element: element, hasStyle: style != nil,
                                        replacingClassWith: Self.removingLanguageClass)
        } else {
            if isBlock {
                // See `HTMLTreeBuilder+CodeLanguage.swift` for the order.
                info = Self.explicitCodeLanguage(tag) ?? ""
                if info.isEmpty {
                    fallbackInfo = codeHints.last?.language ?? tag.attribute("class").flatMap(Self.bareClassLanguage) ?? ""
                }
            }
            attributes = keptAttributes(tag, element: element, hasStyle: style != nil)
        }
        if isBlock {
            closeInlineElements()
            settleLingeringItem()
            if let last = stack.last {
                if last.flags.contains(.tableContainer) {
                    openImpliedCell()
                } else if last.flags.contains(.listContainer) {
                    openImpliedItem()
                }
            }
        } else {
            prepareInlineContent()
        }
        startCollecting(element, key: key, isBlock: isBlock, attributes: attributes, style: style, info: info)
        collector.fallbackInfo = fallbackInfo
    }

    /// A `class` value without its `language-x` / `lang-x` classes (other classes are kept), or
    /// nil when none is left.
    static func removingLanguageClass(_ value: String) -> String? {
        let rest = value.split(separator: " ").filter { !$0.hasPrefix("language-") && !$0.hasPrefix("lang-") }
        return rest.isEmpty ? nil : rest.joined(separator: " ")
    }
}
