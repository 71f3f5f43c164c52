@_spi(TransmarkStorage) import TransmarkCore

/// `main-content`: keeps a page's article and drops what surrounds it (navigation, headers,
/// footers, sidebars, ads, share bars, cookie notices, related links), for turning web pages into
/// Markdown for search and language-model pipelines.
///
/// A readability-style scorer over the tree: paragraphs (and code blocks, and divisions holding
/// only inline content) score by their length and commas, and give their score to their
/// ancestors (all of it to the parent, half to the grandparent, less further up); containers
/// start from a score for their kind (`article` and `main` divisions above plain ones, lists and
/// headings below) and a class weight (class and id words such as `article`, `content`, `post`
/// add; `comment`, `sidebar`, `share`, `promo`, `footer` take away). Elements whose class, id or
/// role marks boilerplate, and `nav`, `aside` and `footer` divisions, are left out before scoring,
/// and so are reply forms, rating widgets, an author's box (an element named for its author and
/// longer than a byline) and spacer images (no alt text, one pixel wide or high, or `s.gif`, …);
/// a hint never leaves out an element that holds more than half of the page's text, nor one
/// that wraps the page's largest `article` or `main` element, and a layout word (`sidebar`,
/// `header`) never leaves out the part of an article that holds most of its prose.
/// Each container's score is scaled by one minus its link density and, a little, by how late it
/// comes. The best container wins (or an ancestor of it that scores nearly as well). When the
/// article continues in sibling blocks (sections, slots, cards), an ancestor takes its place as
/// long as what it adds is mostly prose, not mostly links, and at least half as much prose as
/// the choice so far. The siblings of the choice that score well, or are paragraphs of prose
/// (or divisions of text only that read as one), join it, and so does the lead before it that
/// opens as the page's declared description does. A link into the page (`#section`) counts 0.3
/// of its text as links, as in Readability. Inside, boilerplate, headers, figure captions and
/// photo credits, and link-heavy lists, divisions and tables are dropped (not documentation's
/// tables of links, nor a paragraph that is one bare web address); headings, lists, tables, code
/// and figures stay, but a heading over an empty section goes. On articles, the short scraps
/// after the last paragraph ("Share:", a credit) and blocks that are only a date go. The
/// page title (the first level-1 heading of the article, or the last one before it) is kept
/// first when the article does not hold it.
///
/// When the article found holds less than 500 bytes of text (or a third of a shorter page's), one
/// boilerplate word in a wrapper's class or id may have left the article out: the page is scored
/// again with hints that leave nothing out (they still weigh containers), then with hints ignored
/// and nothing dropped inside the article for its links, as Readability retries; the attempt that
/// keeps the most text wins. No retry brings back boilerplate too small to hide an article (under
/// 200 bytes: a share bar), nor the comments after the article found.
///
/// The page kind decides what else is kept (``PageKind``): on a discussion every post of the
/// thread (alike siblings named `message`, `post`, `reply`, `answer`, …), on a listing every item
/// (five or more alike, short, linked siblings, with their titles and summaries, not in a menu),
/// on a product page the block around its title with its price, its specification tables and
/// the paragraphs of the sections describing it; on articles a recipe's ingredients. The kind comes
/// from what the page declares (JSON-LD `@type`, `og:type`), then from its structure and its URL
/// (`DocumentMetadata.sourceURL` or `canonicalURL`). The result's metadata holds the kind
/// (`kind`) and a confidence in 0…1 (`confidence`); below `minConfidence` the whole page is kept.
/// `comments=true` keeps comment sections too. A page whose head names no author or gives no
/// description gets them from a visible byline and from the first paragraph kept.
///
/// Linear in the nodes: one pass down for the hints, one pass up (in reverse document order) for
/// text lengths and scores, a few linear passes for the kind and the confidence, one copy; at
/// most three attempts.
public struct MainContentTransform: Transform {
    /// The options of `main-content`.
    public struct Options: FormatOptions {
        // option: .bool(summary: "keep the page title (a level-1 heading) before the article")
        /// Whether the page title (a level-1 heading) is kept before the article when the
        /// article does not hold it.
        public var title = true
        // option: .int(range: 0...10_000, summary: "shortest paragraph (bytes) that scores")
        /// The shortest paragraph (in bytes of text) that counts when scoring.
        public var minParagraph = 25
        // option: .bool(summary: "drop link-heavy lists, divisions and tables inside the article")
        /// Whether link-heavy lists, divisions and tables inside the article are dropped.
        public var clean = true
        // option: .bool(summary: "keep comment sections after the content")
        /// Whether comment sections (class or id `comment`, `disqus`, `replies`) are kept after
        /// the content. A discussion page keeps every post of its thread either way.
        public var comments = false
        // option: .fraction(summary: "below this confidence, keep the whole page")
        /// Below this confidence (0…1) the whole page is kept instead of what was found; 0 (the
        /// default) always keeps what was found.
        public var minConfidence = 0.0

        /// The defaults.
        public init() {}
    }

    /// What `main-content` found on a page besides its content.
    public struct Report: Sendable, Hashable {
        /// The kind of page recognised.
        public var kind: PageKind
        /// How sure the extraction is, from 0 (a guess) to 1 (a clear article), rounded to two
        /// decimals.
        public var confidence: Double
        /// Whether the whole page was kept because `confidence` was below `minConfidence`.
        public var keptWholePage: Bool
    }

    /// The options every conversion through this transform starts from; options set by key
    /// (`-O`, `ConversionOptions`) apply over them.
    public let defaultOptions: Options

    /// `main-content`.
    public var name: String { "main-content" }
    /// One line of help.
    public var summary: String { "Keep the main article; drop navigation, headers, footers, ads, share bars, cookie notices." }

    /// Returns the article of `document`, with the page kind and the confidence in its
    /// metadata (`kind`, and `confidence` as a decimal such as `0.82`).
    public func apply(to document: Document, options: Options) throws -> Document {
        extract(from: document, options: options).document
    }

    /// The article of `document` (its metadata holding the page kind and the confidence, as
    /// `apply` gives it) and the report of what was found.
    public func extract(from document: Document, options: Options? = nil) -> (document: Document, report: Report) {
        let options = options ?? defaultOptions
        // As Readability does: when the article found is short, the page is scored again with
        // class, id and role hints trusted less, and the attempt that keeps the most text wins.
        var best: (extraction: Extraction, text: Int)?
        for relaxation in ContentScorer.Relaxation.allCases {
            var scorer = ContentScorer(document, options: options, relaxation: relaxation)
            scorer.computeScores()
            let extraction = scorer.plan(metadata: document.metadata)
            let text = scorer.keptTextBytes(extraction.actions)
            // A later attempt trusts the hints less, so it must keep clearly more: a cookie
            // notice a little longer than a short post does not take its place.
            if best == nil || text > best!.text * 3 / 2 { best = (extraction, text) }
            if text >= scorer.enoughText { break }
        }
        let extraction = best!.extraction
        let wholePage = extraction.confidence < options.minConfidence
        let report = Report(kind: extraction.kind, confidence: extraction.confidence, keptWholePage: wholePage)
        var metadata = document.metadata
        metadata.pageKind = extraction.kind.rawValue
        metadata.extractionConfidence = extraction.confidence
        if metadata.authors.isEmpty, let author = extraction.byline { metadata.authors = [author] }
        if metadata.description == nil, !wholePage, let lead = extraction.lead { metadata.description = lead }
        if wholePage { return (document.withMetadata(metadata), report) }
        let actions = extraction.actions
        return (document.rewritten { actions[Int($0.id.index)] }.withMetadata(metadata), report)
    }
}
