import FoundationEssentials
import Localization

/// The estimated wait as a customer reads it, one wording for the kiosk's ticket page and the
/// printed ticket: rounded the way a person would say it, and said plainly when it cannot be
/// known, rather than left out (a customer told nothing assumes a short wait).
///
/// A forecast over n calls ahead is off by about 1/√(n+1) of itself even when it is the best
/// one possible (the wait is Erlang; Whitt 1999), so from `rangeFromMinutes` on the wait is said
/// as a range of half that spread either side, in steps of `rangeStepMinutes` ("10–15 minutes"):
/// a customer with a long, slow queue ahead is not promised a precise small number.
public struct WaitWords {
    /// From this many minutes the wait is given as a range.
    public static let rangeFromMinutes = 10
    /// A range's ends are whole multiples of this.
    public static let rangeStepMinutes = 5

    public let language: Language

    public init(_ language: Language) { self.language = language }

    /// How a wait is said, whatever the length of the wording.
    public enum Spoken: Equatable, Sendable {
        /// No desk that serves will call it.
        case unknown
        /// Next, and a desk is free.
        case none
        case minuteOrTwo
        case about(minutes: Int)
        case range(low: Int, high: Int)
        case overAnHour
    }

    /// How the wait of a ticket with `peopleAhead` before it and `estimate` (nil: no desk that
    /// serves will call it) is said.
    public static func spoken(peopleAhead: Int, estimate: Duration?) -> Spoken {
        guard let estimate else { return .unknown }
        let minutes = Int((Double(estimate.components.seconds) / 60).rounded())
        if peopleAhead == 0 && minutes == 0 { return .none }
        switch minutes {
        case ..<2: return .minuteOrTwo
        case ..<Self.rangeFromMinutes: return .about(minutes: minutes)
        case ..<60:
            let (low, high) = Self.range(minutes: Double(estimate.components.seconds) / 60, peopleAhead: peopleAhead)
            return low < high ? .range(low: low, high: high) : .about(minutes: minutes)
        default: return .overAnHour
        }
    }

    /// What to say of the wait on the ticket page and the printed ticket. Nothing when the
    /// standing could not be read, or when the customer is next and a desk is free ("You are
    /// next" says it all).
    public func wait(peopleAhead: Int?, estimate: Duration?) -> String? {
        guard let peopleAhead else { return nil }
        switch Self.spoken(peopleAhead: peopleAhead, estimate: estimate) {
        case .unknown: return language.localized("Waiting time unknown: no desk is open right now")
        case .none: return nil
        case .minuteOrTwo: return language.localized("Expected wait: a minute or two")
        case .about(let minutes):
            return language.localizedPlural("Expected wait: about %d minute", "Expected wait: about %d minutes", count: minutes)
        case .range(let low, let high):
            // TRANSLATORS: a range of whole minutes, the lower first ("10–15 minutes").
            return language.localized("Expected wait: %1$d–%2$d minutes", low, high)
        case .overAnHour: return language.localized("Expected wait: over an hour")
        }
    }

    /// The same wait in a few words, for a service button and a board tile ("about 5 min",
    /// "10–15 min", "no desk open").
    public func short(peopleAhead: Int, estimate: Duration?) -> String {
        switch Self.spoken(peopleAhead: peopleAhead, estimate: estimate) {
        // TRANSLATORS: short waits on a service button or a board tile, "min" as on a sign.
        case .unknown: return language.localized("no desk open")
        case .none: return language.localized("no wait")
        case .minuteOrTwo: return language.localized("a minute or two")
        case .about(let minutes): return language.localized("about %d min", minutes)
        case .range(let low, let high): return language.localized("%1$d–%2$d min", low, high)
        case .overAnHour: return language.localized("over an hour")
        }
    }

    /// The range said for a wait of `minutes` with `peopleAhead` before it: half the forecast's
    /// spread either side, each end at the nearest step.
    public static func range(minutes: Double, peopleAhead: Int) -> (low: Int, high: Int) {
        let spread = minutes / Double(max(0, peopleAhead) + 1).squareRoot() / 2
        let step = Double(rangeStepMinutes)
        let low = max(1, Int(((minutes - spread) / step).rounded()) * rangeStepMinutes)
        let high = Int(((minutes + spread) / step).rounded()) * rangeStepMinutes
        return (low, max(low, high))
    }
}
