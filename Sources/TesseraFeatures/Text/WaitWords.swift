import FoundationEssentials
import Localization

/// The estimated wait as a customer reads it, one wording for the kiosk's ticket page and the
/// printed ticket: rounded the way a person would say it, and said plainly when it cannot be
/// known, rather than left out (a customer told nothing assumes a short wait).
public struct WaitWords {
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
        case ..<60: return language.localizedPlural("Expected wait: about %d minute", "Expected wait: about %d minutes",
                                                    count: minutes)
        default: return language.localized("Expected wait: over an hour")
        }
    }
}
