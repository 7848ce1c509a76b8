import Foundation
import QueueCore
import QueueStore
import Synchronization

/// Desks and kiosks as threads, each with its own store handle (its own connection, as a
/// terminal has): every desk calls next (then marks a no-show) until it has called its share;
/// two kiosks issue, round the three services, keeping at most a few dozen waiting.
struct Workload: Sendable {
    let url: String
    let callsPerDesk: Int
    let desks: Int

    struct Call: Sendable { let ticket: TicketID; let desk: DeskNumber }

    struct Outcome {
        var issued: [Ticket] = []
        var called: [Call] = []
        var errors: [String] = []
        var restarted = false
    }

    static func options(desks: Int) -> StoreOptions {
        var options = StoreOptions()
        options.seed = StoreSetup(configuration: StoreFactory.configuration, deskCount: desks)
        options.reconnectTimeout = .seconds(30)
        return options
    }

    func open() throws -> any QueueStore { try openStore(url: url, options: Self.options(desks: desks)) }

    func run(whenHalfDone: (@Sendable () throws -> Void)? = nil) throws -> Outcome {
        let stores = try (0..<(desks + 2)).map { _ in try open() }
        let outcome = Mutex(Outcome())
        let clock = Atomic<Int>(0)
        let callsDone = Atomic<Int>(0)
        let target = desks * callsPerDesk
        @Sendable func now() -> Date { Clock.at(Double(clock.wrappingAdd(1, ordering: .relaxed).newValue) / 1000) }
        @Sendable func failed(_ error: any Error, _ who: String) { outcome.withLock { $0.errors.append("\(who): \(error)") } }
        let group = DispatchGroup()
        for kiosk in 0..<2 {
            let store = stores[desks + kiosk]
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var service = kiosk
                while callsDone.load(ordering: .relaxed) < target {
                    let backlog = outcome.withLock { $0.issued.count } - callsDone.load(ordering: .relaxed)
                    if backlog > 40 { usleep(500); continue }
                    do {
                        let code = ServiceCode(rawValue: ["C", "R", "S"][service % 3])
                        service += 1
                        guard let ticket = try store.perform(.issue(service: code), at: now()).ticket else { continue }
                        outcome.withLock { $0.issued.append(ticket) }
                    } catch { failed(error, "kiosk \(kiosk)") }
                }
            }
        }
        for index in 0..<desks {
            let store = stores[index]
            let desk = DeskNumber(rawValue: index + 1)
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var mine = 0
                while mine < callsPerDesk {
                    do {
                        guard let ticket = try store.perform(.callNext(desk: desk), at: now()).ticket else { continue }
                        outcome.withLock { $0.called.append(Call(ticket: ticket.id, desk: desk)) }
                        mine += 1
                        callsDone.add(1, ordering: .relaxed)
                        _ = try store.perform(.noShow(ticket: ticket.id), at: now())
                    } catch StoreError.refused(.nothingWaiting) {
                        usleep(200)
                    } catch { failed(error, "desk \(desk.rawValue)"); usleep(1000) }
                }
            }
        }
        if let whenHalfDone {
            while callsDone.load(ordering: .relaxed) < target / 2 { usleep(1000) }
            do { try whenHalfDone() } catch { failed(error, "restart") }
            outcome.withLock { $0.restarted = true }
        }
        group.wait()
        return outcome.withLock { $0 }
    }
}
