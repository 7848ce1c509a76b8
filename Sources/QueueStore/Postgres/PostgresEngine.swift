import FoundationEssentials
import QueueCore

/// Deciding and writing commands on one connection: QueueCore decides on the slice read in the
/// transaction, `PostgresSliceWriter` writes, and the command's key is stored with the result.
/// Used only inside `PostgresQueueStore`'s mutex.
struct PostgresEngine {
    let connection: PostgresConnection
    let codec: RowCodec
    var loader: PostgresSliceLoader { PostgresSliceLoader(connection: connection, codec: codec) }
    var writer: PostgresSliceWriter { PostgresSliceWriter(connection: connection, codec: codec) }

    init(connection: PostgresConnection) {
        self.connection = connection
        codec = RowCodec(file: connection.target)
    }

    /// How a transaction holds the store: issue, call-next and a desk's work on its own ticket
    /// (recall, start, complete, no-show) share it, locking only the rows they write (so desks
    /// and kiosks run side by side); everything else holds it alone.
    enum Access { case shared, exclusive }

    /// Thrown inside a shared transaction that finds the business day must change first, or a
    /// ticket command whose ticket is not its desk's: the exclusive form decides it then.
    struct NeedsExclusive: Error {}

    /// Runs `command` under `key` in one transaction: the shared form when it can, else (or when
    /// the day has to change first) the exclusive one.
    func perform(_ command: Command, at time: Instant, key: String) throws -> CommandResult {
        if command.sharesTheStore {
            do { return try transaction(.shared, key: key, time: time) { try performShared(command, at: time) } }
            catch is NeedsExclusive {}
        }
        return try transaction(.exclusive, key: key, time: time) { try performInTransaction(command, at: time) }
    }

    func perform(at time: Instant, key: String, building build: (StoreConfiguration) throws(StoreError) -> Command) throws -> CommandResult {
        try transaction(.exclusive, key: key, time: time) {
            let command = try build(try loader.base().configuration)
            return try performInTransaction(command, at: time)
        }
    }

    /// What a command under `key` committed, if it did: the answer for a client whose
    /// connection dropped before it heard the commit's outcome. Its events as committed; its
    /// tickets as they are now (the key keeps their ids: the rows are the one copy of a ticket).
    func settled(_ key: String) throws -> CommandResult? {
        guard let (first, last, ids) = try connection.queryOne(
            "SELECT first_event, last_event, tickets FROM command_keys WHERE key = $1", [.text(key)],
            row: { ($0.int64(0), $0.int64(1), $0.text(2)) }) else { return nil }
        let events = try connection.query("SELECT id, data FROM events WHERE id BETWEEN $1 AND $2 ORDER BY id",
                                          [.integer(first), .integer(last)]) { ($0.int64(0), $0.text(1)) }
            .map { row throws(StoreError) in StoredEvent(id: EventID(rawValue: row.0), event: try codec.decode(Event.self, row.1)) }
        let tickets = try ids.split(separator: ",").map { text in
            guard let number = Int64(text), let ticket = try loader.ticket(TicketID(rawValue: number)) else {
                throw StoreError.unavailable(file: connection.target, problem: .corrupt,
                                             detail: "a command key names ticket \(text), which is not stored")
            }
            return ticket
        }
        return CommandResult(events: events, tickets: tickets)
    }

    private func transaction(_ access: Access, key: String, time: Instant, _ body: () throws -> CommandResult) throws -> CommandResult {
        try connection.execute("BEGIN")
        do {
            try connection.run(access == .shared ? Self.shareStore : Self.holdStore)
            let result = try body()
            if let first = result.events.first?.id, let last = result.events.last?.id {
                try connection.run("INSERT INTO command_keys (key, first_event, last_event, tickets, at) VALUES ($1, $2, $3, $4, $5)",
                                   .text(key), .integer(first.rawValue), .integer(last.rawValue),
                                   .text(result.tickets.map { String($0.id.rawValue) }.joined(separator: ",")),
                                   .integer(time.unixMilliseconds))
            }
            try connection.execute("COMMIT")
            return result
        } catch {
            if !connection.isBroken { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Issue, call-next and a desk's work on its own ticket with row locks only. The rows whose
    /// values the command reads and writes outside the slice loader's locks are locked first,
    /// before anything is read: the next ticket id (every issue writes it) and the one desk row
    /// the command needs, its data read by the lock statement itself (current once locked).
    /// Only that desk is read: QueueCore's decide and evolve for these commands touch no other
    /// (issue: none; call-next: the calling desk; recall/start/complete/no-show: the desk
    /// holding the ticket), and `checkDesksRead` refuses a decision that would write one.
    private func performShared(_ command: Command, at time: Instant) throws -> CommandResult {
        let base: QueueState
        switch command {
        case .issue:
            try connection.run("SELECT 1 FROM settings WHERE key = 'next_ticket_id' FOR UPDATE")
            base = try loader.base(desks: [])
        case .callNext(let desk, _, _):
            let row = try connection.query(Self.lockDesk, [.integer(Int64(desk.rawValue))]) { $0.text(0) }
            base = try loader.base(desks: row)
        case .recall(let id, _), .start(let id, _), .complete(let id, _, _), .noShow(let id, _):
            // The desk holding the ticket, locked as call-next locks its desk: the command
            // writes that desk's row and the ticket's (which the slice loader locks).
            guard let (desk, data) = try connection.queryOne(Self.lockHoldingDesk, [.integer(id.rawValue)],
                                                             row: { ($0.int64(0), $0.text(1)) }) else {
                throw NeedsExclusive()
            }
            base = try loader.base(desks: [data])
            // Locked, the desk's row is current: whoever moves the ticket off this desk writes it.
            guard base.desks[DeskNumber(rawValue: Int(desk))]?.currentTicket == id else { throw NeedsExclusive() }
        default:
            throw NeedsExclusive()
        }
        if base.needsDayChange(at: time) { throw NeedsExclusive() }
        return try decideAndWrite(command, at: time, base: base, checkingDesks: true)
    }

    /// The day change first when a ticket command arrives on a new business day, then the command.
    private func performInTransaction(_ command: Command, at time: Instant) throws -> CommandResult {
        var base = try loader.base()
        var result = CommandResult(events: [], tickets: [])
        if command.dependsOnBusinessDay, base.needsDayChange(at: time) {
            result = try decideAndWrite(.changeDay, at: time, base: base)
            try pruneCommandKeys()
            base = try loader.base()
        }
        let own = try decideAndWrite(command, at: time, base: base)
        if result.events.isEmpty { return own }
        let ownIDs = Set(own.tickets.map(\.id))
        return CommandResult(events: result.events + own.events,
                             tickets: result.tickets.filter { !ownIDs.contains($0.id) } + own.tickets)
    }

    /// `checkingDesks`: the base holds only some desks (the shared path; see `checkDesksRead`).
    private func decideAndWrite(_ command: Command, at time: Instant, base: QueueState,
                                checkingDesks: Bool = false) throws -> CommandResult {
        let slice = try loader.slice(for: command, at: time, base: base)
        var events: [Event]
        do throws(QueueError) { events = try slice.decide(command, at: time) } catch { throw StoreError.refused(error) }
        // The shared path's base holds no desk: the quote reads them all (unlocked: a forecast).
        events = try QueueSummaries(engine: self).stampingQuotes(on: events, base: checkingDesks ? try loader.base() : base,
                                                                 at: time)
        let before = SliceWriter.Before(slice)
        var after = slice
        for event in events {
            if checkingDesks { try checkDesksRead(event, in: after) }
            evolve(&after, with: event)
        }
        return try writer.write(before: before, after: after, events: events)
    }

    /// Seeds an empty store with `setup`, its desks open, unless someone already has.
    func seedIfEmpty(_ setup: StoreSetup, at time: Instant) throws {
        try connection.execute("BEGIN")
        do {
            try connection.run(Self.holdStore)
            let seeded = try connection.queryOne(
                "SELECT EXISTS (SELECT 1 FROM settings WHERE key = $1) OR EXISTS (SELECT 1 FROM events)",
                [.text(Settings.configuration)]) { $0.bool(0) } ?? false
            if !seeded {
                _ = try performInTransaction(.applySetup(setup), at: time)
                for desk in setup.desks { _ = try performInTransaction(.openDesk(desk.number), at: time) }
            }
            try connection.execute("COMMIT")
        } catch {
            if !connection.isBroken { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    // Run as prepared statements (`run`), as the C baseline does: through `execute` the server
    // parsed and planned them again in every transaction.
    /// The store's lock: a transaction-scoped advisory lock named after the schema, shared or
    /// alone. (A row locked FOR SHARE by several transactions at once needs a new MultiXact
    /// for every locker, written to disk and WAL: at a busy store, on every ticket command.)
    static let shareStore = "SELECT pg_advisory_xact_lock_shared(hashtext('tessera store ' || current_schema()))"
    static let holdStore = "SELECT pg_advisory_xact_lock(hashtext('tessera store ' || current_schema()))"
    static let lockDesk = "SELECT data FROM desks WHERE number = $1 FOR UPDATE"
    static let lockHoldingDesk = "SELECT number, data FROM desks WHERE number = (SELECT desk FROM tickets WHERE id = $1) FOR UPDATE"
}

extension Command {
    /// Commands that run with the store shared (see `PostgresEngine.Access`): issuing, and a
    /// desk's work on its own ticket.
    var sharesTheStore: Bool {
        switch self {
        case .issue, .callNext, .recall, .start, .complete, .noShow: true
        default: false
        }
    }
}
