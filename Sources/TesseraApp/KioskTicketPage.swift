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
    /// The whole page, in the theme's surface colour.
    let root = Box(orientation: .vertical, spacing: 0)
    private let content = Box(orientation: .vertical, spacing: Layout.spacing)
    let heading = Label()
    let code = Label()
    let service = Label()
    let ahead = Label()
    let wait = Label()
    /// Whether the customer has the ticket on paper (hidden without a printer).
    let paper = Label()
    let done: StyledButton
    private var words: KioskWords
    /// How much larger than standard every text is (large text).
    private var scale = 1.0
    private var ticket: KioskTicket?

    /// How much smaller the code is than `KioskText.Size.code` (1: not): a kiosk in a third of a
    /// window (the demo's) shows "C001" in less than the third's width.
    private let codeScale: Double

    init(words: KioskWords, codeScale: Double = 1, dismiss: @escaping @MainActor () -> Void) {
        self.codeScale = codeScale
        self.words = words
        done = StyledButton(words.done, style: .secondary, context: .kiosk).onClicked(dismiss)
        root.addCSSClass(CSSClass.surface)
        root.hexpand = true
        root.vexpand = true
        content.valign = .center
        content.halign = .center
        content.vexpand = true
        content.margins = EdgeInsets(all: Layout.pageMargin)
        root.append(content)
        KioskText.set(heading, words.heading, .large, bold: false)
        for label in [heading, code, service, ahead, wait, paper] {
            label.wraps = true
            label.justification = .center
            label.addCSSClass(CSSClass.text)
            content.append(label)
        }
        done.widget.halign = .center
        done.widget.setSizeRequest(width: Layout.doneWidth, height: -1)
        done.widget.margins = EdgeInsets(top: Layout.doneTopMargin)
        content.append(done.widget)
    }

    func show(_ ticket: KioskTicket, words newWords: KioskWords) {
        if newWords.language != words.language {
            words = newWords
            KioskText.set(heading, words.heading, .large, bold: false, scale: scale)
            done.label = words.done
        }
        self.ticket = ticket
        KioskText.set(code, ticket.code, .code, tabular: true, scale: scale * codeScale)
        KioskText.set(service, ticket.serviceName, .title, scale: scale)
        set(ahead, words.peopleAhead(ticket.peopleAhead), .large)
        set(wait, WaitWords(words.language).wait(peopleAhead: ticket.peopleAhead, estimate: ticket.estimatedWait), .large)
        set(paper, ticket.paper.map { $0 == .printed ? words.printed : words.notPrinted }, .large)
        // Read when focus lands on Done: GTK 4.8 has no announcement call.
        done.button.accessibleDescription = words.ticketDescription(ticket)
    }

    /// Every text on the page `newScale` times its standard size.
    func show(scale newScale: Double) {
        guard newScale != scale else { return }
        scale = newScale
        KioskText.set(heading, words.heading, .large, bold: false, scale: scale)
        if let ticket { show(ticket, words: words) }
    }

    private func set(_ label: Label, _ text: String?, _ size: KioskText.Size) {
        if let text { KioskText.set(label, text, size, bold: false, scale: scale) }
        label.isVisible = text != nil
    }
}
