import FoundationEssentials
import QueueCore
import TesseraFeatures

/// What the kiosk tells a customer, in a customer's words: no service codes, no queue rules,
/// always what to do next.
enum KioskWords {
    static let prompt = "Take a ticket"
    static let noServices = "Sorry, we are not giving out tickets right now.\nPlease ask a member of staff."
    static let issuing = "Getting your ticket…"
    static let printing = "Printing your ticket…"
    static let printed = "Please take your ticket from the printer."
    static let notPrinted = "We could not print your ticket.\nPlease remember your number."

    /// What the services page says while the printer cannot print: tickets are still given
    /// (on screen only), or none are.
    static func printerDown(_ condition: PrinterCondition, stopped: Bool) -> String {
        let why = switch condition {
        case .paperOut: "Our ticket printer has run out of paper."
        case .coverOpen, .offline, .unreachable, .ready, .paperNearEnd: "Our ticket printer is not working."
        }
        return stopped
            ? why + "\nSorry, we cannot give out tickets right now. Please ask a member of staff."
            : why + "\nYour number will be shown on the screen: please remember it."
    }
    static let slow = "This is taking longer than usual. Please wait: your ticket is on its way."

    static func refusal(_ failure: KioskFailure, service: String) -> String {
        switch failure {
        case .refused(.dailyCapReached), .refused(.noFreeNumber):
            "Sorry, there are no more \(service) tickets today.\nPlease ask a member of staff."
        case .refused(.outsideOpeningHours(_, let hours)):
            "Sorry, \(service) is open from \(time(hours.opens)) to \(time(hours.closes)).\nPlease ask a member of staff."
        case .refused:
            "Sorry, \(service) is not taking tickets right now.\nPlease ask a member of staff."
        case .unavailable:
            "Sorry, we could not give you a ticket just now.\nPlease try again, or ask a member of staff."
        }
    }

    static func peopleAhead(_ count: Int?) -> String? {
        switch count {
        case 0?: "You are next"
        case 1?: "1 person ahead of you"
        case let count?: "\(count) people ahead of you"
        case nil: nil
        }
    }

    /// "About 10 minutes", rounded the way a person would say it; nil when there is no estimate.
    static func wait(_ estimate: Duration?) -> String? {
        guard let estimate else { return nil }
        let minutes = Int((Double(estimate.components.seconds) / 60).rounded())
        switch minutes {
        case ..<2: return "Expected wait: a minute or two"
        case ..<60: return "Expected wait: about \(minutes) minutes"
        default: return "Expected wait: over an hour"
        }
    }

    private static func time(_ time: TimeOfDay) -> String {
        "\(time.hour):" + (time.minute < 10 ? "0" : "") + "\(time.minute)"
    }
}
