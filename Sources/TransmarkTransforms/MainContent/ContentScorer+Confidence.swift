@_spi(TransmarkStorage) import TransmarkCore

extension ContentScorer {
    /// How sure an extraction is, 0…1, from what it kept and how clearly it won:
    /// - how much of the kept text is prose (paragraphs with few links) rather than links and
    ///   fragments, or, for a thread or a listing, how many alike posts or items it holds;
    /// - how much text it kept (full marks from about 1,200 bytes);
    /// - the margin of the chosen container over the best one elsewhere on the page (a close
    ///   second means the choice could have gone the other way);
    /// - whether the first attempt stood (each relaxed retry lowers it);
    /// - and a little more when the kind the page declares agrees with the one recognised.
    func confidence(_ actions: [RewriteAction], kind: MainContentTransform.PageKind, evidence: KindEvidence,
                    top: Int, metadata: DocumentMetadata) -> Double {
        let keptText = keptTextBytes(actions)
        guard keptText > 0 else { return 0 }
        let quality: Double
        switch kind {
        case .discussion where (evidence.discussion ?? evidence.looseDiscussion) != nil:
            quality = min(1, Double((evidence.discussion ?? evidence.looseDiscussion)!.items.count) / 6)
        case .listing where evidence.listing != nil:
            quality = min(1, Double(evidence.listing!.items.count) / 10)
        default:
            let t = max(1, Double(text[top]))
            quality = min(1, Double(prose[top]) / t)
        }
        let length = min(1, Double(keptText) / 1200)
        let margin = winningMargin(top)
        let attempt: Double = switch relaxation {
        case .none: 1
        case .keepHinted: 0.8
        case .ignoreHints: 0.6
        }
        var c = attempt * (0.4 * quality + 0.3 * length + 0.3 * margin)
        if let declared = MainContentTransform.PageKind(declared: metadata.pageKind), declared == kind { c += 0.1 }
        return (min(1, max(0, c)) * 100).rounded() / 100
    }

    /// 1 minus the ratio of the best candidate score outside `top` (neither inside it nor one
    /// of its ancestors) to `top`'s: 1 when nothing else scores, 0 when something scores as well.
    func winningMargin(_ top: Int) -> Double {
        guard top != 0, isCandidate[top] else { return 0 }
        let best = finalScore(top)
        guard best > 0 else { return 0 }
        var onLine = [Bool](repeating: false, count: count)
        onLine[top] = true
        var p = Int(records.parent(Int32(top)))
        while p >= 0 {
            onLine[p] = true
            if p == 0 { break }
            p = Int(records.parent(Int32(p)))
        }
        var insideTop = [Bool](repeating: false, count: count)
        var second: Float = 0
        for i in 1..<count {
            insideTop[i] = i == top || insideTop[Int(records.parent(Int32(i)))]
            guard isCandidate[i], !insideTop[i], !onLine[i] else { continue }
            second = max(second, finalScore(i))
        }
        return Double(max(0, min(1, 1 - second / best)))
    }
}
