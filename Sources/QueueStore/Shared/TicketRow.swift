import QueueCore

/// A ticket as a `tickets` row holds it (format 5, docs/storage-format.md): a column for each
/// field, read and written the same way by both stores. Only the transfer history, a list that
/// most tickets never get, is JSON (NULL when there is none).
///
/// Columns, not a JSON document: every command reads and writes tickets, and `JSONDecoder` and
/// `JSONEncoder` cost more a ticket than the rest of a call-next (Benchmarks/README.md).
enum TicketRow {
    /// Every column, in the order `ticket(from:)` reads them and `insertValues(of:)` gives them.
    static let columns = [
        "id", "business_day", "issued_service", "sequence", "service", "number", "code", "priority", "state",
        "issued_at", "called_at", "started_at", "finished_at", "desk", "staff", "recall_count", "transfers",
        "outcome", "ordering_key", "arrival_key", "carry_overs", "language",
    ]
    /// For `SELECT \(TicketRow.selected) FROM tickets …`.
    static let selected = columns.joined(separator: ", ")

    /// What a command may change, in the order `updateValues(of:)` gives them after the id. The
    /// rest is fixed when the ticket is issued (`checkFixedFields` refuses a change to it).
    static let changing = [
        "service", "state", "called_at", "started_at", "finished_at", "desk", "staff", "recall_count",
        "transfers", "outcome", "ordering_key", "arrival_key", "carry_overs", "language",
    ]

    /// The insert, with placeholders `\(marker)1`… (`$` for PostgreSQL, `?` for SQLite).
    static func insert(marker: Character) -> String {
        let values = (1...columns.count).map { "\(marker)\($0)" }.joined(separator: ", ")
        return "INSERT INTO tickets (\(selected)) VALUES (\(values))"
    }

    /// The guarded update of `updateValues(of:)`, then the state the row must still be in: only
    /// that row changes, or none.
    static func update(marker: Character) -> String {
        let set = changing.enumerated().map { "\($1) = \(marker)\($0 + 2)" }.joined(separator: ", ")
        return "UPDATE tickets SET \(set) WHERE id = \(marker)1 AND state = \(marker)\(changing.count + 2)"
    }

    static func ticket(from row: some ResultRow, codec: RowCodec, file: String) throws(StoreError) -> Ticket {
        // Named only in an error, not made for every row read.
        func what() -> String { "ticket \(row.int64(0))" }
        guard let day = BusinessDay(row.text(1)) else {
            throw corrupt(file, "\(what()) has the business day “\(row.text(1))”, not YYYY-MM-DD")
        }
        guard let priority = PriorityClass(rawValue: row.text(7)) else {
            throw corrupt(file, "\(what()) has the priority “\(row.text(7))”")
        }
        guard let state = TicketState(rawValue: row.text(8)) else {
            throw corrupt(file, "\(what()) has the state “\(row.text(8))”")
        }
        guard !row.isNull(9), !row.isNull(18), !row.isNull(19) else {
            throw corrupt(file, "\(what()) lacks its issue time or its lane keys")
        }
        var ticket = Ticket(
            id: TicketID(rawValue: row.int64(0)), businessDay: day, service: ServiceCode(rawValue: row.text(4)),
            sequence: row.int64(3), number: Int(row.int64(5)), code: row.text(6), priority: priority,
            issuedAt: Instant(unixMilliseconds: row.int64(9)), orderingKey: OrderingKey(rawValue: row.int64(18)),
            arrivalKey: OrderingKey(rawValue: row.int64(19)))
        ticket.issuedService = ServiceCode(rawValue: row.text(2))
        ticket.state = state
        ticket.calledAt = row.optionalInt64(10).map(Instant.init(unixMilliseconds:))
        ticket.startedAt = row.optionalInt64(11).map(Instant.init(unixMilliseconds:))
        ticket.finishedAt = row.optionalInt64(12).map(Instant.init(unixMilliseconds:))
        ticket.desk = row.optionalInt64(13).map { DeskNumber(rawValue: Int($0)) }
        ticket.staff = row.optionalInt64(14).map { StaffID(rawValue: Int($0)) }
        ticket.recallCount = Int(row.int64(15))
        if let transfers = row.optionalText(16) { ticket.transfers = try codec.decode([TransferRecord].self, transfers) }
        ticket.outcome = row.optionalText(17).map(Outcome.init(rawValue:))
        ticket.carryOvers = Int(row.int64(20))
        ticket.language = row.optionalText(21)
        return try StoredRange.checked(ticket, file: file)
    }

    static func insertValues<Value: StatementValue>(of ticket: Ticket, codec: RowCodec) throws(StoreError) -> [Value] {
        [.integer(ticket.id.rawValue), .text(ticket.businessDay.description), .text(ticket.issuedService.rawValue),
         .integer(ticket.sequence), .text(ticket.service.rawValue), .integer(Int64(ticket.number)), .text(ticket.code),
         .text(ticket.priority.rawValue), .text(ticket.state.rawValue), .integer(ticket.issuedAt.unixMilliseconds)]
            + (try changingValues(of: ticket, codec: codec))
    }

    /// The id, then the `changing` columns.
    static func updateValues<Value: StatementValue>(of ticket: Ticket, codec: RowCodec) throws(StoreError) -> [Value] {
        [.integer(ticket.id.rawValue), .text(ticket.service.rawValue), .text(ticket.state.rawValue)]
            + (try changingValues(of: ticket, codec: codec))
    }

    /// `changing` from `called_at` on (both lists have the service and state before them).
    private static func changingValues<Value: StatementValue>(of ticket: Ticket, codec: RowCodec) throws(StoreError) -> [Value] {
        [.integer(ticket.calledAt?.unixMilliseconds), .integer(ticket.startedAt?.unixMilliseconds),
         .integer(ticket.finishedAt?.unixMilliseconds), .integer(ticket.desk.map { Int64($0.rawValue) }),
         .integer(ticket.staff.map { Int64($0.rawValue) }), .integer(Int64(ticket.recallCount)),
         .text(ticket.transfers.isEmpty ? nil : try codec.text(ticket.transfers)), .text(ticket.outcome?.rawValue),
         .integer(ticket.orderingKey.rawValue), .integer(ticket.arrivalKey.rawValue), .integer(Int64(ticket.carryOvers)),
         .text(ticket.language)]
    }

    /// An update writes only the `changing` columns, so a change to anything else would be lost:
    /// refused instead (QueueCore never makes one).
    static func checkFixedFields(_ ticket: Ticket, was old: Ticket) throws(StoreError) {
        guard ticket.businessDay == old.businessDay, ticket.issuedService == old.issuedService,
              ticket.sequence == old.sequence, ticket.number == old.number, ticket.code == old.code,
              ticket.priority == old.priority, ticket.issuedAt == old.issuedAt else {
            throw .conflict("ticket \(old.code) would change what was fixed when it was issued; nothing was done")
        }
    }

    private static func corrupt(_ file: String, _ detail: String) -> StoreError {
        .unavailable(file: file, problem: .corrupt, detail: detail)
    }
}
