/// What `decide` reads for one command — the *slice rule*. A store loads exactly this with
/// indexed queries, builds a `QueueState` from it with the memberwise initialiser, and gets the
/// same events as from the full state:
///
/// - always: the configuration, every desk (with its `currentTicket`), every staff member,
///   `nextTicketID` and `currentDay` (small, bounded tables);
/// - `tickets`: the tickets the command names, plus each listed desk's current ticket;
/// - `laneHeads` / `laneTails`: the waiting ticket with the smallest / largest
///   (ordering key, id) of each lane — `WHERE service = ? AND priority = ? AND state = 'waiting'
///   ORDER BY ordering_key, id LIMIT 1` (tails: `DESC`);
/// - `counters`: those (business day, service) counter rows (call-next: only of services whose
///   priority lane has a head, known once the heads are read);
/// - `heldNumbers`: for those issuing services, the display numbers of open tickets (numbers only);
/// - `allOpenTickets`: only for the day change, which must see every waiting and parked ticket,
///   and for the changes to services and desks `WaitingTicketsRule` checks.
public struct SliceRequirements: Hashable, Sendable {
    public var tickets: Set<TicketID> = []
    public var laneHeads: Set<Lane> = []
    public var laneTails: Set<Lane> = []
    public var counters: Set<CounterKey> = []
    public var heldNumbers: Set<ServiceCode> = []
    public var allOpenTickets = false

    public init() {}
}

extension QueueState {
    /// The lanes whose heads (and, for `.back` placements, tails) `decide` compares for
    /// `command`. Needs this state's configuration, desks and the named tickets.
    public func lanesNeeded(for command: Command) -> Set<Lane> {
        switch command {
        case .callNext(let number, let service, _):
            let services = service.map { [$0] } ?? desks[number]?.services ?? []
            return Set(services.flatMap(Lane.lanes(of:)))
        case .transfer(_, let target, _, _):
            return Set(Lane.lanes(of: target))
        case .reactivate(let id, _), .resume(let id, _, _):
            return Set(tickets[id].map { Lane.lanes(of: $0.service) } ?? [])
        default:
            return []
        }
    }

    /// Everything beyond the always-loaded tables that `decide(command, at: time)` reads, as far
    /// as this state shows: called on the base (configuration, desks, staff), then on what was
    /// read, it may ask for more (a named ticket's lanes, a counter once a priority head is
    /// seen). `slice(for:at:from:)` reads until it asks for nothing new.
    public func sliceRequirements(for command: Command, at time: Instant) -> SliceRequirements {
        var needs = SliceRequirements()
        let day = configuration.calendar.businessDay(containing: time)
        let lanes = lanesNeeded(for: command)
        needs.laneHeads = lanes
        switch command {
        case .issue(let service, _, _):
            needs.counters = [CounterKey(day: day, service: service)]
            needs.heldNumbers = [service]
        case .callNext(let number, _, _):
            // `CallOrdering` reads a counter only between two heads of its service, and only a
            // priority call writes one; without a priority head desks leave it unlocked, so they
            // do not wait for each other (or for a kiosk issuing) on its row.
            needs.counters = Set(lanes.filter { $0.priority == .priority && head(of: $0) != nil }
                .map { CounterKey(day: day, service: $0.service) })
            if let current = desks[number]?.currentTicket { needs.tickets.insert(current) }
        case .call(let id, let number, _):
            needs.tickets = [id]
            if let current = desks[number]?.currentTicket { needs.tickets.insert(current) }
            // Calling a priority ticket records its arrival in its lane's counter (fairness).
            if let ticket = tickets[id] { needs.counters = [CounterKey(day: day, service: ticket.service)] }
        case .transfer(let id, _, _, _), .resume(let id, _, _):
            needs.tickets = [id]
            needs.laneTails = lanes
            if case .resume(_, .desk(let number), _) = command,
                let current = desks[number]?.currentTicket
            {
                needs.tickets.insert(current)
            }
        case .reactivate(let id, _):
            needs.tickets = [id]
            needs.laneTails = lanes
            needs.heldNumbers = Set(tickets[id].map { [$0.issuedService] } ?? [])
        case .recall(let id, _), .start(let id, _), .complete(let id, _, _), .noShow(let id, _),
            .park(let id, _), .cancel(let id, _), .reprint(let id, _, _):
            needs.tickets = [id]
        case .closeDesk(let number):
            if let current = desks[number]?.currentTicket { needs.tickets.insert(current) }
        case .changeDay:
            needs.allOpenTickets = true
        case .setDesk, .configure, .applySetup, .removeService, .removeDesk:
            // `WaitingTicketsRule` counts every waiting and parked ticket; rare commands.
            needs.allOpenTickets = true
        case .openDesk, .pauseDesk, .chooseServices, .setService, .openService, .closeService,
            .registerStaff, .reportPrinter:
            break
        }
        return needs
    }

    /// The slice `decide(command, at: time)` needs, taken from this full state in the passes a
    /// store reads in (`slice(for:at:from:)`). Tests use it to check the slice rule.
    public func slice(for command: Command, at time: Instant) -> QueueState {
        let base = QueueState(
            configuration: configuration, desks: desks, staff: staff, tickets: [], counters: [:], heldNumbers: [:],
            nextTicketID: nextTicketID, currentDay: currentDay)
        var full = self
        return base.slice(for: command, at: time, from: &full)
    }
}
