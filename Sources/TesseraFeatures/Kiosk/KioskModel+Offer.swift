import FoundationEssentials
import QueueCore
import QueueStore

/// What the kiosk offers: a button for each open service, and for each whether it can give a
/// ticket now. The rule is QueueCore's (`Service.issueRefusal`), asked ahead of the tap so
/// that a service outside its hours or past its daily cap is shown disabled with the reason.
struct KioskOffer: Sendable {
    var configuration: StoreConfiguration
    var services: [KioskService]

    /// Reads the configuration, the wait a new ticket of each service would get, and, only when
    /// an open service has a daily cap, today’s tickets.
    /// Off the main thread: it touches the database.
    static func read(from store: any QueueStore, at date: Date) throws(StoreError) -> KioskOffer {
        let configuration = try store.configuration()
        let time = Instant(date)
        let open = configuration.services.values.filter(\.isOpen).sorted { $0.code < $1.code }
        var issuedToday: [ServiceCode: Int] = [:]
        if open.contains(where: { $0.dailyCap != nil }) {
            let today = configuration.calendar.businessDay(containing: time)
            // A ticket's day and issuing service never change, so these are the day's counters.
            for ticket in try store.tickets(TicketFilter(day: today)) { issuedToday[ticket.issuedService, default: 0] += 1 }
        }
        // Best effort: a button without its wait still gives tickets.
        let waits = (try? store.waits(at: date)) ?? [:]
        let services = open.map { service in
            KioskService(code: service.code, name: service.name, colour: service.colour,
                         refusal: service.issueRefusal(at: time, calendar: configuration.calendar,
                                                       issuedToday: issuedToday[service.code] ?? 0),
                         newTicket: waits[service.code], localizedNames: service.localizedNames)
        }
        return KioskOffer(configuration: configuration, services: services)
    }

    /// How long until the offer can change by the clock alone: an offered service opens or
    /// closes, or a new business day starts its caps again. At most an hour, so a daylight-saving
    /// change (which moves the wall clock under a longer wait) is caught up within the hour; nil
    /// when no open service has hours or a cap.
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
