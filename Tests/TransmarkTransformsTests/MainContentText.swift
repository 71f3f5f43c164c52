import Transmark

/// The text that `main-content` keeps of an HTML page, written as `-t text -O mode=flat` writes
/// it: what the main-content suites check.
func mainContentText(_ html: String) throws -> String {
    let document = try Registry.standard.parse(Array(html.utf8), from: "html")
    let kept = try MainContentTransform().apply(to: document, options: .init())
    return String(decoding: try Registry.standard.render(kept, to: "text", options: [("mode", "flat")]), as: UTF8.self)
}
