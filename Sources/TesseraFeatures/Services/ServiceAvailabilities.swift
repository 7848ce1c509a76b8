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
}
