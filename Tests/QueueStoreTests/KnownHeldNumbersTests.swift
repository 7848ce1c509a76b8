import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// A store keeps each service's held display numbers between its commands (instead of
/// reading every open number again on each issue). They must stay exactly the file's, whatever
/// this handle or another one does, or a number could be given to two open tickets.
@Suite(.offThePool) struct KnownHeldNumbersTests {
    /// Six numbers per service, so that numbering wraps and skips held numbers all the time.
    private static func options() -> StoreOptions {
        var configuration = StoreConfiguration.demo(timeZone: TimeZone(identifier: "UTC")!)
        configuration.numbering = NumberingRule(start: 1, width: 1, wrapBound: 6)
        var options = StoreOptions()
        options.seed = StoreSetup(configuration: configuration, deskCount: 3)
        return options
    }

    /// A deterministic pseudo-random sequence (the same every run).
    private struct Dice {
        var state: UInt64
        mutating func roll(_ sides: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(sides))
        }
    }

    private static func openNumbers(_ connection: SQLiteConnection, _ service: ServiceCode) throws -> [Int] {
        try connection.query("SELECT number FROM tickets WHERE issued_service = ?1 AND state IN \(SliceLoader.openStates)",
                             [.text(service.rawValue)]) { Int($0.int64(0)) }
    }

    @Test func heldNumbersFollowEveryCommandOfEitherHandle() throws {
        let scratch = ScratchDirectory()
        let handles = [try SQLiteQueueStore(location: scratch.location(), options: Self.options()),
                       try SQLiteQueueStore(location: scratch.location(), options: Self.options())]
        let file = try SQLiteConnection(location: scratch.location())
        var dice = Dice(state: 7)
        var time = Date(timeIntervalSince1970: 1_772_445_600)  // 2026-03-02 10:00 UTC
        var issued = 0, refused = 0, wrapped = 0, compared = 0
        for step in 0..<400 {
            time += 1
            let store = handles[dice.roll(4) == 0 ? 1 : 0]  // mostly one handle, as one kiosk would
            let open = try store.tickets(TicketFilter()).filter(\.isOpen)
            let pick = open.isEmpty ? nil : open[dice.roll(open.count)]
            let command: Command
            switch (dice.roll(8), pick) {
            case (0...2, _), (_, nil): command = .issue(service: dice.roll(2) == 0 ? "C" : "R")
            case (4, _): command = .callNext(desk: DeskNumber(rawValue: 1 + dice.roll(3)))
            case (5, let ticket?): command = ticket.state == .waiting ? .cancel(ticket: ticket.id) : .complete(ticket: ticket.id)
            case (6, let ticket?): command = .noShow(ticket: ticket.id)
            case (_, let ticket?): command = .cancel(ticket: ticket.id)
            }
            do {
                let result = try store.perform(command, at: time)
                if case .issue = command, let ticket = result.ticket {
                    issued += 1
                    if ticket.sequence > 6 { wrapped += 1 }
                }
            } catch {
                guard case .refused = error else { throw error }
                refused += 1
            }
            for service: ServiceCode in ["C", "R"] {
                let numbers = try Self.openNumbers(file, service)
                #expect(Set(numbers).count == numbers.count, "step \(step): \(service) numbers held twice: \(numbers.sorted())")
                // The acting handle's own numbers are current right after its commit.
                if let known = store.knownHeldNumbers()[service] {
                    #expect(known == Set(numbers), "step \(step) after \(command): known \(known.sorted()), file \(numbers.sorted())")
                    compared += 1
                }
            }
        }
        // The run did what it is for: many issues, through wrapping, some refused (a full
        // service, an empty queue), and the kept numbers checked after most commands.
        #expect(issued > 100 && wrapped > 50 && refused > 0 && compared > 200,
                "issued \(issued), wrapped \(wrapped), refused \(refused), compared \(compared)")
    }
}
