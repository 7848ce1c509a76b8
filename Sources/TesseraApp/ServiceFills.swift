import GtkKit
import TesseraStyle

/// Each service's colour as a fill behind white text, on any screen: one CSS class per fill
/// (`ServiceColour.fill`: the store's colour, or the nearest shade white reads on at the
/// minimum asked), in one sheet loaded again only when a fill never seen before comes, so a
/// widget changes colour by a class, never by being made again. The board fills its tiles with
/// it, the desk a ticket's code.
@MainActor enum ServiceFills {
    /// The text on every fill: each is checked against it.
    static let text = ThemeColor.white
    private static var sheet: CssProvider?
    private static var rules: [String: String] = [:]

    /// The class named `prefix-rrggbb` that fills a widget with `colour` (`#RRGGBB`, else
    /// `fallback`) or its readable shade; `on`: a class the widget also has, so the fill
    /// outranks that class's own background.
    static func fillClass(forServiceColour colour: String, prefix: String, on base: String? = nil,
                          minimum: Double = ServiceColour.minimumContrast, fallback: ThemeColor) -> String {
        let fill = ServiceColour.fill(colour, under: text, minimum: minimum, fallback: fallback).hex
        let name = prefix + "-" + fill.dropFirst().lowercased()
        guard rules[name] == nil else { return name }
        rules[name] = ".\(base.map { $0 + "." } ?? "")\(name) { background-color: \(fill); color: \(text.hex); }"
        let sheet = self.sheet ?? CssProvider()
        if self.sheet == nil {
            _ = CssProvider.addToDisplay(sheet)
            self.sheet = sheet
        }
        let all = rules.keys.sorted().compactMap { rules[$0] }.joined(separator: "\n")
        for error in sheet.load(all) { AppIdentity.log.warning("service fills: \(error)") }
        return name
    }
}
