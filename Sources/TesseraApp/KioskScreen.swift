import GtkKit
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The customer's screen, bound to a `KioskModel`: one big button per service; the model
/// decides what a tap does, this class only shows its phase.
///
/// Both pages live in one `Stack` for the screen's whole life and the buttons are never
/// rebuilt: a press in progress survives every update.
@MainActor final class KioskScreen {
    let model: KioskModel
    private let pages = ScreenPages()
    var root: Stack { pages.stack }
    private let servicesPage = Box(orientation: .vertical, spacing: 32)
    private let ticketPage = Box(orientation: .vertical, spacing: 12)
    private(set) var buttons: [ServiceCode: StyledButton] = [:]
    /// Why the last tap gave no ticket, or that the store is slow; under the buttons.
    let notice = Label()
    let ticketCode = Label()
    let ticketService = Label()
    let ticketAhead = Label()

    init(model: KioskModel) {
        self.model = model
        root.transition = .crossfade
        fillServicesPage()
        fillTicketPage()
        pages.add(servicesPage, name: "services", title: "Take a ticket")
        pages.add(ticketPage, name: "ticket", title: "Your ticket")
        model.onChange = { [weak self] in self?.update() }
        update()
    }

    private func fillServicesPage() {
        let page = servicesPage
        page.valign = .center
        page.halign = .center
        let prompt = Label("Take a ticket")
        prompt.addCSSClass("title-1")
        page.append(prompt)
        let row = Box(orientation: .horizontal, spacing: 24)
        row.isHomogeneous = true
        for service in model.services {
            let code = service.code
            let button = StyledButton(service.name, style: .primary, context: .kiosk).onClicked { [weak self] in
                self?.model.choose(code)
            }
            button.widget.setSizeRequest(width: 280, height: -1)
            buttons[code] = button
            row.append(button.widget)
        }
        page.append(row)
        notice.wraps = true
        notice.justification = .center
        notice.isVisible = false
        page.append(notice)
    }

    private func fillTicketPage() {
        let page = ticketPage
        page.valign = .center
        page.halign = .center
        ticketService.addCSSClass("title-2")
        ticketAhead.addCSSClass("title-4")
        for label in [Label("Your number"), ticketCode, ticketService, ticketAhead] { page.append(label) }
        let done = StyledButton("Done", style: .secondary, context: .kiosk).onClicked { [weak self] in
            self?.model.dismiss()
        }
        done.widget.halign = .center
        done.widget.setSizeRequest(width: 280, height: -1)
        done.widget.margins = EdgeInsets(top: 24)
        page.append(done.widget)
    }

    /// Shows the model's phase; sets only what changes, on widgets that always exist.
    private func update() {
        switch model.phase {
        case .choosing:
            setButtons(busy: nil, enabled: true)
            show(notice: nil)
            pages.show("services")
        case .issuing(let code, let overdue):
            setButtons(busy: code, enabled: false)
            show(notice: overdue ? "This is taking longer than usual. Please wait: your ticket is on its way." : nil)
            pages.show("services")
        case .showingTicket(let ticket):
            // The buttons stay off while the ticket shows: a second finger gets nothing.
            setButtons(busy: nil, enabled: false)
            show(ticket)
        case .failed(_, let failure):
            setButtons(busy: nil, enabled: true)
            show(notice: Self.words(for: failure))
            pages.show("services")
        }
    }

    private func setButtons(busy: ServiceCode?, enabled: Bool) {
        for (code, button) in buttons {
            button.setBusy(code == busy, label: "Getting your ticket…")
            if code != busy { button.disabled(!enabled) }
        }
    }

    private func show(notice text: String?) {
        if let text { notice.text = text }
        notice.isVisible = text != nil
    }

    private func show(_ ticket: KioskTicket) {
        // Pango markup rather than a CSS class: the one app-wide stylesheet belongs to TesseraStyle.
        ticketCode.setMarkup("<span size='72pt' weight='bold'>\(ticket.code)</span>")
        ticketService.text = ticket.serviceName
        switch ticket.peopleAhead {
        case 0?: ticketAhead.text = "You are next"
        case 1?: ticketAhead.text = "1 person ahead of you"
        case let count?: ticketAhead.text = "\(count) people ahead of you"
        case nil: ticketAhead.text = ""
        }
        ticketAhead.isVisible = ticket.peopleAhead != nil
        pages.show("ticket")
    }

    /// What a customer is told when no ticket came: what happened and what to do.
    static func words(for failure: KioskFailure) -> String {
        switch failure {
        case .refused(let reason): "No ticket: \(reason) Please ask a member of staff."
        case .unavailable: "Sorry, no ticket could be issued. Please ask a member of staff."
        }
    }
}
