import GtkKit
import QueueCore
import QueueStore
import TesseraStyle

/// The customer's screen: one big button per open service; a tap issues a ticket (spinner
/// over the button until it is committed), then the ticket page shows the number, the
/// service and the people ahead, and returns to the buttons after a few seconds or a tap.
///
/// Both pages live in one `Stack` for the screen's whole life: nothing a finger may be on is
/// ever rebuilt, and each button's loading cover makes a double tap issue one ticket.
@MainActor final class KioskScreen {
    let root = Stack()
    private let connection: QueueConnection
    private let servicesPage = Box(orientation: .vertical, spacing: 32)
    private let ticketPage = Box(orientation: .vertical, spacing: 12)
    private let buttonRow = Box(orientation: .horizontal, spacing: 24)
    // StyledButtons are kept: GTK keeps their widgets, but their behaviour lives in these objects.
    private var buttons: [ServiceCode: StyledButton] = [:]
    private var doneButton: StyledButton?
    private let ticketCode = Label()
    private let ticketService = Label()
    private let ticketAhead = Label()
    private var returnTimer: MainContextSource?
    /// How long the ticket page stays before the buttons come back.
    static let ticketSeconds: UInt32 = 8

    init(connection: QueueConnection, services: [Service]) {
        self.connection = connection
        root.transition = .crossfade
        root.addNamed(servicesPage, name: "services", title: "Take a ticket")
        root.addNamed(ticketPage, name: "ticket", title: "Your ticket")
        fillServicesPage(services)
        fillTicketPage()
        show(page: "services")
    }

    /// Shows one page and hides the other from assistive technology too: GTK 4.8 keeps a
    /// stack's hidden pages in the accessible tree, and a screen reader must not offer a
    /// button the customer cannot see.
    private func show(page name: String) {
        root.visibleChildName = name
        servicesPage.setAccessibleHidden(name != "services")
        ticketPage.setAccessibleHidden(name != "ticket")
    }

    private func fillServicesPage(_ services: [Service]) {
        let page = servicesPage
        page.valign = .center
        page.halign = .center
        let prompt = Label("Take a ticket")
        prompt.addCSSClass("title-1")
        page.append(prompt)
        buttonRow.isHomogeneous = true
        for service in services where service.isOpen {
            let button = StyledButton(service.name, style: .primary, context: .kiosk)
                .loading("Printing…", timeout: .seconds(20)) { [weak self] in
                    try await self?.issue(service.code)
                }
            button.widget.setSizeRequest(width: 280, height: -1)
            buttons[service.code] = button
            buttonRow.append(button.widget)
        }
        page.append(buttonRow)
    }

    private func fillTicketPage() {
        let page = ticketPage
        page.valign = .center
        page.halign = .center
        ticketService.addCSSClass("title-2")
        ticketAhead.addCSSClass("title-4")
        for label in [Label("Your number"), ticketCode, ticketService, ticketAhead] { page.append(label) }
        let done = StyledButton("Done", style: .secondary, context: .kiosk).onClicked { [weak self] in
            self?.showServices()
        }
        done.widget.halign = .center
        done.widget.setSizeRequest(width: 280, height: -1)
        done.widget.margins = EdgeInsets(top: 24)
        page.append(done.widget)
        doneButton = done
    }

    private func issue(_ service: ServiceCode) async throws {
        let ticket: QueueConnection.IssuedTicket
        do {
            ticket = try await connection.issue(service)
        } catch {
            throw KioskError(error)
        }
        // Pango markup rather than a CSS class: the one app-wide stylesheet belongs to TesseraStyle.
        ticketCode.setMarkup("<span size='72pt' weight='bold'>\(ticket.code)</span>")
        ticketService.text = ticket.serviceName
        ticketAhead.text = switch ticket.peopleAhead {
        case 0: "You are next"
        case 1: "1 person ahead of you"
        default: "\(ticket.peopleAhead) people ahead of you"
        }
        show(page: "ticket")
        returnTimer?.cancel()
        returnTimer = MainContext.timeout(milliseconds: Self.ticketSeconds * 1000) { [weak self] in
            self?.showServices()
            return false
        }
    }

    private func showServices() {
        returnTimer?.cancel()
        returnTimer = nil
        show(page: "services")
    }
}
