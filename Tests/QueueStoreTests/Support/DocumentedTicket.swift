import QueueCore
import QueueStore
import Testing

/// The completed ticket of docs/storage-format.md's example: issued for C, transferred to S at
/// the front from desk 3, then called, served and completed at desk 1 by staff member 2.
enum DocumentedTicket {
    static var completed: Ticket {
        var ticket = Ticket(id: 5, businessDay: BusinessDay(year: 2026, month: 11, day: 27), service: "C", sequence: 3,
                            number: 3, code: "C003", priority: .normal, issuedAt: Instant(unixSeconds: 1_795_770_240),
                            orderingKey: OrderingKey(rawValue: 1_795_770_240_000), arrivalKey: OrderingKey(rawValue: 1_795_770_240_000))
        ticket.service = "S"
        ticket.state = .completed
        ticket.calledAt = Instant(unixSeconds: 1_795_771_380)
        ticket.startedAt = Instant(unixSeconds: 1_795_771_440)
        ticket.finishedAt = Instant(unixSeconds: 1_795_771_500)
        ticket.desk = 1
        ticket.staff = 2
        ticket.outcome = .served
        ticket.transfers = [TransferRecord(from: "C", to: "S", position: .front, at: Instant(unixSeconds: 1_795_771_320), fromDesk: 3)]
        return ticket
    }

    /// The two tickets `OlderSchema` writes, as a store reads them back after its upgrade: the
    /// documented one (recalled once, in Welsh) and a priority ticket waiting since two days.
    static func expectTheOlderSchemasTickets(in store: any QueueStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var completed = completed
        completed.recallCount = 1
        completed.language = "cy"
        #expect(try store.ticket(TicketID(rawValue: 5)) == completed, sourceLocation: sourceLocation)
        let waiting = try #require(try store.ticket(TicketID(rawValue: 6)), sourceLocation: sourceLocation)
        #expect(waiting.state == .waiting && waiting.priority == .priority && waiting.transfers.isEmpty
                && waiting.carryOvers == 2 && waiting.calledAt == nil, sourceLocation: sourceLocation)
    }
}
