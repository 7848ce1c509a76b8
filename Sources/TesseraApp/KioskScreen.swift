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
///
/// One ticket at a time per kiosk: while an issue is in flight every other service button is
/// disabled, and it stays so until the store has answered, even past the button's own timeout
/// (a commit may still land then). A ticket that commits is always shown: it is the customer's.
@MainActor final class KioskScreen {
    let root = Stack()
    private let connection: QueueConnection
    private let servicesPage = Box(orientation: .vertical, spacing: 32)
    private let ticketPage = Box(orientation: .vertical, spacing: 12)
    private let buttonRow = Box(orientation: .horizontal, spacing: 24)
    // StyledButtons are kept: GTK keeps their widgets, but their behaviour lives in these objects.
    private(set) var buttons: [ServiceCode: StyledButton] = [:]
    private var doneButton: StyledButton?
    let ticketCode = Label()
    let ticketService = Label()
    let ticketAhead = Label()
    private var returnTimer: MainContextSource?
    /// The issue in flight, if any; set and cleared on the main actor only.
    private var inFlight: Task<QueueConnection.IssuedTicket, any Error>?
    /// Longer than the store's worst case (a 5 s busy wait, then the commit's fsync), so the
    /// button's timeout speaks only of a store that has really stopped answering.
    static let defaultIssueTimeout: Duration = .seconds(45)
    private let issueTimeout: Duration
    /// How long the ticket page stays before the buttons come back.
    static let ticketSeconds: UInt32 = 8

    init(connection: QueueConnection, services: [Service], issueTimeout: Duration = KioskScreen.defaultIssueTimeout) {
        self.connection = connection
        self.issueTimeout = issueTimeout
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
                .loading("Printing…", timeout: issueTimeout, onError: { [weak self] _ in
                    // Timed out while the store may still commit: no second tap until it answers.
                    if self?.inFlight != nil { self?.buttons[service.code]?.disabled(true) }
                }, action: { [weak self] in
                    try await self?.issue(service.code)
                })
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

    /// The loading action of a service button: starts the issue and waits for it, so the
    /// button shows the spinner (and any error) meanwhile.
    private func issue(_ service: ServiceCode) async throws {
        guard inFlight == nil else { return }  // the other buttons are disabled; belt and braces
        let connection = connection
        let task = Task { try await connection.issue(service) }
        inFlight = task
        setOtherButtons(enabled: false, except: service)
        // The screen follows the issue itself, not the button's wait, which may time out first.
        Task { [weak self] in
            let result = await task.result
            self?.issueEnded(result)
        }
        do {
            _ = try await task.value
        } catch {
            throw KioskError(error)
        }
    }

    private func issueEnded(_ result: Result<QueueConnection.IssuedTicket, any Error>) {
        inFlight = nil
        setOtherButtons(enabled: true, except: nil)
        guard case .success(let ticket) = result else { return }
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
        show(page: "ticket")
        returnTimer?.cancel()
        returnTimer = MainContext.timeout(milliseconds: Self.ticketSeconds * 1000) { [weak self] in
            self?.showServices()
            return false
        }
    }

    private func setOtherButtons(enabled: Bool, except service: ServiceCode?) {
        for (code, button) in buttons where code != service {
            button.disabled(!enabled)
        }
    }

    private func showServices() {
        returnTimer?.cancel()
        returnTimer = nil
        show(page: "services")
    }
}
