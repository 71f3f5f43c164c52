/// Parsing facts about each known element, as bit flags in a table indexed by raw value.
struct HTMLElementTraits: OptionSet, Sendable {
    let rawValue: UInt16

    /// A start tag closes an open `p` first (the WHATWG list of block starts).
    static let closesParagraph = HTMLElementTraits(rawValue: 1 << 0)
    /// Has no content and no end tag.
    static let isVoid = HTMLElementTraits(rawValue: 1 << 1)
    /// Its content never reaches the tree (scripts, styles, templates, the head, …).
    static let suppressesContent = HTMLElementTraits(rawValue: 1 << 2)
    /// May appear in `<head>` without ending it.
    static let isHeadContent = HTMLElementTraits(rawValue: 1 << 3)
    /// Laid out as a block although it has no node of its own: separates the text around it.
    static let separatesText = HTMLElementTraits(rawValue: 1 << 4)
    /// End tags of ordinary elements do not look past it (the WHATWG default scope).
    static let isScopeBoundary = HTMLElementTraits(rawValue: 1 << 5)
    /// A table-structure element (table, sections, rows, cells, caption, columns).
    static let isTablePart = HTMLElementTraits(rawValue: 1 << 6)
    /// A heading, `h1` to `h6`.
    static let isHeading = HTMLElementTraits(rawValue: 1 << 7)
    /// An HTML formatting element, reopened after misnesting.
    static let isFormatting = HTMLElementTraits(rawValue: 1 << 8)
    /// Its text is collected flat into one literal node (pre, code, …).
    static let collectsText = HTMLElementTraits(rawValue: 1 << 9)

    /// The traits of every element, indexed by raw value.
    static let table: [HTMLElementTraits] = HTMLElement.allCases.map(traits)

    private static func traits(_ element: HTMLElement) -> HTMLElementTraits {
        var t: HTMLElementTraits = []
        switch element {
        case .address, .article, .aside, .blockquote, .center, .details, .dialog, .dir, .div, .dl,
             .fieldset, .figcaption, .figure, .footer, .header, .hgroup, .main, .menu, .nav, .ol, .p,
             .search, .section, .summary, .ul, .h1, .h2, .h3, .h4, .h5, .h6, .pre, .listing, .form,
             .plaintext, .table, .hr, .xmp, .li, .dd, .dt:
            t.insert(.closesParagraph)
        default: break
        }
        switch element {
        case .area, .base, .basefont, .bgsound, .br, .col, .embed, .hr, .image, .img, .input, .keygen,
             .link, .meta, .param, .source, .track, .wbr, .frame:
            t.insert(.isVoid)
        default: break
        }
        switch element {
        case .script, .style, .template, .title, .head, .noembed, .noframes, .iframe, .frameset, .frame:
            t.insert(.suppressesContent)
        default: break
        }
        switch element {
        case .title, .meta, .link, .style, .script, .base, .basefont, .bgsound, .noscript, .template:
            t.insert(.isHeadContent)
        default: break
        }
        switch element {
        case .form, .fieldset, .legend, .hgroup, .dialog, .menu, .dir, .search, .select, .option,
             .optgroup, .button, .textarea, .label, .video, .audio, .canvas, .object, .applet,
             .marquee, .datalist, .output, .progress, .meter, .picture, .map, .embed, .input:
            t.insert(.separatesText)
        default: break
        }
        switch element {
        case .html, .table, .td, .th, .caption, .template, .marquee, .object, .applet:
            t.insert(.isScopeBoundary)
        default: break
        }
        switch element {
        case .table, .tbody, .thead, .tfoot, .tr, .td, .th, .caption, .colgroup, .col:
            t.insert(.isTablePart)
        default: break
        }
        switch element {
        case .h1, .h2, .h3, .h4, .h5, .h6: t.insert(.isHeading)
        default: break
        }
        switch element {
        case .a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u:
            t.insert(.isFormatting)
        default: break
        }
        switch element {
        case .pre, .listing, .xmp, .plaintext, .code, .kbd, .samp, .tt:
            t.insert(.collectsText)
        default: break
        }
        return t
    }
}
