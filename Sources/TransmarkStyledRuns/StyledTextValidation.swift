import TransmarkCore

extension StyledText {
    /// Checks the invariants every consumer relies on: runs and paragraphs cover the text in
    /// order without gaps or overlaps (no negative length, none past the text's end), style
    /// indexes are in range, attachments sit inside the text. Throws `TransmarkError.malformedInput` naming the first problem.
    public func validate() throws {
        let length = unit.length(of: text)
        try Self.checkCover(runs, tableCount: runStyles.count, length: length, what: "run")
        try Self.checkCover(paragraphs, tableCount: paragraphStyles.count, length: length, what: "paragraph")
        for a in attachments where a.location < 0 || a.location >= length {
            throw TransmarkError.malformedInput(message: "attachment at \(a.location) is outside the text (length \(length))", offset: a.location)
        }
    }

    private static func checkCover(_ runs: [StyledRun], tableCount: Int, length: Int, what: String) throws {
        var position = 0
        for run in runs {
            if run.range.location != position {
                throw TransmarkError.malformedInput(message: "\(what) starts at \(run.range.location), expected \(position)", offset: position)
            }
            if run.range.length < 0 {
                throw TransmarkError.malformedInput(message: "\(what) at \(position) has a negative length (\(run.range.length))", offset: position)
            }
            // (Compared without adding: a length near `Int.max` must not overflow.)
            if run.range.length > length - position {
                throw TransmarkError.malformedInput(
                    message: "\(what) at \(position) of length \(run.range.length) ends past the text (length \(length))", offset: position)
            }
            if run.style < 0 || run.style >= tableCount {
                throw TransmarkError.malformedInput(message: "\(what) style index \(run.style) out of range", offset: run.range.location)
            }
            position += run.range.length
        }
        if position != length {
            throw TransmarkError.malformedInput(message: "\(what)s end at \(position), text length is \(length)", offset: position)
        }
    }
}
