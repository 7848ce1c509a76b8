import QueueCore

/// The figures of one simulation: how Tessera's quotes and the oracle's compare with the waits
/// that followed, over the customers who had to wait (every desk serving their service was
/// busy when they came), outside the warm-up, and were there when called.
public struct SimulationResult: Sendable {
    public var name: String
    public var days: Int
    public var tickets: Int
    /// Customers who left before they were called.
    public var left: Int
    /// Customers told the wait was unknown (no desk served their service).
    public var unknown: Int
    public var tessera: QuoteAccuracy
    public var oracle: QuoteAccuracy

    /// Tessera's mean squared error over the oracle's: 1 is as good as can be.
    public var meanSquaredErrorRatio: Double { oracle.meanSquaredError > 0 ? tessera.meanSquaredError / oracle.meanSquaredError : 1 }

    init(plan: DayPlan, customers: [Customer]) {
        name = plan.name
        days = plan.days
        tickets = customers.count
        left = customers.count { customer in customer.calledAt.map { customer.isGone(at: $0) } ?? false }
        unknown = customers.count { $0.ticket != nil && $0.quote == nil }
        var ours: [QuoteAccuracy.Pair] = []
        var best: [QuoteAccuracy.Pair] = []
        for customer in customers where !customer.inWarmUp && customer.foundEveryDeskBusy {
            guard let calledAt = customer.calledAt, !customer.isGone(at: calledAt),
                  let quote = customer.quote, let oracle = customer.oracle else { continue }
            let waited = calledAt - customer.arrival
            ours.append(QuoteAccuracy.Pair(quoted: quote, waited: waited))
            best.append(QuoteAccuracy.Pair(quoted: oracle, waited: waited))
        }
        tessera = QuoteAccuracy(ours)
        oracle = QuoteAccuracy(best)
    }
}
