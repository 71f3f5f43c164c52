import Foundation
import TransmarkCore

/// One markup file converted at build time by the `TransmarkResources` build-tool plugin: its
/// content as HTML and as styled text, with no parsing at run time.
///
/// The plugin generates one `static let` per file in the `Markup` namespace of the target that
/// applies it (`Markup/welcome.md` becomes `Markup.welcome`):
///
/// ```swift
/// let label = AttributedString(Markup.welcome.styledText)
/// webView.loadHTMLString(Markup.welcome.html, baseURL: nil)
/// ```
///
/// The styled text is embedded as `styled-json` and decoded the first time ``styledText`` is
/// read, once; later reads (from any thread) return the same value.
public final class MarkupResource: @unchecked Sendable {
    /// The Swift name of the resource in its namespace (`welcome`, `myPage`, `_2024`).
    public let name: String
    /// The path of the source file, relative to the target's `Markup` folder (`welcome.md`).
    public let sourcePath: String
    /// The content rendered as HTML (a fragment, with the HTML backend's default, safe options).
    public let html: String
    /// The content as `styled-json` (the JSON form of ``StyledText``, with default options).
    public let styledJSON: String

    private let lock = NSLock()
    /// The decoded styled text, once `styledText` has been read; guarded by `lock`.
    private var decoded: StyledText?

    /// Creates a resource from its pre-converted forms; generated code calls this.
    public init(name: String, sourcePath: String, html: String, styledJSON: String) {
        self.name = name
        self.sourcePath = sourcePath
        self.html = html
        self.styledJSON = styledJSON
    }

    /// The content as styled text, decoded from ``styledJSON`` on first use and kept.
    ///
    /// The generator checked at build time that the JSON decodes with the library the target
    /// links, so this does not fail; ``decodeStyledText()`` is the throwing form.
    public var styledText: StyledText {
        do {
            return try decodeStyledText()
        } catch {
            preconditionFailure("MarkupResource \(name) (\(sourcePath)): the embedded styled JSON does not decode: \(error)")
        }
    }

    /// The content as styled text, decoded from ``styledJSON`` on first use and kept; throws
    /// what `StyledText(json:)` throws if the JSON does not decode.
    public func decodeStyledText() throws -> StyledText {
        lock.lock()
        defer { lock.unlock() }
        if let decoded { return decoded }
        let value = try StyledText(json: styledJSON)
        decoded = value
        return value
    }
}
