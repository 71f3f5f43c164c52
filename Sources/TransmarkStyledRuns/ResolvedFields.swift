/// One resolved field of a run: a value the theme computes for every run, which input such as an
/// `AttributedString` made in an editor may leave unset.
enum ResolvedField: Int, CaseIterable {
    case font, foreground, background, underline, strikethrough, baselineOffset, letterSpacing
}

/// Which resolved fields of a run were given. Fields not given are taken to be what the theme
/// says. A set of `ResolvedField` kept as one bit per case, so that a field added to the enum is
/// in `all` without a mask to keep in step.
struct ResolvedFields: Hashable, ExpressibleByArrayLiteral {
    private var bits: UInt8 = 0

    /// Every field.
    static let all = ResolvedFields(ResolvedField.allCases)

    /// The fields listed.
    init<Fields: Sequence<ResolvedField>>(_ fields: Fields) {
        for field in fields { insert(field) }
    }

    /// The fields listed.
    init(arrayLiteral fields: ResolvedField...) {
        self.init(fields)
    }

    /// Whether `field` was given.
    func contains(_ field: ResolvedField) -> Bool {
        bits & (1 << field.rawValue) != 0
    }

    /// Records `field` as given.
    mutating func insert(_ field: ResolvedField) {
        bits |= 1 << field.rawValue
    }
}
