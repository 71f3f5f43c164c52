import TransmarkStyledRuns

/// The help pages this module ships, compiled from `Markup/` at build time by the
/// TransmarkResources plugin: no Markdown or HTML is parsed at run time.
public enum HelpPages {
    /// The welcome page (`Markup/welcome.md`).
    public static var welcome: MarkupResource { Markup.welcome }

    /// The release notes (`Markup/release-notes.html`).
    public static var releaseNotes: MarkupResource { Markup.releaseNotes }

    /// Every page, by the path of its source file in `Markup/`.
    public static let all: [String: MarkupResource] = Dictionary(uniqueKeysWithValues: [
        Markup.welcome, Markup.myPage, Markup._2024, Markup.releaseNotes, Markup.class,
        Markup.guidesGettingStarted, Markup.tricky, Markup.controlCharacter,
    ].map { ($0.sourcePath, $0) })
}
