import FoundationEssentials
import Localization
import QueueCore
import TesseraFeatures

/// What the kiosk tells a customer, in a customer's words and language: no service codes, no
/// queue rules, always what to do next.
struct KioskWords {
    let language: Language

    var printing: String { language.localized("Printing your ticket…") }
    var printed: String { language.localized("Please take your ticket from the printer.") }
    var notPrinted: String { language.localized("We could not print your ticket.\nPlease remember your number.") }

    /// What the services page says while the printer cannot print: tickets are still given
    /// (on screen only), or none are.
    func printerDown(_ condition: PrinterCondition, stopped: Bool) -> String {
        let paperOut = if case .paperOut = condition { true } else { false }
        switch (paperOut, stopped) {
        case (true, false):
            return language.localized("Our ticket printer has run out of paper.\nYour number will be shown on the screen: please remember it.")
        case (true, true):
            return language.localized("Our ticket printer has run out of paper.\nSorry, we cannot give out tickets right now. Please ask a member of staff.")
        case (false, false):
            return language.localized("Our ticket printer is not working.\nYour number will be shown on the screen: please remember it.")
        case (false, true):
            return language.localized("Our ticket printer is not working.\nSorry, we cannot give out tickets right now. Please ask a member of staff.")
        }
    }

    /// While a shared store's server is lost (the buttons are off meanwhile).
    var offline: String { language.localized("Sorry, no tickets for a moment: we are reconnecting.\nPlease wait, it will be back shortly.") }
    var prompt: String { language.localized("Take a ticket") }
    var noServices: String { language.localized("Sorry, we are not giving out tickets right now.\nPlease ask a member of staff.") }
    var issuing: String { language.localized("Getting your ticket…") }
    var slow: String { language.localized("This is taking longer than usual. Please wait: your ticket is on its way.") }
    var pageTitle: String { language.localized("Your ticket") }
    var heading: String { language.localized("Your number") }
    var done: String { language.localized("Done") }
    /// The language button's accessible description (its label is the language's own name).
    var chooseLanguage: String { language.localized("Choose your language") }

    /// The look toggles' labels, and whether each is on (their accessible description).
    func look(_ option: KioskLook.Option) -> String {
        switch option {
        case .highContrast: language.localized("High contrast")
        case .largeText: language.localized("Large text")
        }
    }

    func lookState(_ on: Bool) -> String { on ? language.localized("On") : language.localized("Off") }

    func welcome(_ storeName: String) -> String { language.localized("Welcome to %s", storeName) }

    func refusal(_ failure: KioskFailure, service: String?) -> String {
        let service = service ?? language.localized("this service")
        switch failure {
        case .refused(.dailyCapReached), .refused(.noFreeNumber):
            return language.localized("Sorry, there are no more %s tickets today.\nPlease ask a member of staff.", service)
        case .refused(.outsideOpeningHours(_, let hours)):
            return language.localized("Sorry, %s is open from %s to %s.\nPlease ask a member of staff.", service,
                                      time(hours.opens), time(hours.closes))
        case .refused:
            return language.localized("Sorry, %s is not taking tickets right now.\nPlease ask a member of staff.", service)
        case .unavailable:
            return language.localized("Sorry, we could not give you a ticket just now.\nPlease try again, or ask a member of staff.")
        }
    }

    /// Under a service button that cannot give a ticket now (the button already names the
    /// service): the words the board and `services list` use too (`AvailabilityWords`).
    func unavailable(_ refusal: QueueError) -> String {
        ServiceAvailability(refusal: refusal).map { AvailabilityWords.said($0, in: language) }
            ?? language.localized("Not taking tickets right now")
    }

    func peopleAhead(_ count: Int?) -> String? {
        switch count {
        case 0?: language.localized("You are next")
        case let count?: language.localizedPlural("%d person ahead of you", "%d people ahead of you", count: count)
        case nil: nil
        }
    }

    /// What Done says to a screen reader as the ticket page appears.
    func ticketDescription(_ ticket: KioskTicket) -> String {
        let ahead = peopleAhead(ticket.peopleAhead)
        return ahead.map { language.localized("Your ticket is %s, %s. %s", ticket.code, ticket.serviceName, $0) }
            ?? language.localized("Your ticket is %s, %s.", ticket.code, ticket.serviceName)
    }

    private func time(_ time: TimeOfDay) -> String { language.time(hour: time.hour, minute: time.minute) }
}
