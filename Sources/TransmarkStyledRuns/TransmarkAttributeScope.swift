import Foundation
import TransmarkCore

/// The `AttributedString` keys of Transmark styled text.
public enum TransmarkAttributes {
    /// Every run attribute at once (what `StyledText(attributedString:)` reads first).
    public enum Run: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = RunAttributes
        /// The key's name in an attributed string.
        public static let name = "transmark.run"
    }
    /// The paragraph attributes of the paragraph a character is in.
    public enum Paragraph: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = ParagraphAttributes
        /// The key's name in an attributed string.
        public static let name = "transmark.paragraph"
    }
    /// The ordinal of the paragraph a character is in (keeps equal neighbouring paragraphs apart).
    public enum ParagraphIndex: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = Int
        /// The key's name in an attributed string.
        public static let name = "transmark.paragraphIndex"
    }
    /// The attachment a U+FFFC character stands for.
    public enum AttachmentInfo: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = Attachment
        /// The key's name in an attributed string.
        public static let name = "transmark.attachment"
    }
    /// The resolved font.
    public enum Font: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = FontDescriptor
        /// The key's name in an attributed string.
        public static let name = "transmark.font"
    }
    /// The text color.
    public enum ForegroundColor: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = RGBAColor
        /// The key's name in an attributed string.
        public static let name = "transmark.foregroundColor"
    }
    /// The background color.
    public enum BackgroundColor: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = RGBAColor
        /// The key's name in an attributed string.
        public static let name = "transmark.backgroundColor"
    }
    /// The underline.
    public enum Underline: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = DecorationLine
        /// The key's name in an attributed string.
        public static let name = "transmark.underline"
    }
    /// The strikethrough line.
    public enum Strikethrough: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = DecorationLine
        /// The key's name in an attributed string.
        public static let name = "transmark.strikethrough"
    }
    /// The baseline offset in points.
    public enum BaselineOffset: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = Double
        /// The key's name in an attributed string.
        public static let name = "transmark.baselineOffset"
    }
    /// The semantic inline traits (strong, emphasis, code, …).
    public enum Traits: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = InlineTraits
        /// The key's name in an attributed string.
        public static let name = "transmark.traits"
    }
    /// The heading level.
    public enum HeadingLevel: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = Int
        /// The key's name in an attributed string.
        public static let name = "transmark.headingLevel"
    }
    /// The list nesting level.
    public enum ListLevel: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = Int
        /// The key's name in an attributed string.
        public static let name = "transmark.listLevel"
    }
    /// The block-quote depth.
    public enum BlockQuoteDepth: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = Int
        /// The key's name in an attributed string.
        public static let name = "transmark.blockQuoteDepth"
    }
    /// The custom tag the text came from.
    public enum SourceTag: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = String
        /// The key's name in an attributed string.
        public static let name = "transmark.sourceTag"
    }
    /// Math: the text is TeX source, inline or display.
    public enum Math: AttributedStringKey {
        /// The type of the attribute's values.
        public typealias Value = MathKind
        /// The key's name in an attributed string.
        public static let name = "transmark.math"
    }
}

/// Transmark's attribute scope, with Foundation's own attributes (`.link`) included.
public struct TransmarkAttributeScope: AttributeScope {
    /// The key for every run attribute at once.
    public let run: TransmarkAttributes.Run
    /// The key for the paragraph attributes.
    public let paragraph: TransmarkAttributes.Paragraph
    /// The key for the paragraph ordinal.
    public let paragraphIndex: TransmarkAttributes.ParagraphIndex
    /// The key for the attachment of a U+FFFC.
    public let attachmentInfo: TransmarkAttributes.AttachmentInfo
    /// The key for the resolved font.
    public let transmarkFont: TransmarkAttributes.Font
    /// The key for the text color.
    public let transmarkForegroundColor: TransmarkAttributes.ForegroundColor
    /// The key for the background color.
    public let transmarkBackgroundColor: TransmarkAttributes.BackgroundColor
    /// The key for the underline.
    public let transmarkUnderline: TransmarkAttributes.Underline
    /// The key for the strikethrough line.
    public let transmarkStrikethrough: TransmarkAttributes.Strikethrough
    /// The key for the baseline offset.
    public let transmarkBaselineOffset: TransmarkAttributes.BaselineOffset
    /// The key for the inline traits.
    public let traits: TransmarkAttributes.Traits
    /// The key for the heading level.
    public let headingLevel: TransmarkAttributes.HeadingLevel
    /// The key for the list nesting level.
    public let listLevel: TransmarkAttributes.ListLevel
    /// The key for the quote depth.
    public let blockQuoteDepth: TransmarkAttributes.BlockQuoteDepth
    /// The key for the source tag.
    public let sourceTag: TransmarkAttributes.SourceTag
    /// The key for math (inline or display; the text is TeX source).
    public let math: TransmarkAttributes.Math
    /// The key for Foundation's own attributes (`.link`, …).
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
