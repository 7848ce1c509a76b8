import GtkKit
import Localization

/// Between the product name and the role.
private let titleSpacing: Int32 = 16

/// The first page every role shows until its own screens exist: the product name and what runs here.
@MainActor final class WelcomeScreen {
    let root = Box(orientation: .vertical, spacing: titleSpacing)

    init(role: LaunchOptions.Role) {
        root.halign = .center
        root.valign = .center
        let title = Label("Tessera")
        title.addCSSClass("title-1")
        let subtitle = Label(localized("Ticket queue — %s", role.rawValue))
        subtitle.addCSSClass("dim-label")
        root.append(title)
        root.append(subtitle)
    }
}
