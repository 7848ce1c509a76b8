/// A service customers can take a ticket for (Click & Collect `C`, Returns `R`, …).
/// Its stored form is written by hand (`ServiceCoding.swift`).
public struct Service: Hashable, Codable, Sendable {
    /// The prefix printed before the number (`C` in `C012`); also the service's identity.
    public var code: ServiceCode
    /// The name on the kiosk button and the board.
    public var name: String
    /// The name in other languages, by locale (`[service:C] name[cy]`): see `name(in:)`.
    public var localizedNames: [String: String]
    /// Colour of the service on screens, `#RRGGBB`.
    public var colour: String
    /// Switched by staff: a closed service issues no tickets (waiting ones can still be called).
    public var isOpen: Bool
    /// When set, tickets are issued only inside these hours (store-local wall clock).
    public var openingHours: OpeningHours?
    /// Most tickets issued per business day; nil means no cap.
    public var dailyCap: Int?
    /// Weight (1–100) applied to waiting time when a desk serving several services chooses.
    public var priorityWeight: Int
    /// Overrides the store-wide numbering for this service when set.
    public var numbering: NumberingRule?
    /// What a call of this service is taken to cost a desk, in minutes, until the service has
    /// calls to learn from (`CallCost`); nil: the store's `EstimateRule.defaultServiceTime`.
    public var expectedMinutes: Int?

    public init(
        code: ServiceCode, name: String, colour: String = "#3465A4", isOpen: Bool = true,
        openingHours: OpeningHours? = nil, dailyCap: Int? = nil, priorityWeight: Int = 1,
        numbering: NumberingRule? = nil, expectedMinutes: Int? = nil, localizedNames: [String: String] = [:]
    ) {
        self.code = code
        self.name = name
        self.localizedNames = localizedNames
        self.colour = colour
        self.isOpen = isOpen
        self.openingHours = openingHours
        self.dailyCap = dailyCap
        self.priorityWeight = priorityWeight
        self.numbering = numbering
        self.expectedMinutes = expectedMinutes
    }
}

/// Daily opening hours on the store's wall clock: `opens` inclusive, `closes` exclusive.
/// When `closes ≤ opens` the hours run past midnight (e.g. 20:00–02:00).
public struct OpeningHours: Hashable, Codable, Sendable {
    public var opens: TimeOfDay
    public var closes: TimeOfDay

    public init(opens: TimeOfDay, closes: TimeOfDay) {
        self.opens = opens
        self.closes = closes
    }

    /// Whether a wall-clock time (seconds since local midnight) falls inside these hours.
    public func contains(secondsSinceMidnight seconds: Int) -> Bool {
        let open = opens.secondsSinceMidnight
        let close = closes.secondsSinceMidnight
        if open < close { return seconds >= open && seconds < close }
        return seconds >= open || seconds < close
    }
}

/// How ticket numbers are shown: `start` … `wrapBound`, then back to `start`, zero-padded to
/// `width` digits. The defaults give `001` … `999`.
public struct NumberingRule: Hashable, Codable, Sendable {
    public var start: Int
    public var width: Int
    public var wrapBound: Int

    public init(start: Int = 1, width: Int = 3, wrapBound: Int = 999) {
        self.start = start
        self.width = width
        self.wrapBound = wrapBound
    }

    /// How many distinct display numbers exist before they repeat.
    public var cycleLength: Int { wrapBound - start + 1 }

    /// The display number for the `sequence`-th ticket of a day (sequence counts from 1).
    public func displayNumber(forSequence sequence: Int64) -> Int {
        start + Int((sequence - 1) % Int64(cycleLength))
    }

    /// `prefix` followed by the number zero-padded to `width` (`C012`).
    public func code(prefix: ServiceCode, number: Int) -> String {
        let digits = String(number)
        return prefix.rawValue + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
