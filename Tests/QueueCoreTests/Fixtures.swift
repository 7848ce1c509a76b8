import Foundation
import QueueCore
import SystemTimeZones

/// An instant given as a UTC wall-clock time (no Calendar, so tests do not depend on it).
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0)
    -> Instant
{
    let days = BusinessDay(year: year, month: month, day: day).daysSinceEpoch
    return Instant(unixSeconds: Int64(days * 86_400 + hour * 3600 + minute * 60 + second))
}

extension Instant {
    /// This instant `seconds` later, to the millisecond.
    func addingSeconds(_ seconds: Double) -> Instant {
        advanced(byMilliseconds: Int64((seconds * 1000).rounded(.down)))
    }

    /// Seconds from `earlier` to this instant.
    func seconds(since earlier: Instant) -> Double { Double(milliseconds(since: earlier)) / 1000 }
}

/// The real rules, from the system's tzdata (the same library the app and the command line use).
let zones = SystemTimeZoneLibrary()
let london = StoreTimeZone(identifier: "Europe/London", in: zones)!

/// A decoder that resolves stored zone names, as the store's does.
func storedFormDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.userInfo[.timeZoneLibrary] = zones
    return decoder
}

/// The test store: Europe/London, day starts 04:00, services C (weight 2), R and S,
/// head start 10 minutes, K = 2.
func testConfiguration(carryOver: CarryOverPolicy = .closeWaiting) -> StoreConfiguration {
    StoreConfiguration(
        storeName: "Test store", timeZone: london, businessDayStart: TimeOfDay(hour: 4),
        carryOver: carryOver, fairness: FairnessRule(priorityHeadStart: 600, maxOvertakes: 2),
        services: [
            Service(code: "C", name: "Click & Collect", colour: "#2E7D32", priorityWeight: 2),
            Service(code: "R", name: "Returns", colour: "#1565C0"),
            Service(code: "S", name: "Customer Service", colour: "#6A1B9A"),
        ])
}

/// Drives the queue the way a store does: decide, then evolve, keeping every event.
struct Harness {
    var state = QueueState()
    var events: [Event] = []
    /// The time of the next command; each command moves it on by `step` seconds.
    var clock: Instant
    var step: Double = 1

    /// A configured store: desks 1 (C, R), 2 (C, S) and 3 (C, R, S), all open with staff 1;
    /// staff 1 (clerk) and 2 (supervisor); the business day of `start` begun.
    init(
        configuration: StoreConfiguration = testConfiguration(), start: Instant = utc(2027, 6, 1, 8),
        openDesks: [DeskNumber] = [1, 2, 3]
    ) {
        clock = start
        mustRun(.configure(configuration))
        mustRun(.registerStaff(StaffMember(id: 1, name: "Ada")))
        mustRun(.registerStaff(StaffMember(id: 2, name: "Grace", role: .supervisor)))
        mustRun(.setDesk(Desk(number: 1, name: "Desk 1", services: ["C", "R"])))
        mustRun(.setDesk(Desk(number: 2, name: "Desk 2", services: ["C", "S"])))
        mustRun(.setDesk(Desk(number: 3, name: "Desk 3", services: ["C", "R", "S"])))
        for desk in openDesks { mustRun(.openDesk(desk, staff: 1)) }
        mustRun(.changeDay)
    }

    /// Decides and applies a command at the clock (or at `time`), then advances the clock.
    @discardableResult
    mutating func run(_ command: Command, at time: Instant? = nil) throws(QueueError) -> [Event] {
        let now = time ?? clock
        let produced = try decide(command, state: state, at: now)
        for event in produced { evolve(&state, with: event) }
        events += produced
        clock = now.addingSeconds(step)
        return produced
    }

    /// `run`, for commands the test expects to succeed.
    @discardableResult
    mutating func mustRun(_ command: Command, at time: Instant? = nil) -> [Event] {
        do {
            return try run(command, at: time)
        } catch {
            preconditionFailure("fixture command \(command) refused: \(error)")
        }
    }

    /// Issues a ticket and returns it.
    mutating func issue(_ service: ServiceCode, _ priority: PriorityClass = .normal, at time: Instant? = nil)
        throws(QueueError) -> Ticket
    {
        let produced = try run(.issue(service: service, priority: priority), at: time)
        return state.tickets[produced[0].ticket!]!
    }

    /// Calls next at a desk and returns the called ticket.
    mutating func call(_ desk: DeskNumber, service: ServiceCode? = nil, at time: Instant? = nil)
        throws(QueueError) -> Ticket
    {
        let produced = try run(.callNext(desk: desk, service: service), at: time)
        return state.tickets[produced[0].ticket!]!
    }

    /// Calls next at a desk, serves and completes it (freeing the desk); returns its code.
    mutating func serveNext(_ desk: DeskNumber, service: ServiceCode? = nil, at time: Instant? = nil)
        throws(QueueError) -> String
    {
        let ticket = try call(desk, service: service, at: time)
        try run(.start(ticket: ticket.id))
        try run(.complete(ticket: ticket.id))
        return ticket.code
    }
}

/// A seeded PRNG (SplitMix64): fast, tiny, and the same sequence on every platform.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The seed for a property test: `QUEUECORE_SEED` from the environment if set (to reproduce a
/// failure), otherwise the fixed default.
func propertySeed(default value: UInt64) -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["QUEUECORE_SEED"], let seed = UInt64(text) {
        return seed
    }
    return value
}
