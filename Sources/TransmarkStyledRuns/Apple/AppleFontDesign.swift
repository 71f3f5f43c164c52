/// The designs of Apple's system font (`UIFontDescriptor.SystemDesign`,
/// `NSFontDescriptor.SystemDesign`, SwiftUI's `Font.Design`).
public enum AppleFontDesign: String, Sendable, Hashable, CaseIterable {
    /// The system font's designs.
    case `default`, serif, rounded, monospaced

    /// The design a generic family name stands for, or `nil` for a named family.
    init?(genericFamily name: String) {
        switch name.lowercased() {
        case FontDescriptor.systemFamily, "system-ui", "-apple-system", "sans-serif": self = .default
        case FontDescriptor.monospaceFamily, "ui-monospace": self = .monospaced
        case "serif", "ui-serif": self = .serif
        case "ui-rounded": self = .rounded
        default: return nil
        }
    }
}
