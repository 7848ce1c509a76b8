import Glibc

/// An opaque sRGB colour, the only kind of colour a theme holds.
///
/// Opaque on purpose: WCAG contrast is defined between two opaque colours, so a translucent
/// token would make the contrast check depend on whatever happens to be painted underneath.
public struct ThemeColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#rgb` or `#rrggbb` (case-insensitive); `nil` for anything else.
    public init?(hex text: String) {
        guard text.hasPrefix("#") else { return nil }
        let digits = Array(text.utf8.dropFirst())
        guard digits.allSatisfy({ Self.hexValue($0) != nil }) else { return nil }
        let values = digits.compactMap(Self.hexValue)
        switch values.count {
        case 3:
            red = values[0] * 17
            green = values[1] * 17
            blue = values[2] * 17
        case 6:
            red = values[0] << 4 | values[1]
            green = values[2] << 4 | values[3]
            blue = values[4] << 4 | values[5]
        default:
            return nil
        }
    }

    /// `#rrggbb`, lower case: the form the stylesheet and messages use.
    public var hex: String {
        "#" + [red, green, blue].map { value in
            let digits = String(value, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    public var description: String { hex }

    /// WCAG 2.2 relative luminance (0 for black, 1 for white), from linearised sRGB channels.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.2 contrast ratio between two colours, from 1 (same) to 21 (black on white); symmetric.
    public func contrastRatio(with other: ThemeColor) -> Double {
        let lighter = max(relativeLuminance, other.relativeLuminance)
        let darker = min(relativeLuminance, other.relativeLuminance)
        return (lighter + 0.05) / (darker + 0.05)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension ThemeColor {
    public static let black = ThemeColor(red: 0, green: 0, blue: 0)
    public static let white = ThemeColor(red: 255, green: 255, blue: 255)
}

extension ThemeColor {
    /// A colour from a `0xRRGGBB` literal, for the built-in themes.
    public init(rgb: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: rgb >> 16),
                  green: UInt8(truncatingIfNeeded: rgb >> 8),
                  blue: UInt8(truncatingIfNeeded: rgb))
    }
}
