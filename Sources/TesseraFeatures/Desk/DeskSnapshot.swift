import FoundationEssentials
import QueueCore
import QueueStore

/// What a desk screen shows, as read from the store after one change-feed batch.
public struct DeskSnapshot: Equatable, Sendable {
    /// One of the desk's services: its waiting count and since when its longest waiter waits.
    public struct ServiceLine: Equatable, Sendable {
        public var code: ServiceCode
        public var name: String
        public var isOpen: Bool
        /// The store's colour for it (`#RRGGBB`), as configured.
        public var colour: String = "#3465A4"
        public var waiting: Int
        /// When the ticket that has waited longest was issued (nil when nobody waits).
        public var longestWaitingSince: Date?
        /// Where a ticket issued now would stand, the wait the kiosk would promise it; nil when
        /// it could not be read.
        public var newTicket: TicketStanding? = nil
    }

    public var desk: Desk
    /// The services the desk calls from now, in the order the desk lists them.
    public var services: [ServiceLine]
    /// Every service the desk may call from (`[desk:N] services`), chosen or not.
    public var allowedServices: [ServiceLine] = []
    /// The ticket the desk has called or is serving.
    public var current: Ticket?
    /// Waiting tickets of the desk's services, in the order its Call next would take them.
    public var waiting: [Ticket]
    /// Parked tickets of the desk's services.
    public var parked: [Ticket]
    /// Today's no-shows of the desk's services, newest first (they can be brought back).
    public var noShows: [Ticket]
    /// Every service of the store (transfer targets), in code order.
    public var allServices: [ServiceLine]
    /// The newest event the reads saw: an older snapshot never replaces a newer one.
    public var lastEventID: EventID
    /// What each kiosk's printer last reported, by kiosk name (empty: none ever did): staff
    /// hear which cannot print.
    public var printers: [PrinterReport] = []

    /// The kiosk a copy is asked of (see `PrinterReport.reprintKiosk(among:)`).
    public var reprintKiosk: String? { PrinterReport.reprintKiosk(among: printers) }

    /// Waiting tickets across the desk's services.
    public var waitingCount: Int { services.reduce(0) { $0 + $1.waiting } }

    /// Reads everything the desk shows, off the main thread (several reads; the event id is read
    /// first, so a change between them makes the next batch re-read).
    static func read(desk number: DeskNumber, from store: any QueueStore, at instant: Date) throws(StoreError) -> DeskSnapshot {
        let lastEventID = try store.lastEventID()
        guard let desk = try store.desks().first(where: { $0.number == number }) else {
            throw StoreError.refused(.deskNotFound(number))
        }
        let configuration = try store.configuration()
        let today = configuration.calendar.businessDay(containing: Instant(instant))
        let ownServices = Set(desk.services)
        let waiting = try store.tickets(TicketFilter(state: .waiting))
        let ordered = try store.callOrder(of: number, at: instant)
        // Best effort: the desk works without the waits it shows its clerk.
        let waits = (try? store.waits(at: instant)) ?? [:]
        let lines = configuration.services.values.sorted { $0.code < $1.code }.map { service in
            let own = waiting.filter { $0.service == service.code }
            return ServiceLine(code: service.code, name: service.name, isOpen: service.isOpen, colour: service.colour,
                               waiting: own.count,
                               longestWaitingSince: own.map(\.issuedAt).min()?.date, newTicket: waits[service.code])
        }
        let current = try desk.currentTicket.flatMap { id throws(StoreError) in try store.ticket(id) }
        let parked = try store.tickets(TicketFilter(state: .parked)).filter { ownServices.contains($0.service) }
        let noShows = try store.tickets(TicketFilter(day: today, state: .noShow))
            .filter { ownServices.contains($0.service) }.sorted { $0.id > $1.id }
        let printers = try PrinterReport.current(in: store)
        return DeskSnapshot(
            desk: desk,
            services: desk.services.compactMap { code in lines.first { $0.code == code } },
            allowedServices: desk.allowedServices.compactMap { code in lines.first { $0.code == code } },
            current: current,
            waiting: ordered,
            parked: parked, noShows: noShows, allServices: lines, lastEventID: lastEventID, printers: printers)
    }
}
