/// What the class, id and role of an element say about it, for `main-content`: the words of
/// readability's patterns (and a few more for today's boilerplate: cookie notices, share bars,
/// newsletters), matched against the words of the attribute values (split at anything but
/// letters and digits), lowercased.
struct ContentHints: OptionSet {
    let rawValue: UInt16

    /// Boilerplate: the element is left out before scoring (unless `maybe` says otherwise).
    static let unlikely = ContentHints(rawValue: 1)
    /// A site or section header: left out like `unlikely`, but a level-1 heading in it can
    /// still be the page title.
    static let header = ContentHints(rawValue: 2)
    /// Counters `unlikely`: the element may hold content (`article`, `content`, `main`, …).
    static let maybe = ContentHints(rawValue: 4)
    /// Adds to the class weight.
    static let positive = ContentHints(rawValue: 8)
    /// Takes from the class weight.
    static let negative = ContentHints(rawValue: 16)
    /// Boilerplate that page layouts name their wrappers after too (`has-sidebar`,
    /// `sidebar-layout`): left out like `unlikely`, unless the element holds the page's
    /// article or most of one.
    static let layout = ContentHints(rawValue: 32)
    /// A post of a discussion (`message`, `reply`, `answer`, `comment`, `forum`, `thread`):
    /// evidence for the discussion page kind.
    static let discussion = ContentHints(rawValue: 64)
    /// Shopping (`price`, `cart`, `basket`, `checkout`): evidence for the product page kind.
    static let commerce = ContentHints(rawValue: 128)
    /// A comment section (`comment`, `disqus`, `replies`): left out, unless the `comments`
    /// option keeps comments.
    static let comments = ContentHints(rawValue: 256)
    /// A byline (`byline`, `author`, `writtenby`; `rel="author"`, `itemprop="author"`): where
    /// the article names its author.
    static let byline = ContentHints(rawValue: 512)
    /// A cookie or consent notice (`cookie`, `consent`, `gdpr`): left out in every attempt (when
    /// short), and never chosen as the article, nor anything inside it.
    static let notice = ContentHints(rawValue: 1024)
    /// A documentation site's frame or markup (`docs`, `documentation`, `rst-content`,
    /// `sphinxsidebar`, `theme-doc-markdown`, `mkdocs`, Sphinx's `docutils literal`, …):
    /// evidence for the documentation kind.
    static let docs = ContentHints(rawValue: 2048)
    /// A form to reply or comment (`respond`, `commentform`, `comment-form`, `reply-form`): left
    /// out in every attempt, never the article.
    static let replyForm = ContentHints(rawValue: 4096)
    /// A recipe's ingredients (`ingredients`, `zutaten`): kept beside the instructions chosen.
    static let ingredients = ContentHints(rawValue: 8192)

    private struct Word {
        let bytes: [UInt8]
        /// Whether a longer word starting with this one matches too (`comment` → `comments`).
        let prefix: Bool
        let hints: ContentHints
    }

    private static let words: [Word] = {
        var words: [Word] = []
        func add(_ list: String, prefix: Bool, _ hints: ContentHints) {
            for w in list.split(separator: " ") { words.append(Word(bytes: Array(w.utf8), prefix: prefix, hints: hints)) }
        }
        add("sidebar", prefix: true, [.layout, .negative])
        add("comment disqus remark replies", prefix: true, [.unlikely, .negative, .comments, .discussion])
        add("gdpr cookie consent", prefix: true, [.unlikely, .negative, .notice])
        add("banner breadcrumb combx communit footer menu related "
            + "shoutbox skyscraper social sponsor supplemental agegate paginat pager popup modal newsletter "
            + "subscri share sharing navbar navigation navbox masthead promo advert outbrain taboola recommend "
            + "trending toolbar signup ai2html rating", prefix: true, [.unlikely, .negative])
        add("ad ads adsense nav rss skip jump hid legends", prefix: false, [.unlikely, .negative])
        add("header", prefix: true, [.header, .negative])
        add("article content main", prefix: true, [.maybe, .positive])
        add("body column shadow", prefix: false, .maybe)
        add("entry hentry post story blog prose markdown", prefix: true, .positive)
        add("text page", prefix: false, .positive)
        add("hidden contact foot footnote meta scroll shopping tags tool widget byline", prefix: false, .negative)
        add("message forum thread topic question answer reply postbit usertext", prefix: true, .discussion)
        add("price basket checkout addtocart addtobasket buybox warenkorb", prefix: true, .commerce)
        add("cart", prefix: false, .commerce)
        // Not `document`: content management systems name any page so (`documentHeader`).
        add("documentation docs docutils docusaurus sphinx mkdocs vitepress gitbook docsify mdbook rustdoc javadoc "
            + "doxygen readthedocs apidoc", prefix: true, .docs)
        add("doc rst documentwrapper", prefix: false, .docs)
        add("byline writtenby", prefix: true, .byline)
        add("author", prefix: false, .byline)
        // Photo captions and credits, inside an article: dropped there unless they hold media.
        add("caption credit", prefix: true, .negative)
        add("respond commentform replyform", prefix: false, [.replyForm, .unlikely, .negative])
        add("ingredient zutat", prefix: true, .ingredients)
        return words
    }()

    /// The words by their first byte, so a token is compared only with the words that could
    /// match it.
    private static let wordsByFirstByte: [[Word]] = {
        var buckets = [[Word]](repeating: [], count: 256)
        for w in words { buckets[Int(w.bytes[0])].append(w) }
        return buckets
    }()

    /// The hints of the words in `bytes` (class and id values, any case). Words are runs of
    /// ASCII letters and digits, compared in place, lowercased on the fly.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> ContentHints {
        @inline(__always) func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
        @inline(__always) func isWordByte(_ b: UInt8) -> Bool {
            let l = lower(b)
            return (l >= 0x61 && l <= 0x7A) || (l >= 0x30 && l <= 0x39)
        }
        func isWord(_ word: StaticString, _ range: Range<Int>) -> Bool {
            guard range.count == word.utf8CodeUnitCount else { return false }
            for k in 0..<range.count where lower(bytes[range.lowerBound + k]) != word.utf8Start[k] { return false }
            return true
        }
        var hints: ContentHints = []
        var i = 0
        let n = bytes.count
        var previous = 0..<0
        while i < n {
            while i < n && !isWordByte(bytes[i]) { i += 1 }
            let start = i
            while i < n && isWordByte(bytes[i]) { i += 1 }
            let length = i - start
            guard length > 0 else { continue }
            defer { previous = start..<i }
            // `label-hidden` (Drupal's `field--label-hidden`, on nearly every field of its pages,
            // the article's body too) says the field's label is hidden, not the field.
            if isWord("hidden", start..<i), isWord("label", previous), previous.upperBound + 1 == start,
               bytes[previous.upperBound] == UInt8(ascii: "-") { continue }
            // `comment-form`, `reply_form`: a form to reply.
            if isWord("form", start..<i), isWord("comment", previous) || isWord("reply", previous),
               previous.upperBound + 1 == start { hints.formUnion([.replyForm, .unlikely, .negative]) }
            for w in wordsByFirstByte[Int(lower(bytes[start]))]
                where length >= w.bytes.count && (w.prefix || length == w.bytes.count) {
                var k = 1
                while k < w.bytes.count && lower(bytes[start + k]) == w.bytes[k] { k += 1 }
                if k == w.bytes.count { hints.formUnion(w.hints) }
            }
        }
        return hints
    }

    /// Whether an ARIA role marks boilerplate.
    static func isBoilerplateRole(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let role = String(decoding: bytes, as: UTF8.self).lowercased()
        switch role {
        case "navigation", "menu", "menubar", "complementary", "banner", "contentinfo", "alert", "alertdialog",
             "dialog", "search":
            return true
        default:
            return false
        }
    }
}
