/// A service's own colour as a fill behind text: the store's colour where the text on it is
/// readable, else the nearest variant that is. A store picks its colours for the brand, not for
/// contrast (a light green with white text fails WCAG), so every screen fills from here.
public enum ServiceColour {
    /// WCAG 2.2 AA for normal text; the kiosk's, board's and desk's labels are at least this.
    public static let minimumContrast = 4.5
    /// How far each step moves the colour towards black or white: small, so the variant is as
    /// close to the store's colour as the contrast allows.
    private static let step = 0.04

    /// `colour` (`#RRGGBB`), or the closest shade of it with at least `minimum` contrast against
    /// `text`: darkened when the text is the lighter of the two, lightened otherwise. A colour
    /// that does not parse falls back to `fallback`.
    public static func fill(_ colour: String, under text: ThemeColor, minimum: Double = minimumContrast,
                            fallback: ThemeColor) -> ThemeColor {
        guard let base = ThemeColor(hex: colour) else { return fallback }
        guard base.contrastRatio(with: text) < minimum else { return base }
        let towards = text.relativeLuminance >= base.relativeLuminance ? ThemeColor.black : .white
        var amount = step
        while amount < 1 {
            let shade = base.mixed(with: towards, amount: amount)
            if shade.contrastRatio(with: text) >= minimum { return shade }
            amount += step
        }
        return towards
    }

    /// Black or white, whichever reads better on `fill`: for a colour the store chose that is
    /// light, black text keeps the colour itself.
    public static func text(on fill: ThemeColor) -> ThemeColor {
        fill.contrastRatio(with: .white) >= fill.contrastRatio(with: .black) ? .white : .black
    }
}

extension ThemeColor {
    /// This colour moved `amount` (0…1) of the way to `other`, channel by channel in sRGB.
    public func mixed(with other: ThemeColor, amount: Double) -> ThemeColor {
        func channel(_ from: UInt8, _ to: UInt8) -> UInt8 {
            UInt8((Double(from) + (Double(to) - Double(from)) * amount).rounded())
        }
        return ThemeColor(red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue))
    }
}
