// Runs on Apple platforms only (the macOS workflow); on Linux this file compiles to nothing and
// the mapping it applies is tested by TransmarkStyledRunsTests.AppleTextMappingTests.
#if canImport(UIKit) || canImport(AppKit)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif
import Foundation
import Testing
import TransmarkAppleText
import TransmarkMarkdown
import TransmarkStyledRuns

@Suite struct AppleAdapterTests {
    static func styled(_ markdown: String) throws -> StyledText {
        StyledText(document: try MarkdownFrontend().parse(markdown))
    }

    /// The attributes at the first occurrence of `word`.
    static func attributes(_ string: NSAttributedString, at word: String) throws -> [NSAttributedString.Key: Any] {
        let range = (string.string as NSString).range(of: word)
        try #require(range.location != NSNotFound)
        return string.attributes(at: range.location, effectiveRange: nil)
    }

    @Test func nsAttributedStringCarriesFontsColorsLinksAndParagraphStyles() throws {
        let string = NSAttributedString(try Self.styled("# Title\n\nSee [here](https://example.com) and **bold**.\n"))
        #expect(string.string.hasPrefix("Title\n"))
        let title = try Self.attributes(string, at: "Title")
        let titleFont = try #require(title[.font] as? PlatformFont)
        #expect(titleFont.pointSize == 32)
        let titleStyle = try #require(title[.paragraphStyle] as? NSParagraphStyle)
        #expect(titleStyle.paragraphSpacingBefore == 12)
        let link = try Self.attributes(string, at: "here")
        #expect(link[.link] as? URL == URL(string: "https://example.com"))
        #expect(link[.underlineStyle] as? Int == NSUnderlineStyle.single.rawValue)
        #expect(link[.foregroundColor] is PlatformColor)
        let bold = try Self.attributes(string, at: "bold")
        #expect((bold[.inlinePresentationIntent] as? NSNumber)?.uintValue == InlinePresentationIntent.stronglyEmphasized.rawValue)
    }

    @Test func theItemsOfOneListShareOneTextList() throws {
        let string = NSAttributedString(try Self.styled("1. one\n2. two\n"))
        let one = try #require(try Self.attributes(string, at: "one")[.paragraphStyle] as? NSParagraphStyle)
        let two = try #require(try Self.attributes(string, at: "two")[.paragraphStyle] as? NSParagraphStyle)
        #expect(one.textLists.count == 1)
        #expect(one.textLists.first === two.textLists.first)
        #expect(one.textLists.first?.markerFormat == NSTextList.MarkerFormat.decimal)
        #expect(one.headIndent == 24)
    }

    @Test func swiftUIAttributedStringCarriesPresentationIntents() throws {
        let attributed = AttributedString(AppleStyledText(try Self.styled("- *item*\n\n> quote\n")))
        let item = try #require(attributed.runs.first { String(attributed[$0.range].characters) == "item" })
        #expect(item.inlinePresentationIntent == .emphasized)
        let kinds = item.presentationIntent?.components.map(\.kind)
        #expect(kinds == [.paragraph, .listItem(ordinal: 1), .unorderedList])
        let quote = try #require(attributed.runs.first { String(attributed[$0.range].characters).contains("quote") })
        #expect(quote.presentationIntent?.components.map(\.kind) == [.paragraph, .blockQuote])
        #expect(String(attributed.characters) == "•\titem\nquote")
    }

    /// The README's "Showing styled text in SwiftUI, UIKit and AppKit" example.
    @Test func readmeExample() throws {
        let markdown = "# Notes\n\n- **one**\n"
        let styled = StyledText(document: try MarkdownFrontend().parse(markdown))
        let apple = AppleStyledText(styled)
        let forSwiftUI = AttributedString(apple)
        let forUIKit = NSAttributedString(apple)
        #expect(String(forSwiftUI.characters) == styled.text)
        #expect(forUIKit.string == styled.text)
        #expect(forSwiftUI.runs.first?.presentationIntent?.components.map(\.kind) == [.header(level: 1)])
    }

    @Test func fontsKeepWeightAndTraits() {
        let bold = AppleFont(family: .system(.default), pointSize: 20, weight: 0.4, traits: [.bold]).platformFont
        #expect(bold.pointSize == 20)
        let mono = AppleFont(family: .system(.monospaced), pointSize: 12, weight: 0, traits: [.monospace]).platformFont
        #expect(mono.fontDescriptor.symbolicTraits.contains(Self.monospaceTrait))
        let italic = AppleFont(family: .named("Helvetica"), pointSize: 14, weight: 0, traits: [.italic]).platformFont
        #expect(italic.fontDescriptor.symbolicTraits.contains(Self.italicTrait))
    }

    #if canImport(UIKit)
    static let monospaceTrait = UIFontDescriptor.SymbolicTraits.traitMonoSpace
    static let italicTrait = UIFontDescriptor.SymbolicTraits.traitItalic
    #else
    static let monospaceTrait = NSFontDescriptor.SymbolicTraits.monoSpace
    static let italicTrait = NSFontDescriptor.SymbolicTraits.italic
    #endif
}
#endif
