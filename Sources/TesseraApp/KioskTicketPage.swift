import GtkKit
import TesseraFeatures
import TesseraStyle

/// The ticket page, for a person standing a metre away: the code very large in tabular
/// digits, the service, the people ahead and the expected wait (both live), and "Done".
@MainActor final class KioskTicketPage {
    let root = Box(orientation: .vertical, spacing: 16)
    let heading = Label("Your number")
    let code = Label()
    let service = Label()
    let ahead = Label()
    let wait = Label()
    /// Whether the customer has the ticket on paper (hidden without a printer).
    let paper = Label()
    let done: StyledButton

    init(dismiss: @escaping @MainActor () -> Void) {
        done = StyledButton("Done", style: .secondary, context: .kiosk).onClicked(dismiss)
        root.valign = .center
        root.halign = .center
        root.margins = EdgeInsets(all: 32)
        KioskText.set(heading, "Your number", .large, bold: false)
        for label in [heading, code, service, ahead, wait, paper] {
            label.wraps = true
            label.justification = .center
            root.append(label)
        }
        done.widget.halign = .center
        done.widget.setSizeRequest(width: 300, height: -1)
        done.widget.margins = EdgeInsets(top: 32)
        root.append(done.widget)
    }

    func show(_ ticket: KioskTicket) {
        KioskText.set(code, ticket.code, .code, tabular: true)
        KioskText.set(service, ticket.serviceName, .title)
        set(ahead, KioskWords.peopleAhead(ticket.peopleAhead), .large)
        // Next in line needs no estimate.
        set(wait, (ticket.peopleAhead ?? 0) > 0 ? KioskWords.wait(ticket.estimatedWait) : nil, .large)
        set(paper, ticket.paper.map { $0 == .printed ? KioskWords.printed : KioskWords.notPrinted }, .large)
        // Read when focus lands on Done: GTK 4.8 has no announcement call.
        done.button.accessibleDescription = "Your ticket is \(ticket.code), \(ticket.serviceName)"
            + (KioskWords.peopleAhead(ticket.peopleAhead).map { ", \($0.lowercased())" } ?? "")
    }

    private func set(_ label: Label, _ text: String?, _ size: KioskText.Size) {
        if let text { KioskText.set(label, text, size, bold: false) }
        label.isVisible = text != nil
    }
}
