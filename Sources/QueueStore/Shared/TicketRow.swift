import QueueCore

/// A ticket as a `tickets` row holds it (format 5, docs/storage-format.md): a column for each
/// field, read and written the same way by both stores. Only the transfer history, a list that
/// most tickets never get, is JSON (NULL when there is none).
///
/// Columns, not a JSON document: every command reads and writes tickets, and `JSONDecoder` and
/// `JSONEncoder` cost more a ticket than the rest of a call-next (Benchmarks/README.md).
enum TicketRow {
    /// Every column's name, in `TicketColumn`'s order.
    static let columns = TicketColumn.allCases.map(\.name)
    /// For `SELECT \(TicketRow.selected) FROM tickets …`: every column, in `TicketColumn`'s order.
    static let selected = columns.joined(separator: ", ")

    /// The insert, with placeholders `\(marker)1`… (`$` for PostgreSQL, `?` for SQLite).
    static func insert(marker: Character) -> String {
        let values = TicketColumn.allCases.indices.map { "\(marker)\($0 + 1)" }.joined(separator: ", ")
        return "INSERT INTO tickets (\(selected)) VALUES (\(values))"
    }

    /// The guarded update of `updateValues(of:)`: the changing columns, then the state the row
    /// must still be in: only that row changes, or none.
    static func update(marker: Character) -> String {
        let set = TicketColumn.changing.enumerated().map { "\($1.name) = \(marker)\($0 + 2)" }.joined(separator: ", ")
        return "UPDATE tickets SET \(set) WHERE id = \(marker)1 AND state = \(marker)\(TicketColumn.changing.count + 2)"
    }

    static func ticket(from row: some ResultRow, codec: RowCodec, file: String) throws(StoreError) -> Ticket {
        let read = Columns(row: row, file: file)
        guard let day = BusinessDay(try read.text(.businessDay)) else {
            throw read.corrupt("has the business day “\(row.text(TicketColumn.businessDay.rawValue))”, not YYYY-MM-DD")
        }
        guard let priority = PriorityClass(rawValue: try read.text(.priority)) else {
            throw read.corrupt("has the priority “\(row.text(TicketColumn.priority.rawValue))”")
        }
        guard let state = TicketState(rawValue: try read.text(.state)) else {
            throw read.corrupt("has the state “\(row.text(TicketColumn.state.rawValue))”")
        }
        var ticket = Ticket(
            id: TicketID(rawValue: try read.integer(.id)), businessDay: day,
            service: ServiceCode(rawValue: try read.text(.service)), sequence: try read.integer(.sequence),
            number: Int(try read.integer(.number)), code: try read.text(.code), priority: priority,
            issuedAt: Instant(unixMilliseconds: try read.integer(.issuedAt)),
            orderingKey: OrderingKey(rawValue: try read.integer(.orderingKey)),
            arrivalKey: OrderingKey(rawValue: try read.integer(.arrivalKey)))
        ticket.issuedService = ServiceCode(rawValue: try read.text(.issuedService))
        ticket.state = state
        ticket.calledAt = try read.optionalInteger(.calledAt).map(Instant.init(unixMilliseconds:))
        ticket.startedAt = try read.optionalInteger(.startedAt).map(Instant.init(unixMilliseconds:))
        ticket.finishedAt = try read.optionalInteger(.finishedAt).map(Instant.init(unixMilliseconds:))
        ticket.desk = try read.optionalInteger(.desk).map { DeskNumber(rawValue: Int($0)) }
        ticket.staff = try read.optionalInteger(.staff).map { StaffID(rawValue: Int($0)) }
        ticket.recallCount = Int(try read.integer(.recallCount))
        if let transfers = read.optionalText(.transfers) { ticket.transfers = try codec.decode([TransferRecord].self, transfers) }
        ticket.outcome = read.optionalText(.outcome).map(Outcome.init(rawValue:))
        ticket.carryOvers = Int(try read.integer(.carryOvers))
        ticket.language = read.optionalText(.language)
        ticket.quotedWait = try read.optionalInteger(.quotedWait)
        return try StoredRange.checked(ticket, file: file)
    }

    /// Every column of `ticket`, for `insert(marker:)`.
    static func insertValues<Value: StatementValue>(of ticket: Ticket, codec: RowCodec) throws(StoreError) -> [Value] {
        try values(TicketColumn.allCases, of: ticket, codec: codec)
    }

    /// The id, then the changing columns, for `update(marker:)` (the caller appends the old state).
    static func updateValues<Value: StatementValue>(of ticket: Ticket, codec: RowCodec) throws(StoreError) -> [Value] {
        try values([.id] + TicketColumn.changing, of: ticket, codec: codec)
    }

    private static func values<Value: StatementValue>(_ columns: [TicketColumn], of ticket: Ticket,
                                                      codec: RowCodec) throws(StoreError) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(columns.count)
        for column in columns { values.append(try column.value(of: ticket, codec: codec).parameter()) }
        return values
    }

    /// An update writes only the changing columns, so a change to a fixed one would be lost:
    /// refused instead (QueueCore never makes one).
    static func checkFixedFields(_ ticket: Ticket, was old: Ticket) throws(StoreError) {
        for column in TicketColumn.fixed where !column.holdsTheSame(ticket, as: old) {
            throw .conflict("ticket \(old.code) would change its \(column.name), fixed when it was issued; nothing was done")
        }
    }

    /// A row's columns read by name: a NULL where the format has none, or an integer column
    /// holding anything but a whole number in range (text, a fraction, an overflow), is a file
    /// tessera did not write: corrupt, never a 0 passed on to the queue's rules.
    private struct Columns<Row: ResultRow> {
        let row: Row
        let file: String

        func text(_ column: TicketColumn) throws(StoreError) -> String {
            guard !row.isNull(column.rawValue) else { throw corrupt("has no \(column.name)") }
            return row.text(column.rawValue)
        }

        func optionalText(_ column: TicketColumn) -> String? { row.optionalText(column.rawValue) }

        func integer(_ column: TicketColumn) throws(StoreError) -> Int64 {
            guard let value = try optionalInteger(column) else { throw corrupt("has no \(column.name)") }
            return value
        }

        func optionalInteger(_ column: TicketColumn) throws(StoreError) -> Int64? {
            switch row.storedInteger(column.rawValue) {
            case .null: return nil
            case .value(let value): return value
            case .malformed:
                throw corrupt("has “\(row.text(column.rawValue))” in \(column.name), where a whole number belongs")
            }
        }

        /// Named after the row's id as stored, whatever it holds.
        func corrupt(_ detail: String) -> StoreError {
            .unavailable(file: file, problem: .corrupt, detail: "ticket \(row.text(TicketColumn.id.rawValue)) \(detail)")
        }
    }
}
