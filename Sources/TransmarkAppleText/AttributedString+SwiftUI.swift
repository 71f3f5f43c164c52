#if (canImport(UIKit) || canImport(AppKit)) && canImport(SwiftUI)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif
import SwiftUI
import TransmarkStyledRuns

extension AppleFontDesign {
    /// SwiftUI's `Font.Design`.
    public var swiftUIDesign: Font.Design {
        switch self {
        case .default: .default
        case .serif: .serif
        case .rounded: .rounded
        case .monospaced: .monospaced
        }
    }
}

extension AppleFontWeight {
    /// SwiftUI's `Font.Weight`.
    public var swiftUIWeight: Font.Weight {
        switch self {
        case .ultraLight: .ultraLight
        case .thin: .thin
        case .light: .light
        case .regular: .regular
        case .medium: .medium
        case .semibold: .semibold
        case .bold: .bold
        case .heavy: .heavy
        case .black: .black
        }
    }
}

extension AppleFont {
    /// SwiftUI's `Font`: the system font in its design, or the named family at a fixed size, at
    /// the nearest named weight (SwiftUI's weights have no numeric form), italic and monospaced
    /// when the traits say so.
    public var swiftUIFont: Font {
        let weight = nearestNamedWeight.swiftUIWeight
        var font: Font
        switch family {
        case .system(let design):
            font = Font.system(size: CGFloat(pointSize), weight: weight, design: design.swiftUIDesign)
        case .named(let name):
            font = Font.custom(name, fixedSize: CGFloat(pointSize)).weight(weight)
            if traits.contains(.monospace) { font = font.monospaced() }
        }
        if traits.contains(.italic) { font = font.italic() }
        return font
    }
}

extension AppleColor {
    /// SwiftUI's `Color` with these sRGB components.
    public var swiftUIColor: Color {
        Color(.sRGB, red: red, green: green, blue: blue, opacity: alpha)
    }
}

extension AppleDecorationLine {
    /// SwiftUI's `Text.LineStyle`: solid, dotted or dashed, in the line's color (double and
    /// thick lines have no SwiftUI form and are drawn solid).
    public var swiftUILineStyle: Text.LineStyle {
        let pattern: Text.LineStyle.Pattern = isDotted ? .dot : isDashed ? .dash : .solid
        return Text.LineStyle(pattern: pattern, color: color?.swiftUIColor)
    }
}

extension AttributedString {
    /// Styled text for SwiftUI's `Text` (and, through `NSAttributedString(_:including:)`, for
    /// anything that reads Foundation's attributes): each run with SwiftUI's `font`,
    /// `foregroundColor`, `backgroundColor`, `underlineStyle`, `strikethroughStyle`, `kern` and
    /// `baselineOffset`, Foundation's `link`, `inlinePresentationIntent`, `presentationIntent`
    /// and, for an image, `imageURL`, and its paragraph's `paragraphStyle` (UIKit's or AppKit's).
    public init(_ styled: AppleStyledText) {
        var result = AttributedString()
        var lists: [Int: NSTextList] = [:]
        var paragraphStyles: [Int: NSParagraphStyle] = [:]
        var intents: [Int: PresentationIntent] = [:]
        for run in styled.runs {
            let a = run.attributes
            var container = AttributeContainer()
            container[AttributeScopes.SwiftUIAttributes.FontAttribute.self] = a.font.swiftUIFont
            if let color = a.foregroundColor {
                container[AttributeScopes.SwiftUIAttributes.ForegroundColorAttribute.self] = color.swiftUIColor
            }
            if let color = a.backgroundColor {
                container[AttributeScopes.SwiftUIAttributes.BackgroundColorAttribute.self] = color.swiftUIColor
            }
            if let line = a.underline {
                container[AttributeScopes.SwiftUIAttributes.UnderlineStyleAttribute.self] = line.swiftUILineStyle
            }
            if let line = a.strikethrough {
                container[AttributeScopes.SwiftUIAttributes.StrikethroughStyleAttribute.self] = line.swiftUILineStyle
            }
            if a.kern != 0 { container[AttributeScopes.SwiftUIAttributes.KerningAttribute.self] = CGFloat(a.kern) }
            if a.baselineOffset != 0 {
                container[AttributeScopes.SwiftUIAttributes.BaselineOffsetAttribute.self] = CGFloat(a.baselineOffset)
            }
            if let url = a.link?.url { container[AttributeScopes.FoundationAttributes.LinkAttribute.self] = url }
            if !a.inlinePresentationIntent.isEmpty {
                container[AttributeScopes.FoundationAttributes.InlinePresentationIntentAttribute.self] = a.inlinePresentationIntent.foundationIntent
            }
            if let intent = a.presentationIntent.foundationIntent(cache: &intents) {
                container[AttributeScopes.FoundationAttributes.PresentationIntentAttribute.self] = intent
            }
            if let source = a.attachment?.source, let url = URL(string: source) {
                container[AttributeScopes.FoundationAttributes.ImageURLAttribute.self] = url
            }
            if styled.paragraphs.indices.contains(run.paragraph) {
                let style = paragraphStyles[run.paragraph]
                    ?? styled.paragraphs[run.paragraph].attributes.paragraphStyle(sharingLists: &lists)
                paragraphStyles[run.paragraph] = style
                #if canImport(UIKit)
                container[AttributeScopes.UIKitAttributes.ParagraphStyleAttribute.self] = style
                #else
                container[AttributeScopes.AppKitAttributes.ParagraphStyleAttribute.self] = style
                #endif
            }
            result.append(AttributedString(run.text, attributes: container))
        }
        self = result
    }
}
#endif
