import Foundation

/// A link as Apple's text system takes it (`.link`): the URL, with the destination as written
/// kept for links that are not valid URLs, and the title (AppKit's `.toolTip`).
public struct AppleLink: Sendable, Hashable {
    /// The destination as written in the source.
    public var destination: String
    /// The destination as a URL; `nil` when it is not one (the text is then not a live link).
    public var url: URL?
    /// The title; empty when none.
    public var title: String

    /// The link of a resolved `LinkTarget`.
    public init(_ target: LinkTarget) {
        destination = target.url
        url = URL(string: target.url)
        title = target.title
    }
}
