/// One piece of a `StyledText` that lies in one run, one paragraph and at most one attachment:
/// what `StyledText.forEachSegment(_:)` hands out.
struct StyledTextSegment {
    /// The range, in the text's unit.
    var range: TextRange
    /// The piece's text.
    var text: String
    /// The index of its run in `runs`, or `nil` when the text has no runs.
    var run: Int?
    /// The index of its paragraph in `paragraphs`, or `nil` when the text has no paragraphs.
    var paragraph: Int?
    /// The index of the attachment whose U+FFFC the piece is, if it is one.
    var attachment: Int?
}

extension StyledText {
    /// Cuts the text at every run, paragraph and attachment edge and calls `body` with each
    /// piece, in order: one walk over the text and the sorted edges, linear overall. Ranges that
    /// reach past the text are cut at its end.
    func forEachSegment(_ body: (StyledTextSegment) -> Void) {
        var cuts: [Int] = []
        cuts.reserveCapacity(runs.count + paragraphs.count + 2 * attachments.count + 1)
        for r in runs { cuts.append(r.range.location) }
        for p in paragraphs { cuts.append(p.range.location) }
        for a in attachments { cuts.append(a.location); cuts.append(a.location + 1) }
        let length = unit.length(of: text)
        cuts.append(length)
        cuts.sort()
        var index = OffsetIndex(text: text, unit: unit)
        var run = 0, paragraph = 0, attachment = 0
        var start = 0
        var startIndex = text.startIndex
        for cut in cuts where cut > start && cut <= length {
            let endIndex = index.index(at: cut)
            while run + 1 < runs.count && runs[run].range.end <= start { run += 1 }
            while paragraph + 1 < paragraphs.count && paragraphs[paragraph].range.end <= start { paragraph += 1 }
            while attachment < attachments.count && attachments[attachment].location < start { attachment += 1 }
            let placed = attachment < attachments.count && attachments[attachment].location == start
            body(StyledTextSegment(range: TextRange(location: start, length: cut - start),
                                   text: String(text.unicodeScalars[startIndex..<endIndex]),
                                   run: run < runs.count ? run : nil,
                                   paragraph: paragraph < paragraphs.count ? paragraph : nil,
                                   attachment: placed ? attachment : nil))
            start = cut
            startIndex = endIndex
        }
    }
}
