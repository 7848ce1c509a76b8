import FoundationEssentials
import QueueCore
import QueueStore

/// Each service's `ServiceAvailability` now, read from the store: what the kiosk's buttons, the
/// board's tiles and `tessera queue services list` show, by QueueCore's one rule.
public enum ServiceAvailabilities {
    /// Every service's availability at `date` by `configuration` (the store's). Today's tickets
    /// are read only when a service open now has a daily cap.
    /// Off the main thread: it touches the database.
    public static func read(from store: any QueueStore, configuration: StoreConfiguration,
                            at date: Date) throws(StoreError) -> [ServiceCode: ServiceAvailability] {
        let time = Instant(date)
        var issuedToday: [ServiceCode: Int] = [:]
        if configuration.services.values.contains(where: { $0.isOpen && $0.dailyCap != nil }) {
            let today = configuration.calendar.businessDay(containing: time)
            // A ticket's day and issuing service never change, so these are the day's counters.
            for ticket in try store.tickets(TicketFilter(day: today)) { issuedToday[ticket.issuedService, default: 0] += 1 }
        }
        return configuration.services.mapValues { service in
            service.availability(at: time, calendar: configuration.calendar, issuedToday: issuedToday[service.code] ?? 0)
        }
    }

    /// How long until an availability can change by the clock alone: an open service opens or
    /// closes by its hours, or a new business day starts its caps again (the kiosk and the board
    /// read them again then). At most an hour, so a daylight-saving change (which moves the wall
    /// clock under a longer wait) is caught up within the hour; nil when no open service has
    /// hours or a cap.
    static func nextClockChange(of configuration: StoreConfiguration, at date: Date) -> Duration? {
        let open = configuration.services.values.filter(\.isOpen)
        let calendar = configuration.calendar
        let time = Instant(date)
        var waits: [Int64] = []
        if open.contains(where: { $0.dailyCap != nil }) {
            let nextDay = calendar.start(of: calendar.businessDay(containing: time).next)
            waits.append(nextDay.unixMilliseconds - time.unixMilliseconds)
        }
        let now = calendar.localSecondsSinceMidnight(of: time)
        let day = 24 * 3600
        for hours in open.compactMap(\.openingHours) {
            for boundary in [hours.opens.secondsSinceMidnight, hours.closes.secondsSinceMidnight] {
                let seconds = ((boundary - now) % day + day) % day
                waits.append(Int64(seconds == 0 ? day : seconds) * 1000)
            }
        }
        guard let soonest = waits.min() else { return nil }
        return .milliseconds(min(max(soonest, 1), 3_600_000))
    }
}
