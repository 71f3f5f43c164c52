import TransmarkCore

/// What a page's JSON-LD (`<script type="application/ld+json">`) says about it: the schema.org
/// fields that `DocumentMetadata` holds, read from the page's main entity.
///
/// Entities are the top-level object, the elements of a top-level array and the members of an
/// `@graph`. The main entity is the first whose `@type` names content (an article, a product, a
/// discussion, a recipe, …); other entities (`WebPage`, `WebSite`, `Organization`) only fill what
/// it leaves empty. Values are looked up a fixed number of levels deep (`author.name`,
/// `publisher.name`, `image.url`), never by recursion. A script that is not valid JSON is
/// ignored, never an error.
struct JSONLDMetadata {
    var title: String?
    var description: String?
    var authors: [String] = []
    var published: String?
    var modified: String?
    var siteName: String?
    var language: String?
    var url: String?
    var image: String?
    /// The main entity's kind, mapped to a page kind (`article`, `product`, `discussion`, …).
    var kind: String?
    /// The main entity's `name` when it has a different `headline` (which `title` holds): some
    /// sites put their own name there, others (Wikipedia) a description in `headline`.
    var otherTitle: String?

    /// The title: `headline`, or the entity's `name` when that shares more words with the
    /// page's `<title>` (as Readability chooses between them).
    func title(closestTo pageTitle: String?) -> String? {
        guard let title, let other = otherTitle, let pageTitle else { return title }
        func words(_ s: String) -> Set<Substring> {
            Set(s.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }))
        }
        let page = words(pageTitle)
        func share(_ s: String) -> Double {
            let w = words(s)
            return w.isEmpty ? 0 : Double(w.intersection(page).count) / Double(w.count)
        }
        return share(other) > share(title) ? other : title
    }

    /// Reads every script in order; later scripts fill only what earlier ones left empty.
    init(scripts: [[UInt8]]) {
        for script in scripts {
            let json = Self.unwrapped(script)
            script.withUnsafeBufferPointer { read(UnsafeBufferPointer(rebasing: $0[json])) }
        }
    }

    /// The JSON inside a script that wraps it for old parsers: `<![CDATA[ … ]]>` or
    /// `<!-- … -->`, each optionally behind `//` (as pages write them); the whole script otherwise.
    static func unwrapped(_ script: [UInt8]) -> Range<Int> {
        var lo = 0, hi = script.count
        func skipSpace() {
            while lo < hi, URLReference.isSpace(script[lo]) { lo += 1 }
            while hi > lo, URLReference.isSpace(script[hi - 1]) { hi -= 1 }
        }
        func dropPrefix(_ p: String) -> Bool {
            let bytes = Array(p.utf8)
            guard hi - lo >= bytes.count, script[lo ..< lo + bytes.count].elementsEqual(bytes) else { return false }
            lo += bytes.count
            return true
        }
        func dropSuffix(_ p: String) -> Bool {
            let bytes = Array(p.utf8)
            guard hi - lo >= bytes.count, script[hi - bytes.count ..< hi].elementsEqual(bytes) else { return false }
            hi -= bytes.count
            return true
        }
        skipSpace()
        _ = dropPrefix("//")
        skipSpace()
        if dropPrefix("<![CDATA[") {
            skipSpace()
            if dropSuffix("]]>") { skipSpace(); _ = dropSuffix("//"); skipSpace() }
        } else if dropPrefix("<!--") {
            skipSpace()
            if dropSuffix("-->") { skipSpace(); _ = dropSuffix("//"); skipSpace() }
        }
        return lo ..< hi
    }

    private mutating func read(_ input: UnsafeBufferPointer<UInt8>) {
        guard let tape = try? JSONTape(input, maxDepth: 64), let root = tape.rootIndex else { return }
        var entities: [Int] = []
        let top = tape.entries[root].kind == .array ? tape.elements(ofArray: root) : [root]
        for entity in top {
            if let graph = tape.member("@graph", ofObject: entity, input: input) {
                entities += tape.elements(ofArray: graph)
            }
            entities.append(entity)
        }
        let main = entities.filter { Self.pageKind(types(tape, $0, input)) != nil }
        let rest = entities.filter { Self.pageKind(types(tape, $0, input)) == nil }
        for (n, entity) in (main + rest).enumerated() where tape.entries[entity].kind == .object {
            fill(from: entity, tape, input, isMain: n < main.count)
        }
    }

    private mutating func fill(from entity: Int, _ tape: JSONTape, _ input: UnsafeBufferPointer<UInt8>, isMain: Bool) {
        func text(_ key: String) -> String? { Self.text(tape, tape.member(key, ofObject: entity, input: input), input) }
        let entityTypes = types(tape, entity, input)
        let kind = Self.pageKind(entityTypes)
        if isMain {
            if self.kind == nil { self.kind = kind }
            if title == nil {
                title = text("headline") ?? text("name")
                if let name = text("name"), name != title { otherTitle = name }
            }
            if description == nil { description = text("description") }
            if authors.isEmpty { authors = names(tape, tape.member("author", ofObject: entity, input: input), input) }
            if published == nil { published = text("datePublished") ?? text("dateCreated") ?? text("uploadDate") }
            if modified == nil { modified = text("dateModified") }
            if image == nil { image = imageURL(tape, tape.member("image", ofObject: entity, input: input), input) }
            if language == nil { language = text("inLanguage") }
            if url == nil { url = text("url") ?? idOf(tape, tape.member("mainEntityOfPage", ofObject: entity, input: input), input) }
            if siteName == nil { siteName = names(tape, tape.member("publisher", ofObject: entity, input: input), input).first }
        } else if entityTypes.contains("WebSite") {
            if siteName == nil { siteName = text("name") }
        } else if entityTypes.contains("WebPage") || entityTypes.contains("ItemPage") || entityTypes.contains("CollectionPage") {
            if title == nil { title = text("headline") ?? text("name") }
            if description == nil { description = text("description") }
            if published == nil { published = text("datePublished") }
            if modified == nil { modified = text("dateModified") }
            if language == nil { language = text("inLanguage") }
            if kind == nil, let pageKind = Self.pageKind(entityTypes, pagesToo: true) { self.kind = pageKind }
        }
    }

    /// The `@type` values of the entity at `index`.
    private func types(_ tape: JSONTape, _ index: Int, _ input: UnsafeBufferPointer<UInt8>) -> [String] {
        guard tape.entries[index].kind == .object, let t = tape.member("@type", ofObject: index, input: input) else { return [] }
        if let one = tape.string(at: t, input: input) { return [Self.localName(one)] }
        return tape.elements(ofArray: t).compactMap { tape.string(at: $0, input: input) }.map(Self.localName)
    }

    /// `https://schema.org/Article` → `Article`.
    private static func localName(_ type: String) -> String {
        if let slash = type.lastIndex(where: { $0 == "/" || $0 == "#" || $0 == ":" }) { return String(type[type.index(after: slash)...]) }
        return type
    }

    /// The page kind that schema.org types name, nil for types that are not a page's content.
    static func pageKind(_ types: [String], pagesToo: Bool = false) -> String? {
        for type in types {
            switch type {
            case "Article", "NewsArticle", "BlogPosting", "Report", "ScholarlyArticle", "TechArticle",
                 "AnalysisNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle",
                 "LiveBlogPosting", "SocialMediaPosting", "Review", "Recipe", "HowTo":
                return type == "TechArticle" ? "documentation" : "article"
            case "APIReference":
                return "documentation"
            case "Product", "ProductGroup", "IndividualProduct", "Book", "SoftwareApplication", "Offer":
                return "product"
            case "DiscussionForumPosting", "QAPage", "Question", "Comment":
                return "discussion"
            case "ItemList", "CollectionPage":
                return "listing"
            case "SearchResultsPage" where pagesToo:
                return "listing"
            case "Event", "JobPosting", "Course", "VideoObject", "PodcastEpisode":
                return type.lowercased()
            default:
                continue
            }
        }
        return nil
    }

    /// A string value, or the first string of an array, with whitespace collapsed.
    static func text(_ tape: JSONTape, _ index: Int?, _ input: UnsafeBufferPointer<UInt8>) -> String? {
        guard let index else { return nil }
        if let s = tape.string(at: index, input: input) { return HTMLMetadataReader.collapsed(s) }
        for element in tape.elements(ofArray: index) {
            if let s = tape.string(at: element, input: input) { return HTMLMetadataReader.collapsed(s) }
        }
        return nil
    }

    /// Names from a string, an object with a `name`, or an array of either.
    private func names(_ tape: JSONTape, _ index: Int?, _ input: UnsafeBufferPointer<UInt8>) -> [String] {
        guard let index else { return [] }
        let items = tape.entries[index].kind == .array ? tape.elements(ofArray: index) : [index]
        var result: [String] = []
        for item in items {
            let name = tape.string(at: item, input: input)
                ?? Self.text(tape, tape.member("name", ofObject: item, input: input), input)
            if let name = name.map(HTMLMetadataReader.collapsed), !name.isEmpty, !result.contains(name) { result.append(name) }
        }
        return result
    }

    /// A URL from a string, an `ImageObject` (`url` or `contentUrl`), or the first of an array.
    private func imageURL(_ tape: JSONTape, _ index: Int?, _ input: UnsafeBufferPointer<UInt8>) -> String? {
        guard let index else { return nil }
        let items = tape.entries[index].kind == .array ? tape.elements(ofArray: index) : [index]
        for item in items {
            if let s = tape.string(at: item, input: input) ?? Self.text(tape, tape.member("url", ofObject: item, input: input), input)
                ?? Self.text(tape, tape.member("contentUrl", ofObject: item, input: input), input), !s.isEmpty {
                return s
            }
        }
        return nil
    }

    /// A string, or an object's `@id`.
    private func idOf(_ tape: JSONTape, _ index: Int?, _ input: UnsafeBufferPointer<UInt8>) -> String? {
        guard let index else { return nil }
        return tape.string(at: index, input: input) ?? Self.text(tape, tape.member("@id", ofObject: index, input: input), input)
    }
}
