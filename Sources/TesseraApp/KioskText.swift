import GtkKit

/// Text sizes on the customer screens, for a person standing a metre away: every line a
/// customer must read is at least 24 px (18 pt at 96 dpi). Pango markup rather than CSS: the
/// one app-wide stylesheet belongs to TesseraStyle, and GTK's title classes stop at 20 px.
enum KioskText {
    enum Size: Int {
        case code = 120, title = 36, large = 28, button = 20
    }

    @MainActor static func set(_ label: Label, _ text: String, _ size: Size, bold: Bool = true, tabular: Bool = false) {
        let features = tabular ? " font_features='tnum'" : ""
        label.setMarkup("<span size='\(size.rawValue)pt' weight='\(bold ? "bold" : "normal")'\(features)>"
            + Markup.escaped(text) + "</span>")
    }
}
