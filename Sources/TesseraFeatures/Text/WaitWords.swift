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

    /// What to say of the wait of a ticket with `peopleAhead` before it and `estimate` (nil: no
    /// desk that serves will call it). Nothing when the standing could not be read, or when
    /// the customer is next and a desk is free ("You are next" says it all).
    public func wait(peopleAhead: Int?, estimate: Duration?) -> String? {
        guard let peopleAhead else { return nil }
        guard let estimate else { return language.localized("Waiting time unknown: no desk is open right now") }
        let minutes = Int((Double(estimate.components.seconds) / 60).rounded())
        if peopleAhead == 0 && minutes == 0 { return nil }
        switch minutes {
        case ..<2: return language.localized("Expected wait: a minute or two")
        case ..<Self.rangeFromMinutes:
            return language.localizedPlural("Expected wait: about %d minute", "Expected wait: about %d minutes", count: minutes)
        case ..<60:
            let (low, high) = Self.range(minutes: Double(estimate.components.seconds) / 60, peopleAhead: peopleAhead)
            guard low < high else {
                return language.localizedPlural("Expected wait: about %d minute", "Expected wait: about %d minutes", count: minutes)
            }
            // TRANSLATORS: a range of whole minutes, the lower first ("10–15 minutes").
            return language.localized("Expected wait: %1$d–%2$d minutes", low, high)
        default: return language.localized("Expected wait: over an hour")
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
