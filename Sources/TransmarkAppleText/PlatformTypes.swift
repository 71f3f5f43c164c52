// The Apple adapter: compiled only where UIKit or AppKit exists. On Linux this module is empty;
// the values it applies (`AppleStyledText` in TransmarkStyledRuns) are computed and tested there.
#if canImport(UIKit)
import UIKit

/// The platform's font class: `UIFont` (`NSFont` on macOS).
public typealias PlatformFont = UIFont
/// The platform's color class: `UIColor` (`NSColor` on macOS).
public typealias PlatformColor = UIColor
/// The platform's font descriptor class.
typealias PlatformFontDescriptor = UIFontDescriptor
#elseif canImport(AppKit)
import AppKit

/// The platform's font class: `NSFont` (`UIFont` on iOS, tvOS and visionOS).
public typealias PlatformFont = NSFont
/// The platform's color class: `NSColor` (`UIColor` on iOS, tvOS and visionOS).
public typealias PlatformColor = NSColor
/// The platform's font descriptor class.
typealias PlatformFontDescriptor = NSFontDescriptor
#endif
