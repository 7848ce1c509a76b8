import Localization
import QueueCore

/// A service's availability in a few words, the same on the kiosk's button, the board's tile
/// and `tessera queue services list`: "Open", "Closed", "Opens at 09:00", "No more tickets today".
public enum AvailabilityWords {
    public static func said(_ availability: ServiceAvailability, in language: Language = .locale) -> String {
        switch availability {
        // TRANSLATORS: a service that gives tickets now (services list).
        case .open: language.localizedInContext("service availability", "Open")
        // TRANSLATORS: a service staff have closed: under its kiosk button, on its board tile, in services list.
        case .closed: language.localizedInContext("service availability", "Closed")
        case .outOfHours(let hours): language.localized("Opens at %s", language.time(hour: hours.opens.hour, minute: hours.opens.minute))
        case .atCap: language.localized("No more tickets today")
        }
    }
}
