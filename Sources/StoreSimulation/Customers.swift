import QueueCore

/// One simulated customer, drawn before the day runs (so what the store does cannot change
/// who comes), and what happened to them.
struct Customer {
    let service: ServiceCode
    /// Unix milliseconds.
    let arrival: Int64
    /// How long the customer takes at a desk, in milliseconds.
    let serviceTime: Int64
    /// When the customer gives up and leaves (Unix milliseconds); nil: never.
    let leavesAt: Int64?
    /// Issued in the day's warm-up: not scored.
    let inWarmUp: Bool

    var ticket: TicketID?
    /// Tessera's promise (the stored quote) and the oracle's, in milliseconds.
    var quote: Int64?
    var oracle: Int64?
    /// Every desk that serves the service was busy at arrival: the customer had to wait.
    var foundEveryDeskBusy = false
    var calledAt: Int64?

    /// Gone by `time`: found only when called.
    func isGone(at time: Int64) -> Bool { leavesAt.map { $0 <= time } ?? false }
}

extension DayPlan {
    /// The customers of the day starting at `midnight` (Unix milliseconds), by arrival: each
    /// service's Poisson arrivals hour by hour, with their service times and patience.
    func customers(midnight: Int64, random: inout RandomSource) -> [Customer] {
        var customers: [Customer] = []
        let minute = 60_000.0
        let opening = midnight + Int64(opens) * 60_000
        let warmUpEnds = opening + Int64(warmUpHours * 60 * minute)
        for service in services {
            for (hour, rate) in service.arrivalsPerHour.enumerated() where rate > 0 {
                let start = Double(opening) + Double(hour) * 60 * minute
                var time = start + random.exponential(mean: 60 * minute / rate)
                while time < start + 60 * minute {
                    let arrival = Int64(time)
                    let length: Double = switch service.serviceTime {
                    case .exponential(let mean): random.exponential(mean: mean * minute)
                    case .lognormal(let mean, let variation): random.lognormal(mean: mean * minute, variation: variation)
                    }
                    let patience = service.patienceMinutes.map { random.exponential(mean: $0 * minute) }
                    customers.append(Customer(service: service.code, arrival: arrival, serviceTime: max(1_000, Int64(length)),
                                              leavesAt: patience.map { arrival + Int64($0) }, inWarmUp: arrival < warmUpEnds))
                    time += random.exponential(mean: 60 * minute / rate)
                }
            }
        }
        return customers.enumerated().sorted { ($0.element.arrival, $0.offset) < ($1.element.arrival, $1.offset) }.map(\.element)
    }
}

/// What happens next in the simulated store, soonest first (ties in the order they were planned).
struct Agenda {
    enum Happening {
        case arrival(Int)
        case deskFree(Int)
        case signIn(Int)
        case signOut(Int, whenNobodyWaits: Bool)
    }

    private var heap: [(time: Int64, order: Int, happening: Happening)] = []
    private var planned = 0

    mutating func plan(_ happening: Happening, at time: Int64) {
        planned += 1
        heap.append((time, planned, happening))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func next() -> (time: Int64, happening: Happening)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, Self.before(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.before(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return (first.time, first.happening)
    }

    private static func before(_ a: (time: Int64, order: Int, happening: Happening),
                               _ b: (time: Int64, order: Int, happening: Happening)) -> Bool {
        (a.time, a.order) < (b.time, b.order)
    }
}
