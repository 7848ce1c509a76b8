import FoundationEssentials
import GtkKit
import Localization
import QueueCore
import QueueStore
import TesseraFeatures

/// One run of a `tessera queue` command: its parsed options, the store (opened on first use)
/// and the output mode.
final class QueueInvocation {
    let command: String
    let options: ParsedCommandLine
    /// The time every operation of this run uses.
    let now = Date()
    /// The configuration file (`--config`, else the system file if any), read before anything else.
    let settings: TesseraSettings
    private var openedStore: (any QueueStore)?
    /// Whether some output could not be written (a closed or full standard output).
    private(set) var outputFailed = false
    /// The ticket this run committed a change to, named if its output is lost.
    private(set) var committedTicket: String?

    init(command: String, options: ParsedCommandLine) throws(SettingsFileError) {
        self.command = command
        self.options = options
        settings = try TesseraSettings.load(configPath: options.strings["config"])
    }

    var json: Bool { options.has("json") }

    /// The store named by `--database` (or the default), created and seeded if new, matching
    /// the configuration file. `TESSERA_SQLITE_MAX_PAGE_COUNT` caps the file size: a test hook
    /// that simulates a full disk.
    func store() throws -> any QueueStore {
        if let openedStore { return openedStore }
        let store = try settings.openConfiguredStore(url: options.strings["database"], options: storeOptions(), at: now)
        openedStore = store
        return store
    }

    /// The store as it stands, seeded if new but the file not applied yet: `services remove`
    /// moves the tickets a changed file would strand, then applies the file.
    func storeBeforeTheFile() throws -> any QueueStore {
        if let openedStore { return openedStore }
        var storeOptions = storeOptions()
        if let setup = settings.setup { storeOptions.seed = setup }
        let store = try openStore(url: options.strings["database"], options: storeOptions)
        openedStore = store
        return store
    }

    private func storeOptions() -> StoreOptions {
        var storeOptions = StoreOptions()
        if let pages = ProcessInfo.processInfo.environment["TESSERA_SQLITE_MAX_PAGE_COUNT"].flatMap(Int.init) {
            storeOptions.maxPageCount = pages
        }
        return storeOptions
    }

    /// The business day the current time falls in, by the store's calendar.
    func today() throws -> BusinessDay {
        try store().configuration().calendar.businessDay(containing: Instant(now))
    }

    /// Exactly `count` positional arguments, or a usage error naming them.
    func positional(_ count: Int, _ names: String) throws -> [String] {
        guard options.positional.count == count else {
            throw UsageError(localized("tessera queue %1$s: expected %2$s (see tessera queue %3$s --help)", command, names, command))
        }
        return options.positional
    }

    func integer(_ name: String, required: Bool = true) throws -> Int? {
        guard let value = options.integers[name] else {
            if required { throw UsageError(localized("tessera queue %1$s: --%2$s is required", command, name)) }
            return nil
        }
        return value
    }

    /// A service code as typed, in either case (`ServiceCode(eitherCase:)`).
    func serviceCode(_ text: String) throws -> ServiceCode {
        do { return try ServiceCode(eitherCase: text) } catch {
            throw UsageError(localized("tessera queue %1$s: “%2$s” is not a service code: 1 to 3 letters A–Z, like C or CS", command, text))
        }
    }

    func deskNumber() throws -> DeskNumber {
        let number = try integer("desk")!
        guard number > 0 else { throw UsageError(localized("tessera queue %s: --desk must be 1 or more", command)) }
        return DeskNumber(rawValue: number)
    }

    /// A ticket named by display code (`C012`: the open one, else today's) or by id.
    func ticket(_ text: String) throws -> Ticket {
        let found: Ticket?
        if let id = Int64(text) {
            found = try store().ticket(TicketID(rawValue: id))
        } else {
            found = try store().ticket(code: asciiUppercased(text), day: today())
        }
        guard let found else { throw UsageError(localized("tessera queue %1$s: there is no ticket %2$s", command, text)) }
        return found
    }

    /// `text` with `a`–`z` made capitals and everything else left as typed.
    private func asciiUppercased(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ("a"..."z").contains($0) ? Unicode.Scalar($0.value - 32)! : $0 }))
    }

    /// The one positional TICKET argument, resolved.
    func namedTicket() throws -> Ticket {
        try ticket(try positional(1, localized("one TICKET (code like C012, or id)"))[0])
    }

    /// The ticket a desk holds; refused (exit 1) when it holds none.
    func deskTicket(_ desk: DeskNumber) throws -> Ticket {
        guard let current = try store().desks().first(where: { $0.number == desk }) else {
            throw StoreError.refused(.deskNotFound(desk))
        }
        guard let id = current.currentTicket, let ticket = try store().ticket(id) else {
            throw StoreError.conflict(localized("desk %d holds no ticket; call one first", desk.rawValue))
        }
        return ticket
    }

    /// Runs a command at `now` and prints the ticket it changed (JSON: the ticket, or the
    /// events for commands without one).
    func perform(_ command: Command, describe: (Ticket) -> String) throws -> Int32 {
        try perform(command) { result in result.ticket.map(describe) ?? "" }
    }

    func perform(_ command: Command, summary: (CommandResult) -> String) throws -> Int32 {
        printResult(try store().perform(command, at: now), summary: summary)
    }

    /// Runs the command `build` makes from the configuration inside the store's transaction.
    func perform(building build: (StoreConfiguration) throws(StoreError) -> Command,
                 summary: (CommandResult) -> String) throws -> Int32 {
        printResult(try store().perform(at: now, building: build), summary: summary)
    }

    /// Prints what a command committed: the summary, or as JSON the ticket it changed (the
    /// events for commands without one). Returns the exit status.
    private func printResult(_ result: CommandResult, summary: (CommandResult) -> String) -> Int32 {
        if let ticket = result.ticket {
            committedTicket = ticket.code
            emit(summary(result), json: ticket)
        } else {
            emit(summary(result), json: result.events)
        }
        return 0
    }

    /// Prints `text`, or `value` as JSON with `--json`.
    func emit(_ text: @autoclosure () -> String, json value: some Encodable) {
        output(json ? QueueJSON.string(value) : text())
    }

    /// Writes one result line (or block) to standard output, remembering a failure.
    func output(_ text: String) {
        if !StandardStreams.printOutput(text) { outputFailed = true }
    }

    /// The exit status once the command has run: `status`, unless its output was lost, which
    /// is said on standard error (where that still works), naming the ticket it committed.
    func finish(_ status: Int32) -> Int32 {
        guard outputFailed else { return status }
        printError(committedTicket.map {
            localized("tessera queue %1$s: ticket %2$s was committed, but the result could not be written to standard output",
                      command, $0)
        } ?? localized("tessera queue %s: the result could not be written to standard output", command))
        return ExitStatus.outputLost
    }
}

/// JSON as scripts want it: sorted keys, ISO 8601 dates.
enum QueueJSON {
    static func string(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.userInfo[.instantEncoding] = InstantsAsDates()
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
