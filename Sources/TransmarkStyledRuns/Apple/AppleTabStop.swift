/// A tab stop as Apple's text system takes it (`NSTextTab(textAlignment:location:options:)`): the
/// resolved tab stop itself, a location in points and an alignment.
public typealias AppleTabStop = ParagraphAttributes.TabStop
