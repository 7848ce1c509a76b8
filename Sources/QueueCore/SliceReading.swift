/// Where a store reads the rows of a slice from: one indexed lookup each. The PostgreSQL store
/// locks as it reads (named tickets and counters `FOR UPDATE`, lane heads `FOR UPDATE SKIP
/// LOCKED`); `QueueState` itself is one too (a full state in memory, for tests).
public protocol SliceSource {
    associatedtype Failure: Error
    mutating func ticket(_ id: TicketID) throws(Failure) -> Ticket?
    /// The lane's waiting ticket with the smallest (ordering key, id).
    mutating func head(of lane: Lane) throws(Failure) -> Ticket?
    /// The lane's waiting ticket with the largest (ordering key, id).
    mutating func tail(of lane: Lane) throws(Failure) -> Ticket?
    /// Every waiting, called, serving or parked ticket (only the day change asks).
    mutating func openTickets() throws(Failure) -> [Ticket]
    mutating func counter(_ key: CounterKey) throws(Failure) -> DayCounter?
    /// The display numbers open tickets of `service` hold.
    mutating func heldNumbers(_ service: ServiceCode) throws(Failure) -> Set<Int>
}

extension SliceRequirements {
    /// What either asks for.
    public func union(_ other: SliceRequirements) -> SliceRequirements {
        var both = self
        both.tickets.formUnion(other.tickets)
        both.laneHeads.formUnion(other.laneHeads)
        both.laneTails.formUnion(other.laneTails)
        both.counters.formUnion(other.counters)
        both.heldNumbers.formUnion(other.heldNumbers)
        both.allOpenTickets = allOpenTickets || other.allOpenTickets
        return both
    }
}

extension QueueState {
    /// The slice `decide(command, at: time)` needs, read from `source` in passes: what this
    /// base (configuration, desks, staff; no tickets) asks for, then what the rows read so far ask for
    /// besides (a named ticket's lanes; the counter of a service whose priority lane has a
    /// head), until nothing new is asked. Each row is read once. Within a pass rows are read
    /// in one order (tickets by id, lanes and counters by key, heads before counters), so
    /// two stores locking as they read never wait for each other in a circle.
    public func slice<Source: SliceSource>(for command: Command, at time: Instant, from source: inout Source) throws(Source.Failure) -> QueueState {
        var reads = SliceReads()
        var needs = sliceRequirements(for: command, at: time)
        while true {
            let known = reads.found
            try reads.read(needs, from: &source)
            let sliced = reads.state(base: self)
            // The requirements follow from the configuration, desks and tickets alone: a pass
            // that found no ticket leaves them as they were (an issue reads in one pass).
            if reads.found == known { return sliced }
            let more = needs.union(sliced.sliceRequirements(for: command, at: time))
            if more == needs { return sliced }
            needs = more
        }
    }
}

/// Rows read so far for one slice (nil: read, and no such row).
private struct SliceReads {
    var tickets: [TicketID: Ticket?] = [:]
    var heads: [Lane: Ticket?] = [:]
    var tails: [Lane: Ticket?] = [:]
    var open: [Ticket]?
    var counters: [CounterKey: DayCounter?] = [:]
    var held: [ServiceCode: Set<Int>] = [:]
    /// Tickets found so far (with repeats).
    var found = 0

    mutating func read<Source: SliceSource>(_ needs: SliceRequirements, from source: inout Source) throws(Source.Failure) {
        for id in needs.tickets.sorted() where tickets[id] == nil { tickets[id] = .some(count(try source.ticket(id))) }
        for lane in needs.laneHeads.sorted() where heads[lane] == nil { heads[lane] = .some(count(try source.head(of: lane))) }
        for lane in needs.laneTails.sorted() where tails[lane] == nil { tails[lane] = .some(count(try source.tail(of: lane))) }
        if needs.allOpenTickets, open == nil {
            open = try source.openTickets()
            found += open?.count ?? 0
        }
        for key in needs.counters.sorted() where counters[key] == nil { counters[key] = .some(try source.counter(key)) }
        for service in needs.heldNumbers.sorted() where held[service] == nil { held[service] = try source.heldNumbers(service) }
    }

    private mutating func count(_ ticket: Ticket?) -> Ticket? {
        if ticket != nil { found += 1 }
        return ticket
    }

    func state(base: QueueState) -> QueueState {
        var chosen: [TicketID: Ticket] = [:]
        for ticket in open ?? [] { chosen[ticket.id] = ticket }
        for case let ticket? in heads.values { chosen[ticket.id] = ticket }
        for case let ticket? in tails.values { chosen[ticket.id] = ticket }
        for case let ticket? in tickets.values { chosen[ticket.id] = ticket }
        return QueueState(
            configuration: base.configuration, desks: base.desks, staff: base.staff,
            tickets: Array(chosen.values), counters: counters.compactMapValues { $0 }, heldNumbers: held,
            nextTicketID: base.nextTicketID, currentDay: base.currentDay)
    }
}

/// A full state answers from memory, as a store answers from its rows.
extension QueueState: SliceSource {
    public typealias Failure = Never
    public func ticket(_ id: TicketID) -> Ticket? { tickets[id] }
    public func openTickets() -> [Ticket] { tickets.values.filter(\.isOpen) }
    public func counter(_ key: CounterKey) -> DayCounter? { counters[key] }
    public func heldNumbers(_ service: ServiceCode) -> Set<Int> { heldNumbers[service] ?? [] }
}
