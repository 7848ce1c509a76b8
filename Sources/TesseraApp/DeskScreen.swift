import FoundationEssentials
import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The desk's layout, in pixels unless named otherwise. The whole screen, its lists full, fits a
/// 1280×800 staff screen: hence four waiting tickets, one parked and one no-show.
private enum Layout {
    static let pageMargins = EdgeInsets(top: 24, bottom: 24, start: 32, end: 32)
    static let sectionSpacing: Int32 = 16
    static let columnSpacing: Int32 = 32
    static let ticketColumnSpacing: Int32 = 14
    static let buttonRowSpacing: Int32 = 12
    static let listSpacing: Int32 = 10
    static let listsWidth: Int32 = 360
    static let callNextHeight: Int32 = 72
    static let headingPoints = 24
    static let ticketCodePoints = 64
    static let waitingShown = 4
    static let parkedShown = 1
    static let noShowsShown = 1
    /// Transfer targets and open/close buttons: one per service, for the first four services.
    static let servicesShown = 4
    /// "Called 3 min ago" moves on without a queue change: redrawn every quarter minute, it is
    /// never more than 15 s behind.
    static let minutesTickMilliseconds: UInt32 = 15_000
}

/// The counter's screen, bound to a `DeskModel`: the current ticket, Call next, the ticket
/// actions, transfer targets, and the waiting, parked and no-show lists. Whether a button is
/// enabled, why not, and whether it is loading all come from the model.
///
/// Every widget is made once: the lists are fixed pools of buttons that are relabelled and
/// shown or hidden, so a press in progress survives every live update. Keys: F1 (or Enter
/// that no focused button takes) Call next, F2 Recall, F3 Start, F4 Complete, F5 No-show, F6 Park;
/// Tab moves between buttons.
@MainActor final class DeskScreen {
    let model: DeskModel
    let root = Box(orientation: .vertical, spacing: Layout.sectionSpacing)
    let heading = Label()
    let currentCode = Label()
    let currentDetail = Label()
    let servicesLabel = Label()
    let notice = Label()
    /// "Kiosk printer: out of paper" while the kiosk cannot print.
    let printerAlert = Label()
    /// Each button and the action it stands for now (nil: hidden).
    private var bindings: [(button: StyledButton, action: () -> DeskAction?)] = []
    private(set) var buttons: [String: StyledButton] = [:]
    private var clock: MainContextSource?
    /// Where Transfer puts the ticket in its new lane: chosen on screen before a transfer button.
    private(set) var transferPosition: TransferPosition = .back
    private var positionButtons: [TransferPosition: StyledButton] = [:]
    private let transferHeading = Label()
    /// Opening and closing services: administrators only, hidden from everyone else.
    private let adminServices = Box(orientation: .horizontal, spacing: Layout.buttonRowSpacing)

    init(model: DeskModel) {
        self.model = model
        root.margins = Layout.pageMargins
        root.append(header())
        let columns = Box(orientation: .horizontal, spacing: Layout.columnSpacing)
        columns.vexpand = true
        columns.append(ticketColumn())
        columns.append(listsColumn())
        root.append(columns)
        model.onChange = { [weak self] in self?.update() }
        clock = MainContext.timeout(milliseconds: Layout.minutesTickMilliseconds) { [weak self] in
            self?.updateTicket()
            return self != nil
        }
        update()
    }

    private func header() -> Widget {
        let row = Box(orientation: .horizontal, spacing: Layout.sectionSpacing)
        heading.hexpand = true
        heading.xalign = 0
        row.append(heading)
        printerAlert.addCSSClass("error")
        printerAlert.isVisible = false
        row.append(printerAlert)
        // One of the two shows: "On a break" at work, "Back from break" on one.
        row.append(bind(key: "On a break", localized("On a break"), style: .secondary) { [weak self] in
            self?.model.onBreakSince == nil ? .takeBreak : nil
        }.widget)
        row.append(bind(key: "Back from break", localized("Back from break"), style: .primary) { [weak self] in
            self?.model.onBreakSince == nil ? nil : .endBreak
        }.widget)
        let signOut = StyledButton(localized("Sign out"), style: .secondary, context: .desk).onClicked { [weak self] in
            guard let self else { return }
            Task { await self.model.pressSignOut() }
        }
        buttons["Sign out"] = signOut
        row.append(signOut.widget)
        return row
    }

    private func ticketColumn() -> Widget {
        let column = Box(orientation: .vertical, spacing: Layout.ticketColumnSpacing)
        column.hexpand = true
        servicesLabel.xalign = 0
        servicesLabel.wraps = true
        column.append(servicesLabel)
        column.append(currentCode)
        currentDetail.addCSSClass("title-3")
        currentDetail.hexpand = true
        let detailRow = Box(orientation: .horizontal, spacing: Layout.buttonRowSpacing)
        detailRow.append(currentDetail)
        detailRow.append(bind(key: "Reprint ticket", localized("Reprint ticket"), style: .secondary) { .reprint }.widget)
        column.append(detailRow)
        // What a press did or why it was refused, between the ticket's buttons and Call next: where
        // the eyes of whoever pressed are (at the foot of the page it went unseen).
        notice.wraps = true
        notice.xalign = 0
        notice.addCSSClass("title-4")
        notice.isVisible = false
        column.append(notice)
        let callNext = bind(key: "Call next", localized("Call next"), style: .primary, context: .kiosk) { .callNext }
        callNext.widget.setSizeRequest(width: -1, height: Layout.callNextHeight)
        column.append(callNext.widget)
        let actions = Box(orientation: .horizontal, spacing: Layout.buttonRowSpacing)
        actions.isHomogeneous = true
        actions.append(bind(key: "Recall", localized("Recall"), style: .secondary) { .recall }.widget)
        actions.append(bind(key: "Start", localized("Start"), style: .secondary) { .start }.widget)
        actions.append(bind(key: "Complete", localized("Complete"), style: .secondary) { .complete(.served) }.widget)
        actions.append(bind(key: "Park", localized("Park"), style: .secondary) { .park }.widget)
        actions.append(bind(key: "No-show", localized("No-show"), style: .destructive) { .noShow }.widget)
        column.append(actions)
        let outcomes = Box(orientation: .horizontal, spacing: Layout.buttonRowSpacing)
        outcomes.append(Label(localized("Complete with outcome:")))
        outcomes.append(bind(key: "Referred", localized("Referred"), style: .secondary) { .complete(.referred) }.widget)
        outcomes.append(bind(key: "Unresolved", localized("Unresolved"), style: .secondary) { .complete(.unresolved) }.widget)
        column.append(outcomes)
        let positions = Box(orientation: .horizontal, spacing: Layout.buttonRowSpacing)
        positions.append(transferHeading)
        for (position, name) in [(TransferPosition.front, localized("Front")), (.back, localized("Back")),
                                 (.arrival, localized("By arrival"))] {
            let button = StyledButton(name, style: .secondary, context: .desk).onClicked { [weak self] in
                self?.transferPosition = position
                self?.update()
            }
            positionButtons[position] = button
            positions.append(button.widget)
        }
        column.append(positions)
        let transfers = Box(orientation: .horizontal, spacing: Layout.buttonRowSpacing)
        for index in 0..<Layout.servicesShown {
            transfers.append(bind(key: "Transfer \(index)", style: .secondary) { [weak self] in
                guard let self else { return nil }
                return service(index).map { .transfer(to: $0.code, position: transferPosition) }
            }.widget)
        }
        column.append(transfers)
        // Shown to administrators only: buttons a clerk could never press are not theirs to read.
        adminServices.append(Label(localized("Services (administrators):")))
        for index in 0..<Layout.servicesShown {
            adminServices.append(bind(key: "Service \(index)", style: .secondary) { [weak self] in
                guard let self, let role = model.staff?.role, DeskPermissions.mayAdminister(role) else { return nil }
                return service(index).map { $0.isOpen ? .closeService($0.code) : .openService($0.code) }
            }.widget)
        }
        column.append(adminServices)
        return column
    }

    private func listsColumn() -> Widget {
        let column = Box(orientation: .vertical, spacing: Layout.listSpacing)
        column.setSizeRequest(width: Layout.listsWidth, height: -1)
        column.append(Label(localized("Waiting: call this ticket")))
        for index in 0..<Layout.waitingShown {
            column.append(bind(key: "Waiting \(index)", style: .secondary) { [weak self] in
                self?.model.snapshot?.waiting.dropFirst(index).first.map { .call($0.id) }
            }.widget)
        }
        column.append(Label(localized("Parked")))
        for index in 0..<Layout.parkedShown {
            column.append(bind(key: "Parked \(index)", style: .secondary) { [weak self] in
                self?.model.snapshot?.parked.dropFirst(index).first.map { .resume($0.id) }
            }.widget)
        }
        column.append(Label(localized("No-shows")))
        for index in 0..<Layout.noShowsShown {
            column.append(bind(key: "No-show \(index)", style: .secondary) { [weak self] in
                self?.model.snapshot?.noShows.dropFirst(index).first.map { .reactivate($0.id) }
            }.widget)
        }
        return column
    }

    private func service(_ index: Int) -> DeskSnapshot.ServiceLine? {
        model.snapshot?.allServices.dropFirst(index).first
    }

    /// A button standing for whatever `action` returns at the moment of the click.
    /// `key`: the button's name in `buttons` (tests and focus find it there, in any language);
    /// `label`: what it says until `update` relabels it (pooled buttons: the key).
    private func bind(key name: String, _ label: String? = nil, style: some ButtonStyle, context: ButtonContext = .desk,
                      _ action: @escaping () -> DeskAction?) -> StyledButton {
        let button = StyledButton(label ?? name, style: style, context: context).onClicked { [weak self] in
            guard let self, let current = action() else { return }
            model.press(current)
        }
        bindings.append((button, action))
        buttons[name] = button
        return button
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

    func update() {
        let snapshot = model.snapshot
        let now = model.time.now()
        let deskName = snapshot?.desk.name ?? localized("Desk %d", model.deskNumber.rawValue)
        let name = model.staff?.name ?? ""
        // TRANSLATORS: who works the desk while they are away; %2$s: how long ("4 min").
        let who = model.onBreakSince.map { localized("%1$s · on a break, %2$s", name, Self.minutes(since: $0, now: now)) } ?? name
        heading.setMarkup("<span size='\(Layout.headingPoints)pt' weight='bold'>\(Markup.escaped(deskName))</span>   \(Markup.escaped(who))")
        servicesLabel.text = snapshot.map { snapshot in
            snapshot.services.map { Self.summary($0, now: now) }.joined(separator: "    ")
        } ?? localized("Reading the queue…")
        updateTicket()
        for (button, action) in bindings {
            guard let action = action() else {
                button.widget.isVisible = false
                continue
            }
            button.widget.isVisible = true
            if let label = Self.label(for: action, in: snapshot) { button.label = label }
            let busy = model.pending == action
            button.setBusy(busy, label: localized("Working…"))
            if !busy {
                let availability = model.availability(of: action)
                button.disabled(!availability.isEnabled, reason: availability.reason)
            }
        }
        transferHeading.text = switch transferPosition {
        case .front: localized("Transfer to the front of:")
        case .back: localized("Transfer to the back of:")
        case .arrival: localized("Transfer to its arrival place in:")
        }
        for (position, button) in positionButtons {
            if position == transferPosition { button.style(.primary) } else { button.style(.secondary) }
        }
        adminServices.isVisible = model.staff.map { DeskPermissions.mayAdminister($0.role) } ?? false
        notice.text = model.notice ?? ""
        notice.isVisible = model.notice != nil
        let alert = PrinterWords.alert(snapshot?.printers ?? [])
        if printerAlert.text != (alert ?? "") { printerAlert.text = alert ?? "" }
        printerAlert.isVisible = alert != nil
    }

    private func updateTicket() {
        guard let current = model.snapshot?.current else {
            currentCode.setMarkup("<span size='\(Layout.ticketCodePoints)pt' weight='bold'>—</span>")
            currentDetail.text = localized("No ticket at this desk")
            return
        }
        currentCode.setMarkup("<span size='\(Layout.ticketCodePoints)pt' weight='bold'>\(Markup.escaped(current.code))</span>")
        let service = model.snapshot?.allServices.first { $0.code == current.service }?.name ?? current.service.rawValue
        let since = current.state == .serving ? current.startedAt : current.calledAt
        let state = QueueWords.state(current.state)
        let now = model.time.now()
        currentDetail.text = since.map { localized("%s · %s for %s", service, state, Self.minutes(since: $0.date, now: now)) }
            ?? localized("%s · %s", service, state)
    }
}
