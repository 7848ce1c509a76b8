import QueueCore

/// A store day to replay through the real store (`tessera simulate FILE`; the file's format is
/// in docs/simulation.md): when customers come for each service, how long they take, how long
/// they will wait, and which desks are staffed when.
public struct DayPlan: Hashable, Sendable {
    /// How long a service takes a desk with a customer who is there.
    public enum ServiceTime: Hashable, Sendable {
        /// Exponential with this mean (the textbook queue; the simulator's own check).
        case exponential(minutes: Double)
        /// Lognormal with this mean and coefficient of variation (shop counters: mostly short,
        /// now and then long).
        case lognormal(minutes: Double, variation: Double)

        public var meanMinutes: Double {
            switch self {
            case .exponential(let minutes), .lognormal(let minutes, _): minutes
            }
        }
    }

    public struct ServicePlan: Hashable, Sendable {
        public var code: ServiceCode
        public var name: String
        /// Customers per hour, hour by hour from opening (Poisson arrivals at that rate).
        public var arrivalsPerHour: [Double]
        public var serviceTime: ServiceTime
        /// Mean patience (exponential): a customer waiting longer leaves, and is found gone only
        /// when called. Nil: nobody leaves.
        public var patienceMinutes: Double?
    }

    public struct DeskPlan: Hashable, Sendable {
        public var number: Int
        /// The services the desk calls from, in its Call next order.
        public var services: [ServiceCode]
        /// Sign-in and sign-out, in minutes after midnight. A shift that runs to closing time or
        /// later ends once the desk finds nobody left to call.
        public var shifts: [ClosedRange<Int>]
    }

    public var name: String
    /// Opening time, minutes after midnight (store time is UTC in a simulation).
    public var opens: Int
    /// How many hours customers arrive for.
    public var hours: Int
    /// How many days are run, one after another on the same store, each with its own draw.
    public var days: Int
    public var seed: UInt64
    /// What a customer who left costs the desk that calls them, in minutes.
    public var lostMinutes: Double
    /// Tickets issued in the first hours of each day are not scored (a queue that starts empty
    /// takes a while to look like itself).
    public var warmUpHours: Double
    /// How many of a service's recent calls its time per call is learned from (`EstimateRule`).
    public var sampleSize: Int
    public var services: [ServicePlan]
    public var desks: [DeskPlan]

    /// Closing time, minutes after midnight.
    public var closes: Int { opens + hours * 60 }
}
