import TransmarkCore

// Codable conformances matching the `styled-json` schema, so `JSONDecoder` reads what
// `StyledJSONWriter` writes (and `JSONEncoder` writes the same structure, in its own key order).

extension StyledText: Codable {
    enum CodingKeys: String, CodingKey {
        case version, unit, text, runStyles, runs, paragraphStyles, paragraphs, attachments
    }

    /// Decodes a value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard version == Self.schemaVersion else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: c, debugDescription: "unsupported styled-json version \(version)")
        }
        self.init(
            text: try c.decode(String.self, forKey: .text),
            unit: try c.decode(OffsetUnit.self, forKey: .unit),
            runStyles: try c.decode([RunAttributes].self, forKey: .runStyles),
            runs: try c.decode([StyledRun].self, forKey: .runs),
            paragraphStyles: try c.decode([ParagraphAttributes].self, forKey: .paragraphStyles),
            paragraphs: try c.decode([StyledRun].self, forKey: .paragraphs),
            attachments: try c.decodeIfPresent([Attachment].self, forKey: .attachments) ?? [])
        do { try validate() } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.schemaVersion, forKey: .version)
        try c.encode(unit, forKey: .unit)
        try c.encode(text, forKey: .text)
        try c.encode(runStyles, forKey: .runStyles)
        try c.encode(runs, forKey: .runs)
        try c.encode(paragraphStyles, forKey: .paragraphStyles)
        try c.encode(paragraphs, forKey: .paragraphs)
        try c.encode(attachments, forKey: .attachments)
    }
}

extension StyledRun: Codable {
    enum CodingKeys: String, CodingKey { case location, length, style }

    /// Decodes a value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(range: TextRange(location: try c.decode(Int.self, forKey: .location),
                                   length: try c.decode(Int.self, forKey: .length)),
                  style: try c.decode(Int.self, forKey: .style))
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(range.location, forKey: .location)
        try c.encode(range.length, forKey: .length)
        try c.encode(style, forKey: .style)
    }
}

/// `"#rrggbbaa"` strings for colors.
enum HexColor {
    static func parse(_ s: String) -> RGBAColor? {
        let bytes = Array(s.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var values: [UInt8] = []
        var i = 1
        while i < bytes.count {
            guard let hi = digit(bytes[i]), let lo = digit(bytes[i + 1]) else { return nil }
            values.append(hi << 4 | lo)
            i += 2
        }
        return RGBAColor(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 255)
    }

    static func format(_ c: RGBAColor) -> String {
        var out = ByteOutput()
        StyledJSONWriter.writeColor(c, into: &out)
        return String(out.string.dropFirst().dropLast())
    }

    /// The value of a hexadecimal digit (either case), nil for any other byte.
    private static func digit(_ b: UInt8) -> UInt8? {
        CSSTokenizer.isHexDigit(b) ? CSSEscapes.hexValue(b) : nil
    }
}

extension KeyedDecodingContainer {
    func decodeColor(forKey key: Key) throws -> RGBAColor? {
        guard let s = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let c = HexColor.parse(s) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not a #rrggbb(aa) color: \(s)")
        }
        return c
    }

    func decodeNumber(forKey key: Key) throws -> Double? {
        try decodeIfPresent(Double.self, forKey: key).map(normalized)
    }
}

extension KeyedEncodingContainer {
    mutating func encodeColor(_ c: RGBAColor?, forKey key: Key) throws {
        if let c { try encode(HexColor.format(c), forKey: key) }
    }
}

extension RunAttributes: Codable {
    enum CodingKeys: String, CodingKey {
        case font, foregroundColor, backgroundColor, underline, strikethrough, baselineOffset, letterSpacing
        case traits, link, headingLevel, blockQuoteDepth, listLevel, listMarker, tableRow, tableColumn
        case footnoteReference, sourceTag, math
    }

    /// Decodes a value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(font: try c.decode(FontDescriptor.self, forKey: .font))
        foregroundColor = try c.decodeColor(forKey: .foregroundColor)
        backgroundColor = try c.decodeColor(forKey: .backgroundColor)
        underline = try c.decodeIfPresent(DecorationLine.self, forKey: .underline)
        strikethrough = try c.decodeIfPresent(DecorationLine.self, forKey: .strikethrough)
        baselineOffset = try c.decodeNumber(forKey: .baselineOffset) ?? 0
        letterSpacing = try c.decodeNumber(forKey: .letterSpacing) ?? 0
        let names = try c.decodeIfPresent([String].self, forKey: .traits) ?? []
        guard let traits = InlineTraits(names: names) else {
            throw DecodingError.dataCorruptedError(forKey: .traits, in: c, debugDescription: "unknown trait in \(names)")
        }
        self.traits = traits
        link = try c.decodeIfPresent(LinkTarget.self, forKey: .link)
        headingLevel = try c.decodeIfPresent(Int.self, forKey: .headingLevel)
        blockQuoteDepth = try c.decodeIfPresent(Int.self, forKey: .blockQuoteDepth)
        listLevel = try c.decodeIfPresent(Int.self, forKey: .listLevel)
        listMarker = try c.decodeIfPresent(String.self, forKey: .listMarker)
        tableRow = try c.decodeIfPresent(Int.self, forKey: .tableRow)
        tableColumn = try c.decodeIfPresent(Int.self, forKey: .tableColumn)
        footnoteReference = try c.decodeIfPresent(String.self, forKey: .footnoteReference)
        sourceTag = try c.decodeIfPresent(String.self, forKey: .sourceTag)
        math = try c.decodeIfPresent(MathKind.self, forKey: .math)
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(font, forKey: .font)
        try c.encodeColor(foregroundColor, forKey: .foregroundColor)
        try c.encodeColor(backgroundColor, forKey: .backgroundColor)
        try c.encodeIfPresent(underline, forKey: .underline)
        try c.encodeIfPresent(strikethrough, forKey: .strikethrough)
        if baselineOffset != 0 { try c.encode(baselineOffset, forKey: .baselineOffset) }
        if letterSpacing != 0 { try c.encode(letterSpacing, forKey: .letterSpacing) }
        if !traits.isEmpty { try c.encode(traits.names, forKey: .traits) }
        try c.encodeIfPresent(link, forKey: .link)
        try c.encodeIfPresent(headingLevel, forKey: .headingLevel)
        try c.encodeIfPresent(blockQuoteDepth, forKey: .blockQuoteDepth)
        try c.encodeIfPresent(listLevel, forKey: .listLevel)
        try c.encodeIfPresent(listMarker, forKey: .listMarker)
        try c.encodeIfPresent(tableRow, forKey: .tableRow)
        try c.encodeIfPresent(tableColumn, forKey: .tableColumn)
        try c.encodeIfPresent(footnoteReference, forKey: .footnoteReference)
        try c.encodeIfPresent(sourceTag, forKey: .sourceTag)
        try c.encodeIfPresent(math, forKey: .math)
    }
}

extension FontDescriptor: Codable {
    enum CodingKeys: String, CodingKey { case family, size, weight, italic }

    /// Decodes a value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(family: try c.decode(String.self, forKey: .family), size: try c.decodeNumber(forKey: .size) ?? 16,
                  weight: try c.decode(Int.self, forKey: .weight), italic: try c.decodeIfPresent(Bool.self, forKey: .italic) ?? false)
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(family, forKey: .family)
        try c.encode(size, forKey: .size)
        try c.encode(weight, forKey: .weight)
        try c.encode(italic, forKey: .italic)
    }
}

extension DecorationLine.LineStyle: Codable {}

extension DecorationLine: Codable {
    enum CodingKeys: String, CodingKey { case style, color }

    /// Decodes a value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(style: try c.decodeIfPresent(LineStyle.self, forKey: .style) ?? .single, color: try c.decodeColor(forKey: .color))
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(style, forKey: .style)
        try c.encodeColor(color, forKey: .color)
    }
}

extension LinkTarget: Codable {
    enum CodingKeys: String, CodingKey { case url, title }

    /// Decodes a value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(url: try c.decode(String.self, forKey: .url), title: try c.decodeIfPresent(String.self, forKey: .title) ?? "")
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        if !title.isEmpty { try c.encode(title, forKey: .title) }
    }
}

extension ParagraphAttributes.Role: Codable {}
extension ParagraphAttributes.Alignment: Codable {}

extension ParagraphAttributes.TabStop: Codable {
    enum CodingKeys: String, CodingKey { case location, alignment }

    /// Decodes a value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(location: try c.decodeNumber(forKey: .location) ?? 0,
                  alignment: try c.decodeIfPresent(ParagraphAttributes.Alignment.self, forKey: .alignment) ?? .natural)
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(location, forKey: .location)
        try c.encode(alignment, forKey: .alignment)
    }
}

extension ParagraphAttributes: Codable {
    enum CodingKeys: String, CodingKey {
        case role, alignment, headIndent, firstLineHeadIndent, spacingBefore, spacingAfter
        case lineHeightMultiple, tabStops, hasRule, preservesWhitespace
    }

    /// Decodes a value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            role: try c.decodeIfPresent(Role.self, forKey: .role) ?? .paragraph,
            alignment: try c.decodeIfPresent(Alignment.self, forKey: .alignment) ?? .natural,
            headIndent: try c.decodeNumber(forKey: .headIndent) ?? 0,
            firstLineHeadIndent: try c.decodeNumber(forKey: .firstLineHeadIndent) ?? 0,
            spacingBefore: try c.decodeNumber(forKey: .spacingBefore) ?? 0,
            spacingAfter: try c.decodeNumber(forKey: .spacingAfter) ?? 0,
            lineHeightMultiple: try c.decodeNumber(forKey: .lineHeightMultiple),
            tabStops: try c.decodeIfPresent([TabStop].self, forKey: .tabStops) ?? [],
            hasRule: try c.decodeIfPresent(Bool.self, forKey: .hasRule) ?? false,
            preservesWhitespace: try c.decodeIfPresent(Bool.self, forKey: .preservesWhitespace) ?? false)
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(role, forKey: .role)
        try c.encode(alignment, forKey: .alignment)
        try c.encode(headIndent, forKey: .headIndent)
        try c.encode(firstLineHeadIndent, forKey: .firstLineHeadIndent)
        try c.encode(spacingBefore, forKey: .spacingBefore)
        try c.encode(spacingAfter, forKey: .spacingAfter)
        try c.encodeIfPresent(lineHeightMultiple, forKey: .lineHeightMultiple)
        if !tabStops.isEmpty { try c.encode(tabStops, forKey: .tabStops) }
        if hasRule { try c.encode(true, forKey: .hasRule) }
        if preservesWhitespace { try c.encode(true, forKey: .preservesWhitespace) }
    }
}

extension Attachment: Codable {
    enum CodingKeys: String, CodingKey { case location, source, alternativeText, title, width, height }

    /// Decodes a value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(location: try c.decode(Int.self, forKey: .location), source: try c.decode(String.self, forKey: .source),
                  alternativeText: try c.decodeIfPresent(String.self, forKey: .alternativeText) ?? "",
                  title: try c.decodeIfPresent(String.self, forKey: .title) ?? "",
                  width: try c.decodeIfPresent(Int.self, forKey: .width), height: try c.decodeIfPresent(Int.self, forKey: .height))
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(location, forKey: .location)
        try c.encode(source, forKey: .source)
        try c.encode(alternativeText, forKey: .alternativeText)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(width, forKey: .width)
        try c.encodeIfPresent(height, forKey: .height)
    }
}
