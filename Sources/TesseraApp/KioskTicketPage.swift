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
    let done: StyledButton

    init(dismiss: @escaping @MainActor () -> Void) {
        done = StyledButton("Done", style: .secondary, context: .kiosk).onClicked(dismiss)
        root.valign = .center
        root.halign = .center
        root.margins = EdgeInsets(all: 32)
        heading.addCSSClass("title-2")
        service.addCSSClass("title-1")
        ahead.addCSSClass("title-2")
        wait.addCSSClass("title-2")
        for label in [heading, code, service, ahead, wait] {
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
        // Pango markup rather than a CSS class: the one app-wide stylesheet belongs to TesseraStyle.
        code.setMarkup("<span size='96pt' weight='bold' font_features='tnum'>\(ticket.code)</span>")
        service.text = ticket.serviceName
        set(ahead, KioskWords.peopleAhead(ticket.peopleAhead))
        set(wait, KioskWords.wait(ticket.estimatedWait))
        // Read when focus lands on Done: GTK 4.8 has no announcement call.
        done.button.accessibleDescription = "Your ticket is \(ticket.code), \(ticket.serviceName)"
            + (KioskWords.peopleAhead(ticket.peopleAhead).map { ", \($0.lowercased())" } ?? "")
    }

    private func set(_ label: Label, _ text: String?) {
        if let text { label.text = text }
        label.isVisible = text != nil
    }
}
