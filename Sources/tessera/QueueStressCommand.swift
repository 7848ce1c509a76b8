import FoundationEssentials
import Glibc
import QueueCore
import QueueStore
import TesseraFeatures

/// Hidden `tessera queue stress`: a load loop for the multi-process and crash tests. Issues a
/// ticket for a random open service, then (unless `--issue-only`) finishes the desk's ticket
/// and calls the next one. Each operation is written to `--log` only after its transaction has
/// committed, as one `write(2)`: `issued <id> <code> <day>`, `completed <id> <desk>`,
/// `called <id> <desk>`, `cancelled <id>`. A writer that finds the file locked for longer than
/// the busy timeout retries: the loop measures integrity, not latency. A SIGKILL can therefore lose a log line, never a logged ticket.
let stressSubcommand = QueueSubcommand(
    name: "stress", parameters: "", summary: "Load loop for tests (hidden)",
    options: [
        OptionSpec(name: "seconds", kind: .integer, argument: "N", help: "How long to run"),
        OptionSpec(name: "log", kind: .string, argument: "FILE", help: "Where to log acknowledged operations"),
        OptionSpec(name: "desk", kind: .integer, argument: "N", help: "The desk this process calls at"),
        OptionSpec(name: "issue-only", kind: .flag, help: "Only issue tickets"),
        OptionSpec(name: "keep-open", kind: .integer, argument: "N",
                   help: "With --issue-only: cancel this process's oldest ticket beyond N open ones"),
    ],
    hidden: true,
    run: runStress
)

private func runStress(_ run: QueueInvocation) throws -> Int32 {
    guard let path = run.options.strings["log"] else { throw UsageError("tessera queue stress: --log FILE is required") }
    let log = try StressLogFile(path: path)
    let store = try run.store()
    let seconds = run.options.integers["seconds"] ?? 10
    let issueOnly = run.options.has("issue-only")
    let desk = DeskNumber(rawValue: run.options.integers["desk"] ?? 1)
    let services = try store.configuration().services.values.filter(\.isOpen).map(\.code).sorted()
    guard let fallback = services.first else { throw StoreError.conflict("no service is open") }
    if !issueOnly { try prepare(desk, services: services, store: store) }

    let keepOpen = run.options.integers["keep-open"]
    var open: [TicketID] = []
    let deadline = Date().addingTimeInterval(Double(seconds))
    while Date() < deadline {
        guard let issued = try retryingBusy({ try store.perform(.issue(service: services.randomElement() ?? fallback), at: Date()) }),
              let ticket = issued.ticket else { continue }
        log.append("issued \(ticket.id.rawValue) \(ticket.code) \(ticket.businessDay)")
        if issueOnly {
            open.append(ticket.id)
            // Cancelling frees numbers, so a long run never exhausts a service's 999.
            if let keepOpen, open.count > keepOpen {
                let oldest = open.removeFirst()
                if try retryingBusy({ try store.perform(.cancel(ticket: oldest), at: Date()) }) != nil {
                    log.append("cancelled \(oldest.rawValue)")
                }
            }
            continue
        }
        if let current = try store.desks().first(where: { $0.number == desk })?.currentTicket {
            _ = try store.perform(.start(ticket: current), at: Date())
            _ = try store.perform(.complete(ticket: current), at: Date())
            log.append("completed \(current.rawValue) \(desk.rawValue)")
        }
        if let called = try callNext(desk, store: store) { log.append("called \(called.id.rawValue) \(desk.rawValue)") }
    }
    return 0
}

/// The result, or nil when the database stayed locked past the busy timeout.
private func retryingBusy(_ body: () throws -> CommandResult) throws -> CommandResult? {
    do {
        return try body()
    } catch {
        if let error = error as? StoreError, case .unavailable(_, .busy, _) = error { return nil }
        throw error
    }
}

/// The called ticket, or nil when nobody is waiting.
private func callNext(_ desk: DeskNumber, store: any QueueStore) throws -> Ticket? {
    do {
        return try store.perform(.callNext(desk: desk), at: Date()).ticket
    } catch {
        if case .refused(.nothingWaiting) = error { return nil }
        throw error
    }
}

/// The stress log: one `write(2)` per line on an `O_APPEND` descriptor, so a killed process
/// leaves whole lines (the kernel keeps what was written) and at most one cut line.
private final class StressLogFile {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw UsageError("tessera queue stress: cannot open \(path)") }
    }

    deinit { close(descriptor) }

    func append(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}

/// Makes the desk exist, serve every service and be open.
private func prepare(_ desk: DeskNumber, services: [ServiceCode], store: any QueueStore) throws {
    let existing = try store.desks().first { $0.number == desk }
    if existing == nil || existing?.allowedServices.sorted() != services {
        _ = try store.perform(.setDesk(Desk(number: desk, name: "Desk \(desk.rawValue)", services: services)), at: Date())
    }
    if try store.desks().first(where: { $0.number == desk })?.status != .open {
        _ = try store.perform(.openDesk(desk), at: Date())
    }
}
