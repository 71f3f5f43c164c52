import TransmarkCore

extension MainContentTransform {
    /// What kind of page `main-content` found, which decides what it keeps.
    public enum PageKind: String, Sendable, Hashable, CaseIterable {
        /// One piece of prose (news, blog post, essay, recipe): the article and its title.
        case article
        /// Technical documentation (a manual page, an API reference): the article, code and
        /// tables included.
        case documentation
        /// A discussion (a forum thread, questions and answers): every post of the thread.
        case discussion
        /// A product page: its description and its specification tables.
        case product
        /// A listing or collection (search results, a category, a front page): its items, each
        /// with its title and summary.
        case listing
        /// Any other page (a service or landing page, a form): the best-scoring content.
        case other

        /// The kind a page declares in its metadata (`DocumentMetadata.pageKind`: JSON-LD
        /// `@type` as the HTML frontend maps it, or OpenGraph `og:type`), nil when it declares
        /// none or only a generic one (`website`).
        public init?(declared: String?) {
            guard let value = declared?.lowercased(), !value.isEmpty else { return nil }
            switch value {
            case "article", "blog", "blogposting", "newsarticle", "recipe", "review": self = .article
            case "documentation", "techarticle", "apireference": self = .documentation
            case "discussion", "qapage", "question", "discussionforumposting": self = .discussion
            case "listing", "collectionpage", "itemlist", "searchresultspage": self = .listing
            default:
                if value.hasPrefix("article") || value.hasPrefix("blog") {
                    self = .article
                } else if value.hasPrefix("product") || value == "og:product" || value.hasSuffix(".product") {
                    self = .product
                } else if ["event", "jobposting", "course", "videoobject", "podcastepisode"].contains(value)
                            || value.hasPrefix("video") || value.hasPrefix("music") {
                    self = .other
                } else {
                    return nil
                }
            }
        }

        /// The kind a URL's path suggests (`/forum/…`, `/threads/…`, `/questions/…`, `/product/…`,
        /// `/dp/…`, `/docs/…`, `/api/…`, `/category/name`, `/tag/name`, `/search`, a `docs.` or
        /// `forum.` host), nil when it suggests none.
        public init?(url: String?) {
            guard let url, !url.isEmpty else { return nil }
            let reference = URLReference(url)
            let host = (reference.authority ?? "").lowercased()
            let segments = reference.path.lowercased().split(separator: "/")
            if host.hasPrefix("docs.") || host.hasPrefix("developer.") { self = .documentation; return }
            if host.hasPrefix("forum.") || host.hasPrefix("forums.") || host.hasPrefix("community.")
                || host.hasPrefix("discuss.") { self = .discussion; return }
            for (n, segment) in segments.enumerated() {
                switch segment {
                case "forum", "forums", "thread", "threads", "topic", "topics", "t", "questions", "comments",
                     "discussion", "discussions", "viewtopic.php", "showthread.php":
                    self = .discussion; return
                case "product", "products", "dp", "produkt", "produkte":
                    self = .product; return
                case "docs", "doc", "documentation", "reference", "api", "manual", "man", "handbook":
                    self = .documentation; return
                case "category", "categories", "tag", "tags", "search", "archive", "archives", "collections",
                     "shop", "kategorie":
                    // The listing itself (`/tag/swift`), not a page filed under it.
                    if n + 2 >= segments.count || segment == "search" { self = .listing; return }
                default:
                    continue
                }
            }
            return nil
        }
    }
}
