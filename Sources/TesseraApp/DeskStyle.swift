import GtkKit
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The desk's stylesheet: type a clerk reads at arm's length (the current code 96 px, the list
/// 18 px and up), and each service's colour behind its code, a contrast-checked variant where
/// the store's colour would not read (`ServiceColour`). The colours follow the configuration:
/// `show(services:)` reloads them when a service's colour changes.
@MainActor enum DeskStyle {
    private static var provider: CssProvider?
    private static var colours: [ServiceCode: String] = [:]

    /// The desk page's class, and the one it has where narrow (the demo's third): smaller type.
    static let page = "desk-page"
    static let narrow = "desk-narrow"

    /// The CSS class that puts `code`'s colour behind a label.
    static func serviceClass(_ code: ServiceCode) -> String { "desk-service-\(code.rawValue.lowercased())" }

    static func show(services: [DeskSnapshot.ServiceLine]) {
        let wanted = Dictionary(services.map { ($0.code, $0.colour) }, uniquingKeysWith: { first, _ in first })
        guard provider == nil || wanted != colours else { return }
        let provider = self.provider ?? CssProvider()
        colours = wanted
        for error in provider.load(css + serviceRules(wanted)) { AppIdentity.log.warning("desk stylesheet: \(error)") }
        if self.provider == nil {
            _ = CssProvider.addToDisplay(provider)
            self.provider = provider
        }
    }

    private static func serviceRules(_ colours: [ServiceCode: String]) -> String {
        colours.keys.sorted().map { code in
            let fill = ServiceColour.fill(colours[code]!, under: .white, fallback: ThemeColor(rgb: 0x3465A4))
            let text = ServiceColour.text(on: fill)
            return ".\(serviceClass(code)) { background-color: \(fill.hex); color: \(text.hex); }"
        }.joined(separator: "\n")
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
