import GtkKit
import TesseraFeatures
import TesseraStyle

/// The ticket page's layout, in pixels.
private enum Layout {
    static let spacing: Int32 = 16
    static let pageMargin: Int32 = 32
    /// As wide as a service button.
    static let doneWidth: Int32 = 300
    static let doneTopMargin: Int32 = 32
}

/// The ticket page, for a person standing a metre away: the code very large in tabular
/// digits, the service, the people ahead and the expected wait (both live), and "Done".
@MainActor final class KioskTicketPage {
    let root = Box(orientation: .vertical, spacing: Layout.spacing)
    let heading = Label()
    let code = Label()
    let service = Label()
    let ahead = Label()
    let wait = Label()
    /// Whether the customer has the ticket on paper (hidden without a printer).
    let paper = Label()
    let done: StyledButton
    private var words: KioskWords

    init(words: KioskWords, dismiss: @escaping @MainActor () -> Void) {
        self.words = words
        done = StyledButton(words.done, style: .secondary, context: .kiosk).onClicked(dismiss)
        root.valign = .center
        root.halign = .center
        root.margins = EdgeInsets(all: Layout.pageMargin)
        KioskText.set(heading, words.heading, .large, bold: false)
        for label in [heading, code, service, ahead, wait, paper] {
            label.wraps = true
            label.justification = .center
            root.append(label)
        }
        done.widget.halign = .center
        done.widget.setSizeRequest(width: Layout.doneWidth, height: -1)
        done.widget.margins = EdgeInsets(top: Layout.doneTopMargin)
        root.append(done.widget)
    }

    func show(_ ticket: KioskTicket, words newWords: KioskWords) {
        if newWords.language != words.language {
            words = newWords
            KioskText.set(heading, words.heading, .large, bold: false)
            done.label = words.done
        }
        KioskText.set(code, ticket.code, .code, tabular: true)
        KioskText.set(service, ticket.serviceName, .title)
        set(ahead, words.peopleAhead(ticket.peopleAhead), .large)
        set(wait, WaitWords(words.language).wait(peopleAhead: ticket.peopleAhead, estimate: ticket.estimatedWait), .large)
        set(paper, ticket.paper.map { $0 == .printed ? words.printed : words.notPrinted }, .large)
        // Read when focus lands on Done: GTK 4.8 has no announcement call.
        done.button.accessibleDescription = words.ticketDescription(ticket)
    }

    private func set(_ label: Label, _ text: String?, _ size: KioskText.Size) {
        if let text { KioskText.set(label, text, size, bold: false) }
        label.isVisible = text != nil
    }
}
