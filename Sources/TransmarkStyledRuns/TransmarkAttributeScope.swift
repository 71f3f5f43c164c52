import Foundation
import TransmarkCore

/// The `AttributedString` keys of Transmark styled text.
public enum TransmarkAttributes {
    /// Every run attribute at once (what `StyledText(attributedString:)` reads first).
    public enum Run: AttributedStringKey {
        public typealias Value = RunAttributes
        public static let name = "transmark.run"
    }
    /// The paragraph attributes of the paragraph a character is in.
    public enum Paragraph: AttributedStringKey {
        public typealias Value = ParagraphAttributes
        public static let name = "transmark.paragraph"
    }
    /// The ordinal of the paragraph a character is in (keeps equal neighbouring paragraphs apart).
    public enum ParagraphIndex: AttributedStringKey {
        public typealias Value = Int
        public static let name = "transmark.paragraphIndex"
    }
    /// The attachment a U+FFFC character stands for.
    public enum AttachmentInfo: AttributedStringKey {
        public typealias Value = Attachment
        public static let name = "transmark.attachment"
    }
    /// The resolved font.
    public enum Font: AttributedStringKey {
        public typealias Value = FontDescriptor
        public static let name = "transmark.font"
    }
    /// The text color.
    public enum ForegroundColor: AttributedStringKey {
        public typealias Value = RGBAColor
        public static let name = "transmark.foregroundColor"
    }
    /// The background color.
    public enum BackgroundColor: AttributedStringKey {
        public typealias Value = RGBAColor
        public static let name = "transmark.backgroundColor"
    }
    /// The underline.
    public enum Underline: AttributedStringKey {
        public typealias Value = DecorationLine
        public static let name = "transmark.underline"
    }
    /// The strikethrough line.
    public enum Strikethrough: AttributedStringKey {
        public typealias Value = DecorationLine
        public static let name = "transmark.strikethrough"
    }
    /// The baseline offset in points.
    public enum BaselineOffset: AttributedStringKey {
        public typealias Value = Double
        public static let name = "transmark.baselineOffset"
    }
    /// The semantic inline traits (strong, emphasis, code, …).
    public enum Traits: AttributedStringKey {
        public typealias Value = InlineTraits
        public static let name = "transmark.traits"
    }
    /// The heading level.
    public enum HeadingLevel: AttributedStringKey {
        public typealias Value = Int
        public static let name = "transmark.headingLevel"
    }
    /// The list nesting level.
    public enum ListLevel: AttributedStringKey {
        public typealias Value = Int
        public static let name = "transmark.listLevel"
    }
    /// The block-quote depth.
    public enum BlockQuoteDepth: AttributedStringKey {
        public typealias Value = Int
        public static let name = "transmark.blockQuoteDepth"
    }
    /// The custom tag the text came from.
    public enum SourceTag: AttributedStringKey {
        public typealias Value = String
        public static let name = "transmark.sourceTag"
    }
}

/// Transmark's attribute scope, with Foundation's own attributes (`.link`) included.
public struct TransmarkAttributeScope: AttributeScope {
    public let run: TransmarkAttributes.Run
    public let paragraph: TransmarkAttributes.Paragraph
    public let paragraphIndex: TransmarkAttributes.ParagraphIndex
    public let attachmentInfo: TransmarkAttributes.AttachmentInfo
    public let transmarkFont: TransmarkAttributes.Font
    public let transmarkForegroundColor: TransmarkAttributes.ForegroundColor
    public let transmarkBackgroundColor: TransmarkAttributes.BackgroundColor
    public let transmarkUnderline: TransmarkAttributes.Underline
    public let transmarkStrikethrough: TransmarkAttributes.Strikethrough
    public let transmarkBaselineOffset: TransmarkAttributes.BaselineOffset
    public let traits: TransmarkAttributes.Traits
    public let headingLevel: TransmarkAttributes.HeadingLevel
    public let listLevel: TransmarkAttributes.ListLevel
    public let blockQuoteDepth: TransmarkAttributes.BlockQuoteDepth
    public let sourceTag: TransmarkAttributes.SourceTag
    public let foundation: AttributeScopes.FoundationAttributes
}

extension AttributeScopes {
    /// Transmark's attributes: `AttributedString(styled, including: \.transmark)`.
    public var transmark: TransmarkAttributeScope.Type { TransmarkAttributeScope.self }
}

extension AttributeDynamicLookup {
    /// `attributedString.traits`, `run.headingLevel`, … for Transmark's keys.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<TransmarkAttributeScope, T>) -> T {
        self[T.self]
    }
}
