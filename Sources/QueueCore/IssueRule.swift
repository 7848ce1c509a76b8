/// Whether a service gives a ticket now, and if not, why: the one vocabulary the kiosk, the board
/// and `tessera queue services list` say it in (open, closed by staff, out of hours, at its cap).
public enum ServiceAvailability: Hashable, Sendable {
    case open
    /// Closed by staff (`services close`, the desk's switch): no tickets until it is opened.
    case closed
    /// Open, but outside its opening hours; it gives tickets again at `hours.opens`.
    case outOfHours(OpeningHours)
    /// Open and inside its hours, but today's `cap` tickets are issued.
    case atCap(Int)

    /// The state's name for scripts (`services list --json`): `open`, `closed`, `out-of-hours`, `at-cap`.
    public var name: String {
        switch self {
        case .open: "open"
        case .closed: "closed"
        case .outOfHours: "out-of-hours"
        case .atCap: "at-cap"
        }
    }

    /// The refusal an issue of service `code` meets in this state (nil: open).
    public func refusal(of code: ServiceCode) -> QueueError? {
        switch self {
        case .open: nil
        case .closed: .serviceClosed(code)
        case .outOfHours(let hours): .outsideOpeningHours(code, hours)
        case .atCap(let cap): .dailyCapReached(code, cap: cap)
        }
    }

    /// The state a refusal of `issueRefusal` stands for (nil: a refusal that is not about availability).
    public init?(refusal: QueueError?) {
        switch refusal {
        case nil: self = .open
        case .serviceClosed?: self = .closed
        case .outsideOpeningHours(_, let hours)?: self = .outOfHours(hours)
        case .dailyCapReached(_, let cap)?: self = .atCap(cap)
        default: return nil
        }
    }
}

extension Service {
    /// Whether this service gives a ticket at `time`: closed by staff first, then outside its
    /// opening hours, then its daily cap reached (`issuedToday` tickets already issued this
    /// business day). The one definition: `decide` refuses an issue with it (`issueRefusal`),
    /// and the kiosk, the board and `services list` show it.
    public func availability(at time: Instant, calendar: BusinessCalendar, issuedToday: Int) -> ServiceAvailability {
        guard isOpen else { return .closed }
        if let hours = openingHours, !hours.contains(secondsSinceMidnight: calendar.localSecondsSinceMidnight(of: time)) {
            return .outOfHours(hours)
        }
        if let cap = dailyCap, issuedToday >= cap { return .atCap(cap) }
        return .open
    }

    /// Why issuing a ticket of this service at `time` is refused before a number is chosen, or
    /// nil (`availability(at:calendar:issuedToday:)` as a refusal). `decide` refuses with it; a
    /// kiosk asks it ahead of a tap so that a button that cannot give a ticket is disabled with
    /// the reason.
    public func issueRefusal(at time: Instant, calendar: BusinessCalendar, issuedToday: Int) -> QueueError? {
        availability(at: time, calendar: calendar, issuedToday: issuedToday).refusal(of: code)
    }
}
