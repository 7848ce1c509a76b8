import GtkKit
import Localization
import QueueCore
import TesseraFeatures

/// One waiting ticket in the desk's list, a button that calls it: its code on its service's
/// colour, the service, how long it has waited, and whether it is a priority ticket. Made once
/// and relabelled (`show`), so a press survives every live update.
@MainActor final class DeskTicketRow {
    let button = Button()
    private let code = Label()
    private let service = Label()
    private let waited = Label()
    private let priority = Label(localized("Priority"))
    private var colourClass: String?
    /// The ticket the row stands for now.
    private(set) var ticket: TicketID?

    init(onPress: @escaping @MainActor (TicketID) -> Void) {
        let row = Box(orientation: .horizontal, spacing: 12)
        code.addCSSClass("desk-row-code")
        code.widthChars = 5
        service.addCSSClass("desk-row-text")
        service.xalign = 0
        service.hexpand = true
        service.ellipsizes = true
        priority.addCSSClass("desk-row-priority")
        waited.addCSSClass("desk-row-text")
        waited.xalign = 1
        for part in [code, service, priority, waited] { row.append(part) }
        button.child = row
        button.addCSSClass("desk-row")
        button.onClicked { [weak self] _ in
            if let ticket = self?.ticket { onPress(ticket) }
        }
    }

    /// Shows `ticket`; `waited`: the time it has waited in words; `reason`: why it cannot be
    /// called now (nil: it can), said to a screen reader.
    func show(_ ticket: Ticket, serviceName: String, colourClass: String, waited: String, busy: Bool, reason: String?) {
        self.ticket = ticket.id
        if code.text != ticket.code { code.text = ticket.code }
        if service.text != serviceName { service.text = serviceName }
        let time = busy ? localized("Calling…") : waited
        if self.waited.text != time { self.waited.text = time }
        priority.isVisible = ticket.priority == .priority
        if self.colourClass != colourClass {
            if let old = self.colourClass { code.removeCSSClass(old) }
            code.addCSSClass(colourClass)
            self.colourClass = colourClass
        }
        // TRANSLATORS: a waiting ticket's row at the desk, as a screen reader says it: code, service, time waited.
        let name = localized("Call %1$s, %2$s, waited %3$s", ticket.code, serviceName, waited)
        if button.accessibleLabel != name { button.accessibleLabel = name }
        button.isSensitive = reason == nil && !busy
        button.accessibleDescription = reason
        button.isVisible = true
    }

    func hide() {
        ticket = nil
        button.isVisible = false
    }
}
