import Foundation
import TransmarkCore

extension Theme {
    /// Loads a theme from JSON. Every key is optional and falls back to `Theme.default`:
    ///
    /// ```json
    /// {"fontFamily": "Georgia", "fontSize": 17, "textColor": "#222222",
    ///  "headingScale": [1.8, 1.4, 1.2, 1, 1, 1], "headingWeight": 600,
    ///  "monospaceFamily": "Menlo", "codeScale": 0.9, "codeBackground": "#f6f8fa",
    ///  "linkColor": "#0969da", "linkUnderline": false, "highlightBackground": "#fff8c5",
    ///  "quoteColor": "#57606a", "quoteIndent": 16, "listIndent": 20, "paragraphSpacing": 10,
    ///  "headingSpacingBefore": 14, "tableColumnWidth": 100,
    ///  "kindStyles": {"strong": {"color": "#cf222e"}, "emphasis": {"fontWeight": "bolder"}}}
    /// ```
    ///
    /// Colors are `#rgb`, `#rrggbb` or `#rrggbbaa`. A `kindStyles` entry is
    /// keyed by node kind name (`strong`, `blockQuote`, …) and holds a style object (see `Style(json:)`).
    public init(json bytes: [UInt8]) throws {
        let data = try JSONDecoder().decode(ThemeJSON.self, from: Data(bytes))
        self = try data.theme()
    }

    /// Loads a theme from JSON text.
    public init(json text: String) throws { try self.init(json: Array(text.utf8)) }
}

/// The JSON shape of a theme: every field optional.
struct ThemeJSON: Decodable {
    var fontFamily: String?
    var fontSize: Double?
    var textColor: String??
    var headingScale: [Double]?
    var headingWeight: Int?
    var monospaceFamily: String?
    var codeScale: Double?
    var codeBackground: String??
    var linkColor: String??
    var linkUnderline: Bool?
    var highlightBackground: String?
    var quoteColor: String??
    var quoteIndent: Double?
    var listIndent: Double?
    var paragraphSpacing: Double?
    var headingSpacingBefore: Double?
    var tableColumnWidth: Double?
    var kindStyles: [String: StyleJSON]?

    func theme() throws -> Theme {
        var t = Theme()
        if let v = fontFamily { t.fontFamily = v }
        if let v = fontSize { t.fontSize = v }
        if let v = textColor { t.textColor = try v.map(Self.color) }
        if let v = headingScale { t.headingScale = v }
        if let v = headingWeight { t.headingWeight = v }
        if let v = monospaceFamily { t.monospaceFamily = v }
        if let v = codeScale { t.codeScale = v }
        if let v = codeBackground { t.codeBackground = try v.map(Self.color) }
        if let v = linkColor { t.linkColor = try v.map(Self.color) }
        if let v = linkUnderline { t.linkUnderline = v }
        if let v = highlightBackground { t.highlightBackground = try Self.color(v) }
        if let v = quoteColor { t.quoteColor = try v.map(Self.color) }
        if let v = quoteIndent { t.quoteIndent = v }
        if let v = listIndent { t.listIndent = v }
        if let v = paragraphSpacing { t.paragraphSpacing = v }
        if let v = headingSpacingBefore { t.headingSpacingBefore = v }
        if let v = tableColumnWidth { t.tableColumnWidth = v }
        for (name, style) in kindStyles ?? [:] {
            guard let tag = NodeKind.Tag.allCases.first(where: { $0.name == name }) else {
                throw TransmarkError.invalidOptionValue(key: "kindStyles", value: name, accepted: NodeKind.Tag.allCases.map(\.name).joined(separator: ", "))
            }
            t.kindStyles[tag] = style.style
        }
        return t
    }

    static func color(_ text: String) throws -> RGBAColor {
        if let c = CSSValueText.color(text) { return c }
        throw TransmarkError.invalidOptionValue(key: "color", value: text, accepted: "#rgb, #rrggbb or #rrggbbaa")
    }
}

/// A `Style` as a JSON object: `color`, `backgroundColor` (`#rrggbb`), `fontWeight` (100–900,
/// `normal`, `bold`, `bolder`, `lighter`), `fontStyle` (`normal`, `italic`), `fontSize` (a number of
/// points or CSS text: `1.2em`, `120%`, `14px`, `large`, `smaller`), `fontFamily` (a name or a list),
/// `textDecoration` (`underline`, `line-through`, `none`, or a list), `textAlign`, `letterSpacing`
/// (points or CSS length text), `lineHeight` (a multiple or CSS length text).
struct StyleJSON: Decodable {
    var style: Style

    enum CodingKeys: String, CodingKey {
        case color, backgroundColor, fontWeight, fontStyle, fontSize, fontFamily, textDecoration, textAlign
        case letterSpacing, lineHeight
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var s = Style()
        func fail(_ key: CodingKeys, _ value: String) -> Error {
            DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "invalid \(key.rawValue): \(value)")
        }
        if let v = try c.decodeIfPresent(String.self, forKey: .color) {
            guard let color = CSSValueText.color(v) else { throw fail(.color, v) }
            s.color = .rgba(color)
        }
        if let v = try c.decodeIfPresent(String.self, forKey: .backgroundColor) {
            guard let color = CSSValueText.color(v) else { throw fail(.backgroundColor, v) }
            s.backgroundColor = .rgba(color)
        }
        if let n = try? c.decodeIfPresent(Int.self, forKey: .fontWeight) {
            s.fontWeight = .weight(n)
        } else if let v = try c.decodeIfPresent(String.self, forKey: .fontWeight) {
            switch v {
            case "normal": s.fontWeight = .normal
            case "bold": s.fontWeight = .bold
            case "bolder": s.fontWeight = .bolder
            case "lighter": s.fontWeight = .lighter
            default:
                guard let n = Int(v) else { throw fail(.fontWeight, v) }
                s.fontWeight = .weight(n)
            }
        }
        if let v = try c.decodeIfPresent(String.self, forKey: .fontStyle) {
            guard let style = FontStyle(rawValue: v) else { throw fail(.fontStyle, v) }
            s.fontStyle = style
        }
        if let n = try? c.decodeIfPresent(Double.self, forKey: .fontSize) {
            s.fontSize = .length(.pt(n))
        } else if let v = try c.decodeIfPresent(String.self, forKey: .fontSize) {
            if let k = FontSizeKeyword(rawValue: v) { s.fontSize = .keyword(k) }
            else if let l = CSSValueText.length(v) { s.fontSize = .length(l) }
            else { throw fail(.fontSize, v) }
        }
        if let list = try? c.decodeIfPresent([String].self, forKey: .fontFamily) {
            s.fontFamily = list
        } else if let v = try c.decodeIfPresent(String.self, forKey: .fontFamily) {
            s.fontFamily = [v]
        }
        var lines: [String]? = try? c.decodeIfPresent([String].self, forKey: .textDecoration)
        if lines == nil, let v = try? c.decodeIfPresent(String.self, forKey: .textDecoration) { lines = [v] }
        if let lines {
            var d: TextDecoration = []
            for line in lines {
                switch line {
                case "underline": d.insert(.underline)
                case "line-through", "lineThrough": d.insert(.lineThrough)
                case "overline": d.insert(.overline)
                case "none": break
                default: throw fail(.textDecoration, line)
                }
            }
            s.textDecoration = d
        }
        if let v = try c.decodeIfPresent(String.self, forKey: .textAlign) {
            guard let a = TextAlign(rawValue: v) else { throw fail(.textAlign, v) }
            s.textAlign = a
        }
        if let n = try? c.decodeIfPresent(Double.self, forKey: .letterSpacing) {
            s.letterSpacing = .pt(n)
        } else if let v = try c.decodeIfPresent(String.self, forKey: .letterSpacing) {
            guard let l = CSSValueText.length(v) else { throw fail(.letterSpacing, v) }
            s.letterSpacing = l
        }
        if let n = try? c.decodeIfPresent(Double.self, forKey: .lineHeight) {
            s.lineHeight = .multiple(n)
        } else if let v = try c.decodeIfPresent(String.self, forKey: .lineHeight) {
            if v == "normal" { s.lineHeight = .normal }
            else if let l = CSSValueText.length(v) { s.lineHeight = .length(l) }
            else { throw fail(.lineHeight, v) }
        }
        style = s
    }
}

/// The few CSS value texts theme JSON accepts.
enum CSSValueText {
    /// `#rgb`, `#rrggbb`, `#rrggbbaa`.
    static func color(_ text: String) -> RGBAColor? {
        if text.utf8.count == 4, text.hasPrefix("#") {
            let expanded = "#" + text.dropFirst().map { "\($0)\($0)" }.joined()
            return HexColor.parse(expanded)
        }
        return HexColor.parse(text)
    }

    /// `12px`, `12pt`, `1.5em`, `2rem`, `50%`.
    static func length(_ text: String) -> CSSLength? {
        let units: [(String, (Double) -> CSSLength)] = [("px", { .px($0) }), ("pt", { .pt($0) }), ("rem", { .rem($0) }),
                                                         ("em", { .em($0) }), ("%", { .percent($0) })]
        for (suffix, make) in units where text.hasSuffix(suffix) {
            if let v = Double(text.dropLast(suffix.count)) { return make(v) }
        }
        return nil
    }
}
