import GtkKit
import TesseraStyle

/// The desk's stylesheet: type a clerk reads at arm's length (the current code 96 px, the list
/// 18 px and up), and each service's colour behind its code, a contrast-checked variant where
/// the store's colour would not read (`ServiceFills`), so a colour changed in the
/// configuration shows at the next read of the queue.
@MainActor enum DeskStyle {
    private static var provider: CssProvider?
    /// The desk page's class, and the one it has where narrow (the demo's third): smaller type.
    static let page = "desk-page"
    static let narrow = "desk-narrow"
    /// A code whose service's colour cannot be read.
    private static let fillFallback = ThemeColor(rgb: 0x3465A4)

    static func install() {
        guard provider == nil else { return }
        let provider = CssProvider()
        for error in provider.load(css) { AppIdentity.log.warning("desk stylesheet: \(error)") }
        _ = CssProvider.addToDisplay(provider)
        self.provider = provider
    }

    /// The class that puts a service's colour (`#RRGGBB`) behind a label (`ServiceFills`).
    static func fillClass(forServiceColour colour: String) -> String {
        ServiceFills.fillClass(forServiceColour: colour, prefix: "desk-fill", fallback: fillFallback)
    }

    private static let css = """
    .desk-heading { font-size: 28px; font-weight: bold; }
    .desk-staff { font-size: 20px; }
    .desk-current-code { font-size: 96px; font-weight: bold; }
    .desk-current-detail { font-size: 22px; }
    .desk-reasons { font-size: 17px; }
    .desk-notice { font-size: 20px; font-weight: bold; }
    .desk-list-heading { font-size: 22px; font-weight: bold; }
    .desk-list-more { font-size: 17px; font-style: italic; }
    .desk-row { padding: 6px 10px; }
    .desk-row-code { font-size: 20px; font-weight: bold; border-radius: 6px; padding: 2px 8px; }
    .desk-row-text { font-size: 18px; }
    .desk-row-priority { font-size: 15px; font-weight: bold; border: 2px solid currentColor; border-radius: 6px;
                         padding: 0px 6px; }
    .desk-chip-code { font-weight: bold; border-radius: 6px; padding: 2px 8px; }
    .desk-current-service { font-size: 22px; font-weight: bold; border-radius: 8px; padding: 4px 12px; }
    .desk-narrow .desk-current-code { font-size: 64px; }
    .desk-narrow .desk-heading { font-size: 22px; }
    .desk-narrow .desk-current-service, .desk-narrow .desk-current-detail { font-size: 18px; }
    """
}
