import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The administrator's page, bound to an `AdminModel`: services, desks and staff, one section
/// at a time behind a row of tabs, and one message under them for what the last change did or
/// why it was refused. Reached from a desk by an administrator ("Manage the store") or as the
/// `tessera admin` role; `onLeave` goes back (to the desk, or to the sign-in).
///
/// Sections keep their rows keyed by service, desk or member and update them in place: a live
/// change from another terminal never rebuilds a row under a finger.
@MainActor final class AdminScreen {
    private enum Layout {
        static let margins = EdgeInsets(top: 20, bottom: 20, start: 28, end: 28)
        static let spacing: Int32 = 14
    }

    let model: AdminModel
    let root = Box(orientation: .vertical, spacing: Layout.spacing)
    let message = Label()
    private let pages = ScreenPages()
    private var tabs: [(name: String, button: StyledButton)] = []
    let services: AdminServicesSection
    let desks: AdminDesksSection
    let staff: AdminStaffSection
    let figures: AdminFiguresSection
    var onLeave: (@MainActor () -> Void)?

    init(model: AdminModel, figures: AdminFigures, leaveLabel: String) {
        self.model = model
        AdminStyle.install()
        root.margins = Layout.margins
        root.addCSSClass(AdminStyle.page)
        services = AdminServicesSection(model: model)
        desks = AdminDesksSection(model: model)
        staff = AdminStaffSection(model: model)
        self.figures = AdminFiguresSection(figures: figures)
        root.append(header(leaveLabel: leaveLabel))
        let tabRow = Box(orientation: .horizontal, spacing: 10)
        root.append(tabRow)
        for (name, title, section) in [("services", localized("Services"), services.root),
                                       ("desks", localized("Desks"), desks.root),
                                       ("staff", localized("Staff"), staff.root),
                                       ("figures", localized("Figures"), self.figures.root)] {
            let scroller = ScrolledWindow()
            scroller.setPolicy(horizontal: .never, vertical: .automatic)
            scroller.child = section
            scroller.vexpand = true
            pages.add(scroller, name: name, title: title)
            let tab = StyledButton(title, style: .secondary, context: .desk).onClicked { [weak self] in self?.show(name) }
            tabs.append((name, tab))
            tabRow.append(tab.widget)
        }
        message.addCSSClass(AdminStyle.message)
        message.xalign = 0
        message.wraps = true
        root.append(message)
        pages.stack.vexpand = true
        root.append(pages.stack)
        show("services")
        model.onChange = { [weak self] in self?.update() }
        self.figures.onChange = { [weak self] in self?.updateMessage() }
        update()
    }

    private func header(leaveLabel: String) -> Widget {
        let row = Box(orientation: .horizontal, spacing: Layout.spacing)
        let names = Box(orientation: .vertical, spacing: 2)
        names.hexpand = true
        let title = Label(localized("Manage the store"))
        title.addCSSClass(AdminStyle.heading)
        title.xalign = 0
        // TRANSLATORS: under "Manage the store": who is signed in; every change is recorded as theirs.
        let who = Label(localized("Signed in as %s; every change is recorded with your name.", model.admin.name))
        who.addCSSClass(AdminStyle.text)
        who.xalign = 0
        who.wraps = true
        names.append(title)
        names.append(who)
        row.append(names)
        let leave = StyledButton(leaveLabel, style: .secondary, context: .desk).onClicked { [weak self] in self?.onLeave?() }
        leave.widget.valign = .start
        row.append(leave.widget)
        return row
    }

    func show(_ name: String) {
        pages.show(name)
        if name == "figures" { figures.refresh() }
        updateMessage()
        for tab in tabs {
            if tab.name == name { tab.button.style(.primary) } else { tab.button.style(.secondary) }
            tab.button.button.accessibleDescription = tab.name == name ? localized("Shown") : nil
        }
    }

    var visibleSection: String? { pages.visibleName }

    func update() {
        updateMessage()
        services.update()
        desks.update()
        staff.update()
        // The figures move with every change in the store: read again while they are shown.
        if pages.visibleName == "figures" { figures.refresh() }
    }

    /// The one message: the figures' while they are shown, else the last change's.
    private func updateMessage() {
        let text = (pages.visibleName == "figures" ? figures.figures.message : model.message)?.text ?? ""
        if message.text != text { message.text = text }
        message.isVisible = !text.isEmpty
        let refused = if case .refused = (pages.visibleName == "figures" ? figures.figures.message : model.message) { true } else { false }
        if refused != message.hasCSSClass("error") {
            if refused { message.addCSSClass("error") } else { message.removeCSSClass("error") }
        }
    }
}

/// The admin page's stylesheet: the desk's sizes, read at arm's length.
@MainActor enum AdminStyle {
    private static var provider: CssProvider?
    static let page = "admin-page"
    static let heading = "admin-heading"
    static let section = "admin-section"
    static let text = "admin-text"
    static let detail = "admin-detail"
    static let lock = "admin-lock"
    static let message = "admin-message"
    static let row = "admin-row"

    static func install() {
        guard provider == nil else { return }
        let provider = CssProvider()
        for error in provider.load(css) { AppIdentity.log.warning("admin stylesheet: \(error)") }
        _ = CssProvider.addToDisplay(provider)
        self.provider = provider
    }

    private static let css = """
    .admin-heading { font-size: 28px; font-weight: bold; }
    .admin-section { font-size: 22px; font-weight: bold; }
    .admin-text, .admin-page entry, .admin-page checkbutton label { font-size: 18px; }
    .admin-detail { font-size: 16px; }
    .admin-lock { font-size: 16px; font-style: italic; }
    .admin-message { font-size: 18px; font-weight: bold; }
    .admin-row { padding: 8px 0px; border-bottom: 1px solid alpha(currentColor, 0.25); }
    """
}
