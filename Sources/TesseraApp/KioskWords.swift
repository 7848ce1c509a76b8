import FoundationEssentials
import QueueCore
import TesseraFeatures

/// What the kiosk tells a customer, in a customer's words: no service codes, no queue rules,
/// always what to do next.
enum KioskWords {
    static let prompt = "Take a ticket"
    static let noServices = "Sorry, we are not giving out tickets right now.\nPlease ask a member of staff."
    static let issuing = "Getting your ticket…"
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

    /// While a shared store's server is lost (the buttons are off meanwhile).
    static let offline = "Sorry, no tickets for a moment: we are reconnecting.\nPlease wait, it will be back shortly."

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
