/// Everything a store sets once and changes rarely. Changed through `Command.configure`,
/// which validates it (`ConfigurationValidator`) and records a `storeConfigured` event.
public struct StoreConfiguration: Hashable, Codable, Sendable {
    public var storeName: String
    /// The store's name in other languages, by locale (`[store] name[cy]`): see `storeName(in:)`.
    public var localizedStoreNames: [String: String]
    /// The store's time zone; business days and opening hours follow its wall clock.
    public var timeZone: StoreTimeZone
    /// When a business day begins on the wall clock (e.g. 04:00): earlier belongs to the day before.
    public var businessDayStart: TimeOfDay
    /// What happens to waiting and parked tickets when the business day changes.
    public var carryOver: CarryOverPolicy
    /// Store-wide ticket numbering (a service may override it).
    public var numbering: NumberingRule
    public var fairness: FairnessRule
    public var estimates: EstimateRule
    /// The services, by code.
    public var services: [ServiceCode: Service]
    /// Which services and desks the configuration file (or the built-in setup) defined when it
    /// was last applied: at the next start, one it defined and no longer does is removed, one it
    /// never defined (added from the command line or an administrator's page) is kept. Nil in
    /// stores configured before this was recorded: everything they hold counts as the file's.
    public var definedByFile: FileDefinitions?

    public init(
        storeName: String = "Tessera", timeZone: StoreTimeZone = .utc,
        businessDayStart: TimeOfDay = TimeOfDay(hour: 4), carryOver: CarryOverPolicy = .closeWaiting,
        numbering: NumberingRule = NumberingRule(), fairness: FairnessRule = FairnessRule(),
        estimates: EstimateRule = EstimateRule(), services: [Service] = [],
        localizedStoreNames: [String: String] = [:]
    ) {
        self.storeName = storeName
        self.localizedStoreNames = localizedStoreNames
        self.timeZone = timeZone
        self.businessDayStart = businessDayStart
        self.carryOver = carryOver
        self.numbering = numbering
        self.fairness = fairness
        self.estimates = estimates
        self.services = Dictionary(services.map { ($0.code, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The built-in defaults: Click & Collect `C`, Returns `R`, Customer Service `S`.
    public static func demo(timeZone: StoreTimeZone) -> StoreConfiguration {
        StoreConfiguration(timeZone: timeZone, services: [
            Service(code: "C", name: "Click & Collect", colour: "#2E7D32", priorityWeight: 2),
            Service(code: "R", name: "Returns", colour: "#1565C0"),
            Service(code: "S", name: "Customer Service", colour: "#6A1B9A"),
        ])
    }

    /// The calendar that turns instants into business days for this store.
    public var calendar: BusinessCalendar {
        BusinessCalendar(timeZone: timeZone, dayStart: businessDayStart)
    }

    /// The numbering in force for a service (its own, or the store's).
    public func numbering(for service: ServiceCode) -> NumberingRule {
        services[service]?.numbering ?? numbering
    }
}

/// The services and desks a configuration file defines (see `StoreConfiguration.definedByFile`).
public struct FileDefinitions: Hashable, Codable, Sendable {
    public var services: Set<ServiceCode>
    public var desks: Set<DeskNumber>

    public init(services: Set<ServiceCode>, desks: Set<DeskNumber>) {
        self.services = services
        self.desks = desks
    }
}

/// What the business-day change does with tickets still waiting (or parked) from earlier days.
/// Called and serving tickets are never touched: staff finish them.
public enum CarryOverPolicy: String, Hashable, Codable, Sendable, CaseIterable {
    /// Close them (state `closedAtDayEnd`, one recorded event each).
    case closeWaiting
    /// Keep them open with their code and place (a `ticketCarriedOver` event each).
    case carryOver
}

/// Parameters of the priority fairness rule (the rule itself is documented on `CallOrdering`).
public struct FairnessRule: Hashable, Codable, Sendable {
    /// A priority ticket counts as if issued this many seconds earlier (stored as whole milliseconds).
    public var priorityHeadStart: Double
    /// K: a normal ticket is overtaken by at most this many priority tickets.
    public var maxOvertakes: Int

    public init(priorityHeadStart: Double = 600, maxOvertakes: Int = 3) {
        self.priorityHeadStart = priorityHeadStart
        self.maxOvertakes = maxOvertakes
    }

    /// The head start in whole milliseconds.
    public var headStartMilliseconds: Int64 { Int64((priorityHeadStart * 1000).rounded()) }
}

/// Parameters of the wait estimate (see `WaitForecast` and `CallCost`).
public struct EstimateRule: Hashable, Codable, Sendable {
    /// How many of a service's recent calls its time per call is learned from (`CallCost.learned`).
    public var sampleSize: Int
    /// What a call is taken to cost before a service has any history, in seconds.
    public var defaultServiceTime: Double

    public init(sampleSize: Int = 50, defaultServiceTime: Double = 240) {
        self.sampleSize = sampleSize
        self.defaultServiceTime = defaultServiceTime
    }
}
