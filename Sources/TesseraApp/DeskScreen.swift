import FoundationEssentials
import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The desk's layout, in pixels. Landscape (1280×800 and up): the customer at the desk on the
/// left, the lists on the right; portrait, or a window narrower than `sideBySideWidth` (the
/// demo's third): the lists under the customer. Nothing scrolls sideways.
private enum Layout {
    static let pageMargins = EdgeInsets(top: 20, bottom: 20, start: 28, end: 28)
    /// The demo's third of a window, or any window this narrow: the margins a phone would have.
    static let narrowWidth: Int32 = 600
    static let narrowMargins = EdgeInsets(top: 12, bottom: 12, start: 12, end: 12)
    static let sectionSpacing: Int32 = 16
    static let columnSpacing: Int32 = 32
    static let buttonRowSpacing: Int32 = 10
    /// Side by side only when there is room for both columns (more than they need together).
    static let sideBySideWidth: Int32 = 1000
    /// The lists' column side by side: a row's code, a service name, priority and time waited.
    static let listsWidth: Int32 = 460
    /// "Called 3 min ago" moves on without a queue change: redrawn every quarter minute, it is
    /// never more than 15 s behind.
    static let minutesTickMilliseconds: UInt32 = 15_000
}

/// The counter's screen, bound to a `DeskModel`: who works here and what the desk calls from
/// (chosen here, within what the configuration allows), the customer at the desk with Call
/// next and its actions, and the waiting, parked and no-show lists. Whether a button is
/// enabled, why not, and whether it is loading all come from the model.
///
/// Every widget is made once: pools of buttons are relabelled and shown or hidden, so a press
/// in progress survives every live update. Keys (`DeskPage.takeKeys`): F1 (or Enter that no
/// focused button takes) Call next, F2 Recall, F3 Start, F4 Complete, F5 No-show, F6 Park.
@MainActor final class DeskScreen {
    let model: DeskModel
    let root = Box(orientation: .vertical, spacing: Layout.sectionSpacing)
    let heading = Label()
    let staffLine = Label()
    /// Each service the desk calls from: how many wait, the longest wait, a new ticket's wait.
    let servicesLine = Label()
    /// "Kiosk printer: out of paper" while the kiosk cannot print.
    let printerAlert = Label()
    let panel: DeskTicketPanel
    let lists: DeskQueueLists
    private let controls: DeskButtons
    var buttons: [String: StyledButton] { controls.buttons }
    /// One above the other until the first frame shows room for both side by side: a desk that
    /// started side by side would ask for both columns' width, and get it by widening its window.
    /// The header and the chips start as columns, and the page narrow, for the same reason.
    private let body = Box(orientation: .vertical, spacing: Layout.columnSpacing)
    /// "Calling from" and the chips, in a row that shrinks them (their names end in "…"); a
    /// column where narrow.
    private let chooser = Box(orientation: .vertical, spacing: Layout.buttonRowSpacing)
    /// The desk's name and its buttons: a row, or a column where narrow.
    private let headerRow = Box(orientation: .vertical, spacing: Layout.sectionSpacing)
    private var chooserCount = 0
    /// Opening and closing services: administrators only, hidden from everyone else.
    private let adminServices = Box(orientation: .horizontal, spacing: Layout.buttonRowSpacing)
    private var adminCount = 0
    private var clock: MainContextSource?
    /// "Manage the store": administrators only, hidden from everyone else.
    private var manage: StyledButton!
    var onManage: (@MainActor () -> Void)?

    init(model: DeskModel) {
        self.model = model
        controls = DeskButtons(model: model)
        panel = DeskTicketPanel(buttons: controls)
        lists = DeskQueueLists(model: model, buttons: controls)
        // Narrow until the first frame shows more room (see `body`).
        root.margins = Layout.narrowMargins
        DeskStyle.install()
        root.addCSSClass(DeskStyle.page)
        root.addCSSClass(DeskStyle.narrow)
        root.append(header())
        let calling = Label(localized("Calling from:"))
        calling.addCSSClass("desk-staff")
        calling.valign = .center
        calling.xalign = 0
        chooser.append(calling)
        root.append(chooser)
        servicesLine.addCSSClass("desk-reasons")
        servicesLine.xalign = 0
        servicesLine.wraps = true
        // Under the buttons and their reasons: the queue's figures, read when there is time.
        panel.root.append(servicesLine)
        adminServices.append(Label(localized("Services (administrators):")))
        root.append(adminServices)
        body.vexpand = true
        panel.root.hexpand = true
        lists.root.hexpand = true
        lists.root.vexpand = true
        panel.root.valign = .start
        body.append(panel.root)
        body.append(lists.root)
        root.append(body)
        panel.onPositionChange = { [weak self] in self?.update() }
        model.onChange = { [weak self] in self?.update() }
        clock = MainContext.timeout(milliseconds: Layout.minutesTickMilliseconds) { [weak self] in
            self?.update()
            return self != nil
        }
        // The window's shape decides the layout; a resize repaints, so check after each frame.
        root.onRealize { [weak self] in
            self?.root.frameClock?.onAfterPaint { _ in self?.fitOrientation() }
        }
        update()
    }

    private func header() -> Widget {
        let row = headerRow
        let names = Box(orientation: .vertical, spacing: 2)
        names.hexpand = true
        heading.addCSSClass("desk-heading")
        heading.xalign = 0
        heading.wraps = true
        staffLine.addCSSClass("desk-staff")
        staffLine.xalign = 0
        staffLine.wraps = true
        names.append(heading)
        names.append(staffLine)
        row.append(names)
        printerAlert.addCSSClass("error")
        printerAlert.wraps = true
        printerAlert.isVisible = false
        row.append(printerAlert)
        let actions = Box(orientation: .horizontal, spacing: Layout.buttonRowSpacing)
        actions.valign = .start
        row.append(actions)
        // One of the two shows: "On a break" at work, "Back from break" on one.
        actions.append(controls.bind(key: "On a break", localized("On a break"), style: .secondary, explains: { false }) { [weak self] in
            self?.model.onBreakSince == nil ? .takeBreak : nil
        }.widget)
        actions.append(controls.bind(key: "Back from break", localized("Back from break"), style: .primary) { [weak self] in
            self?.model.onBreakSince == nil ? nil : .endBreak
        }.widget)
        manage = StyledButton(localized("Manage the store"), style: .secondary, context: .desk).onClicked { [weak self] in
            self?.onManage?()
        }
        manage.button.focusOnClick = false
        actions.append(manage.widget)
        let signOut = StyledButton(localized("Sign out"), style: .secondary, context: .desk).onClicked { [weak self] in
            guard let self else { return }
            Task { await self.model.pressSignOut() }
        }
        // A click leaves focus where it was: Enter after a mouse sign-out cancel stays Call next.
        signOut.button.focusOnClick = false
        actions.append(signOut.widget)
        controls.register(key: "Sign out", signOut)
        return row
    }

    /// Side by side when wide enough and not portrait, else one above the other.
    private func fitOrientation() {
        let (width, height) = (root.allocatedWidth, root.allocatedHeight)
        guard width > 0 else { return }
        let wanted: Orientation = width >= Layout.sideBySideWidth && width > height ? .horizontal : .vertical
        if body.orientation != wanted {
            body.orientation = wanted
            // Side by side, the lists a fixed width; the customer's column takes the rest.
            lists.root.hexpand = wanted == .vertical
            lists.root.setSizeRequest(width: wanted == .horizontal ? Layout.listsWidth : -1, height: -1)
        }
        let narrow = width < Layout.narrowWidth
        let margins = narrow ? Layout.narrowMargins : Layout.pageMargins
        if root.margins != margins { root.margins = margins }
        let rows: Orientation = narrow ? .vertical : .horizontal
        for box in [headerRow, chooser] where box.orientation != rows { box.orientation = rows }
        if narrow != root.hasCSSClass(DeskStyle.narrow) {
            if narrow { root.addCSSClass(DeskStyle.narrow) } else { root.removeCSSClass(DeskStyle.narrow) }
        }
    }

    /// The services the desk may call from, each a toggle; and, for administrators, open/close.
    private func ensureServiceButtons(allowed: Int, all: Int) {
        while chooserCount < allowed {
            let index = chooserCount
            chooser.append(controls.bind(key: "Choose \(index)", style: .secondary, explains: { false }) { [weak self] in
                guard let snapshot = self?.model.snapshot, let line = snapshot.allowedServices.dropFirst(index).first else { return nil }
                let chosen = snapshot.services.map(\.code)
                let toggled = chosen.contains(line.code) ? chosen.filter { $0 != line.code }
                    : snapshot.allowedServices.map(\.code).filter { chosen.contains($0) || $0 == line.code }
                return .chooseServices(toggled)
            }.ellipsizingLabel().widget)
            chooserCount += 1
        }
        while adminCount < all {
            let index = adminCount
            adminServices.append(controls.bind(key: "Service \(index)", style: .secondary, explains: { false }) { [weak self] in
                guard let self, let role = model.staff?.role, DeskPermissions.mayAdminister(role),
                      let line = model.snapshot?.allServices.dropFirst(index).first else { return nil }
                return line.isOpen ? .closeService(line.code) : .openService(line.code)
            }.widget)
            adminCount += 1
        }
    }

    func update() {
        let snapshot = model.snapshot
        let now = model.time.now()
        if let snapshot {
            ensureServiceButtons(allowed: snapshot.allowedServices.count, all: snapshot.allServices.count)
            panel.ensureTransfers(count: snapshot.allServices.count) { [weak self] in self?.model.snapshot }
        }
        heading.text = snapshot?.desk.name ?? localized("Desk %d", model.deskNumber.rawValue)
        let name = model.staff?.name ?? ""
        // TRANSLATORS: who works the desk while they are away; %2$s: how long ("4 min").
        staffLine.text = model.onBreakSince.map { localized("%1$s · on a break, %2$s", name, Self.minutes(since: $0, now: now)) } ?? name
        let summary = snapshot.map { snapshot in snapshot.services.map { Self.summary($0, now: now) }.joined(separator: "\n") }
            ?? localized("Reading the queue…")
        if servicesLine.text != summary { servicesLine.text = summary }
        let reasons = controls.update { Self.label(for: $0, in: snapshot, position: panel.transferPosition) }
        chooserStyles(snapshot)
        let current = snapshot?.current
        let line = current.flatMap { ticket in snapshot?.allServices.first { $0.code == ticket.service } }
        panel.update(current: current, serviceName: current.map { line?.name ?? $0.service.rawValue },
                     serviceColour: line?.colour, detailText: detail(current, now: now), reasons: reasons, notice: model.notice)
        lists.update(now: now)
        let administers = model.staff.map { DeskPermissions.mayAdminister($0.role) } ?? false
        adminServices.isVisible = administers
        manage.widget.isVisible = administers
        let alert = PrinterWords.alert(snapshot?.printers ?? [])
        if printerAlert.text != (alert ?? "") { printerAlert.text = alert ?? "" }
        printerAlert.isVisible = alert != nil
    }

    /// A chosen service's toggle is filled, one left out is plain.
    private func chooserStyles(_ snapshot: DeskSnapshot?) {
        let chosen = Set(snapshot?.services.map(\.code) ?? [])
        for index in 0..<chooserCount {
            guard let button = controls.buttons["Choose \(index)"],
                  let line = snapshot?.allowedServices.dropFirst(index).first else { continue }
            if chosen.contains(line.code) { button.style(.primary) } else { button.style(.secondary) }
            // TRANSLATORS: a service the desk may call from, and how many wait for it ("Returns · 12").
            let name = localized("%1$s · %2$d", line.name, line.waiting)
            let label = chosen.contains(line.code) ? "✓ \(name)" : name
            if button.label != label { button.label = label }
            button.button.accessibleDescription = chosen.contains(line.code)
                ? localized("Called from this desk; press to stop calling it") : localized("Not called from this desk; press to call it")
        }
    }

    private func detail(_ current: Ticket?, now: Date) -> String {
        guard let current else {
            return model.snapshot == nil ? localized("Reading the queue…") : localized("No ticket at this desk")
        }
        let since = current.state == .serving ? current.startedAt : current.calledAt
        let state = QueueWords.state(current.state)
        return since.map { localized("%s for %s", state, Self.minutes(since: $0.date, now: now)) } ?? state
    }

    /// Keys no focused widget took: Enter is Call next.
    func handleUnclaimedKey(_ keyval: UInt32) -> Bool {
        guard keyval == DeskKeys.enter || keyval == DeskKeys.keypadEnter else { return false }
        return handleKey(DeskKeys.function(1))
    }

    /// The desk's function keys, before any focused widget; false lets GTK handle the key
    /// (Tab, Enter or Space on a focused button…).
    func handleKey(_ keyval: UInt32) -> Bool {
        let action: DeskAction? = switch keyval {
        case DeskKeys.function(1): .callNext
        case DeskKeys.function(2): .recall
        case DeskKeys.function(3): .start
        case DeskKeys.function(4): .complete(.served)
        case DeskKeys.function(5): .noShow
        case DeskKeys.function(6): .park
        default: nil
        }
        guard let action else { return false }
        model.touch()
        model.press(action)
        return true
    }
}
