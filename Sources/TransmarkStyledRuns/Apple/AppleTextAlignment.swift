/// The alignment of a paragraph or a tab stop as Apple's text system takes it: the resolved
/// alignment itself, whose cases the Apple adapter maps to `NSTextAlignment` (whose raw values
/// differ between UIKit and AppKit, hence none here).
public typealias AppleTextAlignment = ParagraphAttributes.Alignment
