import FoundationEssentials
import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The customer at the desk and what to do with them: the ticket's code large, its service on
/// its colour, how long it has been at the desk; Call next; the actions of every customer in
/// two rows (Recall, Start, Complete; Park, No-show, More actions); and "More actions": complete
/// with an outcome, send to another service (at the front, the back or the arrival place of its
/// queue), a copy of the ticket; then what the last press did, and why a button is off, once, in
/// one line.
@MainActor final class DeskTicketPanel {
    private enum Layout {
        static let spacing: Int32 = 14
        static let rowSpacing: Int32 = 10
        static let callNextHeight: Int32 = 88
    }

    let root = Box(orientation: .vertical, spacing: Layout.spacing)
    let code = Label()
    let service = Label()
    let detail = Label()
    /// Why the buttons that are off are off, each reason once.
    let reasons = Label()
    /// What the last press did, or why the store refused it.
    let notice = Label()
    private let more = Box(orientation: .vertical, spacing: Layout.rowSpacing)
    /// Shows and hides the rarer actions.
    let moreToggle: StyledButton
    private let transfers = Box(orientation: .vertical, spacing: Layout.rowSpacing)
    private var transferCount = 0
    private var positionButtons: [TransferPosition: StyledButton] = [:]
    private let buttons: DeskButtons
    private var serviceClass: String?
    /// Where "Send to" puts the ticket in its new queue, chosen before the service.
    private(set) var transferPosition: TransferPosition = .back

    init(buttons: DeskButtons) {
        self.buttons = buttons
        moreToggle = StyledButton(localized("More actions…"), style: .secondary, context: .desk)
        let ticket = Box(orientation: .horizontal, spacing: Layout.rowSpacing)
        code.addCSSClass("desk-current-code")
        code.xalign = 0
        ticket.append(code)
        let about = Box(orientation: .vertical, spacing: 6)
        about.valign = .center
        service.addCSSClass("desk-current-service")
        service.halign = .start
        // A long service name must not widen the desk: it ends in "…" where narrow.
        service.ellipsizes = true
        about.append(service)
        detail.addCSSClass("desk-current-detail")
        detail.xalign = 0
        detail.wraps = true
        about.append(detail)
        about.hexpand = true
        ticket.append(about)
        root.append(ticket)
        let callNext = buttons.bind(key: "Call next", localized("Call next"), style: .primary, context: .kiosk, leads: true) { .callNext }
        callNext.widget.setSizeRequest(width: -1, height: Layout.callNextHeight)
        root.append(callNext.widget)
        // Three to a row, two rows; fewer to a row where the screen is narrow.
        let actions = row([(key: "Recall", localized("Recall"), .recall), (key: "Start", localized("Start"), .start),
                           (key: "Complete", localized("Complete"), .complete(.served)), (key: "Park", localized("Park"), .park)])
        actions.append(buttons.bind(key: "No-show", localized("No-show"), style: .destructive) { .noShow }.widget)
        moreToggle.onClicked { [weak self] in self?.toggleMore() }
        actions.append(moreToggle.widget)
        root.append(actions)
        for label in [reasons, notice] {
            label.wraps = true
            label.xalign = 0
            label.isVisible = false
        }
        reasons.addCSSClass("desk-reasons")
        more.isVisible = false
        more.append(heading(localized("Complete with an outcome")))
        more.append(row([(key: "Referred", localized("Completed: referred"), .complete(.referred)),
                         (key: "Unresolved", localized("Completed: unresolved"), .complete(.unresolved))], inMore: true))
        more.append(heading(localized("Send to another service")))
        let positions = FlowBox(perLine: 3, spacing: UInt32(Layout.rowSpacing))
        for position in [TransferPosition.front, .back, .arrival] {
            let button = StyledButton(Self.place(position), style: .secondary, context: .desk).ellipsizingLabel().onClicked { [weak self] in
                self?.transferPosition = position
                self?.onPositionChange?()
            }
            positionButtons[position] = button
            positions.append(button.widget)
        }
        more.append(positions)
        more.append(transfers)
        more.append(buttons.bind(key: "Reprint ticket", localized("Reprint ticket"), style: .secondary,
                                 explains: { [weak self] in self?.more.isVisible ?? false }) { .reprint }.widget)
        root.append(more)
        // What a press did or why it was refused, under the buttons pressed (More's too): where
        // the eyes of whoever pressed are (at the foot of the page it went unseen).
        notice.addCSSClass("desk-notice")
        root.append(notice)
        root.append(reasons)
    }

    /// Called when a transfer place is chosen: the screen relabels the Send buttons.
    var onPositionChange: (() -> Void)?

    private func heading(_ text: String) -> Label {
        let label = Label(text)
        label.addCSSClass("desk-list-heading")
        label.xalign = 0
        return label
    }

    private func row(_ actions: [(key: String, String, DeskAction)], inMore: Bool = false) -> FlowBox {
        let box = FlowBox(perLine: 3, spacing: UInt32(Layout.rowSpacing))
        for (key, label, action) in actions {
            box.append(buttons.bind(key: key, label, style: .secondary,
                                    explains: { [weak self] in !inMore || (self?.more.isVisible ?? false) }) { action }.widget)
        }
        return box
    }

    private func toggleMore() {
        more.isVisible.toggle()
        moreToggle.label = more.isVisible ? localized("Fewer actions") : localized("More actions…")
        onPositionChange?()
    }

    /// One "Send to" button per service of the store (the pool grows, never shrinks).
    func ensureTransfers(count: Int, snapshot: @escaping () -> DeskSnapshot?) {
        while transferCount < count {
            let index = transferCount
            transfers.append(buttons.bind(key: "Transfer \(index)", style: .secondary,
                                          explains: { [weak self] in self?.more.isVisible ?? false }) { [weak self] in
                guard let self, let line = snapshot()?.allServices.dropFirst(index).first else { return nil }
                return .transfer(to: line.code, position: transferPosition)
            }.ellipsizingLabel().widget)
            transferCount += 1
        }
    }

    func update(current: Ticket?, serviceName: String?, serviceColour: String?, detailText: String, reasons lines: [String],
                notice text: String?) {
        let shown = current?.code ?? "—"
        if code.text != shown { code.text = shown }
        let wantedClass = current.map { _ in DeskStyle.fillClass(forServiceColour: serviceColour ?? "") }
        if wantedClass != serviceClass {
            if let old = serviceClass { service.removeCSSClass(old) }
            if let wantedClass { service.addCSSClass(wantedClass) }
            serviceClass = wantedClass
        }
        service.text = serviceName ?? ""
        service.isVisible = serviceName != nil
        if detail.text != detailText { detail.text = detailText }
        let joined = lines.joined(separator: "\n")
        if reasons.text != joined { reasons.text = joined }
        reasons.isVisible = !lines.isEmpty
        notice.text = text ?? ""
        notice.isVisible = text != nil
        for (position, button) in positionButtons {
            if position == transferPosition { button.style(.primary) } else { button.style(.secondary) }
        }
    }

    /// "at the front of its queue": where a transferred ticket goes.
    static func place(_ position: TransferPosition) -> String {
        switch position {
        case .front: localized("at the front of its queue")
        case .back: localized("at the back of its queue")
        case .arrival: localized("in its place by arrival")
        }
    }
}
