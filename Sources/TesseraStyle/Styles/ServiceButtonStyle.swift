/// A service's own button (the kiosk's): filled with the service's colour, or the nearest shade of
/// it whose text reaches the theme's `textContrast` (`ServiceColour.fill`), with black or white
/// text, whichever reads better (`ServiceColour.text(on:)`).
///
/// Every state stays as readable as the fill and looks different from it: hover and loading move
/// the fill away from the text (more contrast), pressed swaps fill and text, disabled is the
/// theme's own disabled look. A colour that does not parse gives the theme's primary button.
public struct ServiceButtonStyle: ButtonStyle, Hashable {
    /// The service's code; its class is `tessera-service-<code>`.
    public var code: String
    /// `#RRGGBB`, as configured.
    public var colour: String

    /// How far hover and loading move the fill from the text.
    private static let hoverShift = 0.15
    private static let loadingShift = 0.3

    public init(code: String, colour: String) {
        self.code = code
        self.colour = colour
    }

    public var name: String { "service-\(safeCode)" }
    public var cssClass: String { "tessera-service-\(safeCode)" }

    /// Only letters and digits reach the stylesheet: a code is configured text.
    private var safeCode: String {
        String(code.unicodeScalars.filter { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
            .map(Character.init))
    }

    public func tokens(from theme: Theme) -> RoleTokens {
        var tokens = theme.primary
        guard let base = ThemeColor(hex: colour) else { return tokens }
        let text = ServiceColour.text(on: base)
        let fill = ServiceColour.fill(colour, under: text, minimum: theme.textContrast, fallback: tokens.normal.background)
        let away = text == .white ? ThemeColor.black : .white
        // A theme that asks for more than AA frames each fill in its own border colour.
        let framed = theme.textContrast > ContrastAudit.textMinimum
        func border(_ colour: ThemeColor) -> ThemeColor { framed ? theme.primary.normal.border : colour }
        let hover = fill.mixed(with: away, amount: Self.hoverShift)
        let loading = fill.mixed(with: away, amount: Self.loadingShift)
        tokens.normal = StateColors(background: fill, foreground: text, border: border(fill))
        tokens.hover = StateColors(background: hover, foreground: text, border: border(hover))
        tokens.pressed = StateColors(background: text, foreground: fill, border: framed ? border(fill) : fill)
        tokens.loading = StateColors(background: loading, foreground: text, border: border(loading))
        tokens.spinner = text
        return tokens
    }
}
