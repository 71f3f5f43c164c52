#if canImport(UIKit) || canImport(AppKit)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif
import TransmarkStyledRuns

extension AppleColor {
    /// The `UIColor` (`NSColor` on macOS) with these sRGB components.
    public var platformColor: PlatformColor {
        #if canImport(UIKit)
        UIColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        #else
        NSColor(srgbRed: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        #endif
    }
}
#endif
