import FoundationEssentials
import QueueCore

/// One connection and what works on it. Used only inside `SQLiteQueueStore`'s mutex.
final class SQLiteEngine {
    let connection: SQLiteConnection
    let codec: RowCodec
    var loader: SliceLoader { SliceLoader(connection: connection, codec: codec) }
    var writer: SliceWriter { SliceWriter(connection: connection, codec: codec) }

    /// What this connection last committed (small tables, held numbers) and the
    /// `PRAGMA data_version` it is valid for: while that value holds, nobody else has
    /// changed these rows and the store skips reading and decoding them again.
    private var committed: (known: KnownState, dataVersion: Int64)?
    /// What the open transaction will leave, promoted to `committed` on commit.
    private var pending: KnownState?
    /// `PRAGMA data_version` as the open write transaction began (nobody else can commit
    /// until it ends, so it holds for the whole transaction and is read once).
    private var transactionVersion: Int64?

    init(connection: SQLiteConnection) {
        self.connection = connection
        codec = RowCodec(file: connection.file)
    }

    /// `perform` inside one `BEGIN IMMEDIATE` transaction.
    func perform(_ command: Command, at time: Instant) throws -> CommandResult {
        try transaction { try performInTransaction(command, at: time) }
    }

    /// `perform` of the command `build` makes from the configuration read inside the same
    /// `BEGIN IMMEDIATE` transaction (the write lock is held from before the read).
    func perform(at time: Instant, building build: (StoreConfiguration) throws(StoreError) -> Command) throws -> CommandResult {
        try transaction {
            let command = try build(try loader.base().configuration)
            return try performInTransaction(command, at: time)
        }
    }

    /// One write transaction that keeps what is known right: promoted on commit, dropped on
    /// any failure.
    private func transaction<T>(_ body: () throws -> T) throws -> T {
        defer { transactionVersion = nil }
        do {
            var version: Int64 = -1
            let result = try connection.writeTransaction {
                version = try dataVersion()
                transactionVersion = version
                return try body()
            }
            if let pending { committed = (pending, version) }
            pending = nil
            return result
        } catch {
            committed = nil
            pending = nil
            throw error
        }
    }

    /// The held numbers this connection last committed, per service (tests compare them with
    /// the file).
    var committedHeldNumbers: [ServiceCode: Set<Int>] { committed?.known.held ?? [:] }

    private func dataVersion() throws -> Int64 {
        try connection.queryOne(Self.dataVersion) { $0.int64(0) } ?? -1
    }

    private static let dataVersion = "PRAGMA data_version"

    /// What a command starts from — what the transaction wrote so far, or what was committed
    /// here if no other connection has committed since, else the small tables read afresh —
    /// moved out of the engine, so that the held-number sets the command updates have one
    /// owner and change in place. The command puts it back in `pending`; if it fails, the
    /// transaction drops everything anyway.
    private func takeKnown() throws -> KnownState {
        defer {
            pending = nil
            committed = nil
        }
        if let pending { return pending }
        if let committed, try transactionVersion ?? dataVersion() == committed.dataVersion { return committed.known }
        return KnownState(base: try loader.base())
    }

    /// Runs the day change first when a ticket command arrives on a new business day, then the
    /// command; the caller holds the transaction.
    func performInTransaction(_ command: Command, at time: Instant) throws -> CommandResult {
        var known = try takeKnown()
        var result = CommandResult(events: [], tickets: [])
        if command.dependsOnBusinessDay, known.needsDayChange(at: time) {
            result = try decideAndWrite(.changeDay, at: time, known: &known)
        }
        let own = try decideAndWrite(command, at: time, known: &known)
        pending = known
        if result.events.isEmpty { return own }
        let ownIDs = Set(own.tickets.map(\.id))
        return CommandResult(events: result.events + own.events,
                             tickets: result.tickets.filter { !ownIDs.contains($0.id) } + own.tickets)
    }

    private func decideAndWrite(_ command: Command, at time: Instant, known: inout KnownState) throws -> CommandResult {
        let slice = try loader.slice(for: command, at: time, base: known.base, known: &known.held)
        var events: [Event]
        do throws(QueueError) { events = try slice.decide(command, at: time) } catch { throw StoreError.refused(error) }
        events = try QueueSummaries(engine: self).stampingQuotes(on: events, base: known.base, at: time)
        let before = SliceWriter.Before(slice)
        // The slice's own storage becomes the new state: held numbers change in place.
        var after = consume slice
        for event in events { evolve(&after, with: event) }
        let result = try writer.write(before: before, after: after, events: events)
        known.record(before: before, after: after, written: result.tickets)
        return result
    }

    /// Issues `count` tickets in one transaction, deciding each on the in-memory slice of the
    /// previous one (valid: an issue reads only its service's counter and held numbers, which
    /// `evolve` keeps current). For building large queues in benchmarks and tests.
    func issueMany(_ service: ServiceCode, priority: PriorityClass, count: Int, from start: Instant,
                   spacing: TimeInterval) throws -> Int {
        try transaction {
            _ = try performInTransaction(.issue(service: service, priority: priority), at: start)
            let command = Command.issue(service: service, priority: priority)
            var known = try takeKnown()
            var state = try loader.slice(for: command, at: start, base: known.base, known: &known.held)
            let before = SliceWriter.Before(state)
            var events: [Event] = []
            for index in 1..<max(count, 1) {
                let time = start.advanced(byMilliseconds: Int64((Double(index) * spacing * 1000).rounded(.down)))
                let decided: [Event]
                do throws(QueueError) { decided = try state.decide(command, at: time) } catch { throw StoreError.refused(error) }
                for event in decided {
                    state.apply(event)
                    events.append(event)
                }
            }
            let written = try writer.write(before: before, after: state, events: events)
            known.record(before: before, after: state, written: written.tickets)
            pending = known
            return written.events.count + 1
        }
    }

    /// Seeds a fresh file with `setup`, its desks open;
    /// does nothing if a configuration is already stored. The check before `seed` only saves
    /// taking the write lock on every open.
    func seedIfEmpty(_ setup: StoreSetup, at time: Instant) throws {
        if try isSeeded() { return }
        try seed(setup, at: time)
    }

    /// Seeds as `seedIfEmpty` says, unless another opener (another process, a few microseconds
    /// earlier) has seeded the file by the time the write lock is held.
    func seed(_ setup: StoreSetup, at time: Instant) throws {
        try transaction {
            if try isSeeded() { return }
            _ = try performInTransaction(.applySetup(setup), at: time)
            // A new store's desks are open, so `tessera queue call --desk 1` works on a fresh machine.
            for desk in setup.desks { _ = try performInTransaction(.openDesk(desk.number), at: time) }
        }
    }

    private func isSeeded() throws -> Bool {
        // A file with events but no configuration is not new: it is corrupt, and `base()` says so.
        try connection.queryOne(
            "SELECT EXISTS (SELECT 1 FROM settings WHERE key = ?1) OR EXISTS (SELECT 1 FROM events)",
            [.text(Settings.configuration)]) { $0.int64(0) == 1 } ?? false
    }
}

extension Command {
    /// Ticket commands act in a business day, so the day change must run before them;
    /// administration (desks, services, staff, configuration) does not depend on the day, except
    /// removing a service, which moves its tickets (not the ones the day change would close).
    var dependsOnBusinessDay: Bool {
        switch self {
        case .issue, .callNext, .call, .recall, .start, .complete, .noShow, .reactivate, .transfer, .park,
            .resume, .cancel, .removeService:
            true
        case .setDesk, .removeDesk, .openDesk, .pauseDesk, .closeDesk, .chooseServices, .setService, .openService, .closeService,
            .registerStaff, .configure, .applySetup, .changeDay, .reportPrinter, .reprint:
            false
        }
    }
}
