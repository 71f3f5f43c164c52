

/// Which numeric forms a property accepts as a length.
struct CSSLengthRules: Sendable {
    /// Whether percentages are accepted.
    var allowsPercent = true
    /// Whether negative values are accepted.
    var allowsNegative = true

    static let any = CSSLengthRules()
    static let nonNegative = CSSLengthRules(allowsNegative: false)
    static let lengthOnlyNonNegative = CSSLengthRules(allowsPercent: false, allowsNegative: false)
}

extension CSSTokenList {
    /// A length or percentage: a dimension in px, pt, em, rem (absolute units in, cm, mm, q and pc
    /// are converted to px), a percentage, or an unitless `0`. Nil for anything else, for a
    /// non-finite value, or for a value the rules forbid.
    func length(_ component: CSSComponent, _ rules: CSSLengthRules = .any) -> CSSLength? {
        let token = token(component)
        guard token.number.isFinite else { return nil }
        if !rules.allowsNegative && token.number < 0 { return nil }
        switch token.kind {
        case .number:
            return token.number == 0 ? .px(0) : nil
        case .percentage:
            return rules.allowsPercent ? .percent(token.number) : nil
        case .dimension:
            let value = token.number
            switch lowercasedName(token) {
            case "px": return .px(value)
            case "pt": return .pt(value)
            case "em": return .em(value)
            case "rem": return .rem(value)
            case "in": return .px(value * 96)
            case "pc": return .px(value * 16)
            case "cm": return .px(value * 96 / 2.54)
            case "mm": return .px(value * 96 / 25.4)
            case "q": return .px(value * 96 / 101.6)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A plain number (not a percentage or dimension), finite.
    func number(_ component: CSSComponent) -> Double? {
        let token = token(component)
        guard token.kind == .number, token.number.isFinite else { return nil }
        return token.number
    }

    /// An angle in degrees: a dimension in deg, grad, rad or turn, or (when `unitlessAllowed`) a
    /// plain number taken as degrees. Nil for anything else or a non-finite value.
    func angleInDegrees(_ component: CSSComponent, unitlessAllowed: Bool) -> Double? {
        let token = token(component)
        guard token.number.isFinite else { return nil }
        switch token.kind {
        case .number:
            return unitlessAllowed || token.number == 0 ? token.number : nil
        case .dimension:
            switch lowercasedName(token) {
            case "deg": return token.number
            case "grad": return token.number * 0.9
            case "rad": return token.number * 180 / Double.pi
            case "turn": return token.number * 360
            default: return nil
            }
        default:
            return nil
        }
    }
}
