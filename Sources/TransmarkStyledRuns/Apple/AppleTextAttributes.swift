/// The values Apple's text system needs for one run of text: what the Apple adapter sets as
/// `NSAttributedString` keys (`.font`, `.foregroundColor`, `.underlineStyle`, `.baselineOffset`,
/// `.kern`, `.link`, `.attachment`, …) and as SwiftUI-ready `AttributedString` attributes
/// (`font`, `foregroundColor`, `inlinePresentationIntent`, `presentationIntent`, …). Every value
/// is taken from what the styled text already resolved; nothing is styled a second time.
public struct AppleTextAttributes: Sendable, Hashable {
    /// The font.
    public var font: AppleFont
    /// The text color; `nil` leaves the view's default (label) color.
    public var foregroundColor: AppleColor?
    /// The color behind the text.
    public var backgroundColor: AppleColor?
    /// The underline (`.underlineStyle`, `.underlineColor`).
    public var underline: AppleDecorationLine?
    /// The strikethrough line (`.strikethroughStyle`, `.strikethroughColor`).
    public var strikethrough: AppleDecorationLine?
    /// The baseline offset in points: superscripts are raised and subscripts lowered by it, their
    /// reduced size already in `font`.
    public var baselineOffset: Double
    /// Extra space after each character, in points (`.kern`).
    public var kern: Double
    /// The link.
    public var link: AppleLink?
    /// The attachment of a U+FFFC character (an image): its source, alternative text and size.
    public var attachment: Attachment?
    /// Emphasis, strong emphasis, code voice, strikethrough and raw HTML, as Foundation's
    /// `InlinePresentationIntent` bits.
    public var inlinePresentationIntent: AppleInlinePresentationIntent
    /// The blocks the run is in, innermost first: its paragraph's intent, with a `tableCell`
    /// component first for the text of a table cell.
    public var presentationIntent: ApplePresentationIntent

    /// Creates run attributes in a font with nothing else set.
    public init(font: AppleFont, foregroundColor: AppleColor? = nil, backgroundColor: AppleColor? = nil,
                underline: AppleDecorationLine? = nil, strikethrough: AppleDecorationLine? = nil,
                baselineOffset: Double = 0, kern: Double = 0, link: AppleLink? = nil, attachment: Attachment? = nil,
                inlinePresentationIntent: AppleInlinePresentationIntent = [],
                presentationIntent: ApplePresentationIntent = ApplePresentationIntent()) {
        self.font = font
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underline = underline
        self.strikethrough = strikethrough
        self.baselineOffset = baselineOffset
        self.kern = kern
        self.link = link
        self.attachment = attachment
        self.inlinePresentationIntent = inlinePresentationIntent
        self.presentationIntent = presentationIntent
    }

    /// The Apple values of a run's resolved attributes inside a paragraph of `role` whose blocks
    /// are `paragraphIntent`; `cell` is the run's table cell component, `attachment` the
    /// attachment of the run's U+FFFC.
    init(_ run: RunAttributes, role: ParagraphAttributes.Role, paragraphIntent: ApplePresentationIntent,
         cell: ApplePresentationIntent.Component?, attachment: Attachment?) {
        font = AppleFont(run.font)
        foregroundColor = run.foregroundColor.map(AppleColor.init)
        backgroundColor = run.backgroundColor.map(AppleColor.init)
        underline = run.underline.map(AppleDecorationLine.init)
        strikethrough = run.strikethrough.map(AppleDecorationLine.init)
        baselineOffset = run.baselineOffset
        kern = run.letterSpacing
        link = run.link.map(AppleLink.init)
        self.attachment = attachment
        inlinePresentationIntent = Self.inlineIntent(run.traits, role: role)
        presentationIntent = cell.map { paragraphIntent.adding(innermost: $0) } ?? paragraphIntent
    }

    /// Foundation's inline intent for a run's traits: code voice only for inline code (a code
    /// block says so in its block intent), block HTML for the text of a raw HTML block.
    static func inlineIntent(_ traits: InlineTraits, role: ParagraphAttributes.Role) -> AppleInlinePresentationIntent {
        var intent: AppleInlinePresentationIntent = []
        if traits.contains(.emphasis) { intent.insert(.emphasized) }
        if traits.contains(.strong) { intent.insert(.stronglyEmphasized) }
        if traits.contains(.strikethrough) { intent.insert(.strikethrough) }
        switch role {
        case .codeBlock: break
        case .html: intent.insert(.blockHTML)
        default: if traits.contains(.code) { intent.insert(.code) }
        }
        return intent
    }
}
