#if canImport(UIKit) || canImport(AppKit)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif
import TransmarkStyledRuns

extension AppleFontDesign {
    /// The system font design (`UIFontDescriptor.SystemDesign`, `NSFontDescriptor.SystemDesign`).
    var systemDesign: PlatformFontDescriptor.SystemDesign {
        switch self {
        case .default: .default
        case .serif: .serif
        case .rounded: .rounded
        case .monospaced: .monospaced
        }
    }
}

extension AppleFont {
    /// The `UIFont` (`NSFont` on macOS): the system font at the exact weight in its design, or
    /// the named family at the weight, with the italic, bold and monospaced traits. For the
    /// system font the weight alone says how bold it is (a bold trait would make semibold bold).
    public var platformFont: PlatformFont {
        let size = CGFloat(pointSize)
        let platformWeight = PlatformFont.Weight(rawValue: CGFloat(weight))
        var descriptor: PlatformFontDescriptor
        var symbolic = traits
        switch family {
        case .system(let design):
            descriptor = PlatformFont.systemFont(ofSize: size, weight: platformWeight).fontDescriptor
            if design != .default, let designed = descriptor.withDesign(design.systemDesign) { descriptor = designed }
            symbolic.remove(.bold)
        case .named(let name):
            descriptor = PlatformFontDescriptor(fontAttributes: [
                .family: name,
                .traits: [PlatformFontDescriptor.TraitKey.weight: platformWeight.rawValue],
            ])
        }
        var wanted = descriptor.symbolicTraits
        #if canImport(UIKit)
        if symbolic.contains(.italic) { wanted.insert(.traitItalic) }
        if symbolic.contains(.bold) { wanted.insert(.traitBold) }
        if symbolic.contains(.monospace) { wanted.insert(.traitMonoSpace) }
        if let traited = descriptor.withSymbolicTraits(wanted) { descriptor = traited }
        return UIFont(descriptor: descriptor, size: size)
        #else
        if symbolic.contains(.italic) { wanted.insert(.italic) }
        if symbolic.contains(.bold) { wanted.insert(.bold) }
        if symbolic.contains(.monospace) { wanted.insert(.monoSpace) }
        descriptor = descriptor.withSymbolicTraits(wanted)
        return NSFont(descriptor: descriptor, size: size) ?? NSFont.systemFont(ofSize: size, weight: platformWeight)
        #endif
    }
}
#endif
