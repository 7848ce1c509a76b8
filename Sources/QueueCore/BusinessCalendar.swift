/// Maps instants to business days: the store's time zone plus the time the business day starts.
///
/// Rule: the business day of an instant `t` is the latest date `d` whose start instant
/// `start(d) ≤ t`. `start(d)` is the first instant at which the local wall clock on date `d`
/// reads the configured start time:
/// - when that wall time does not exist (spring forward, e.g. 01:30 on 2027-03-28 in
///   Europe/London), the day starts at the moment the clock jumps over it (01:00 UTC);
/// - when it exists twice (fall back, e.g. 01:30 on 2027-10-31), the day starts at the
///   *first* occurrence (00:30 UTC), and the repeated hour stays in the new day.
/// Comparing instants, never wall times, is what keeps the mapping monotonic across DST:
/// time never runs "back" into the previous business day.
public struct BusinessCalendar: Sendable, Equatable {
    public var timeZone: StoreTimeZone
    public var dayStart: TimeOfDay

    public init(timeZone: StoreTimeZone, dayStart: TimeOfDay) {
        self.timeZone = timeZone
        self.dayStart = dayStart
    }

    /// The business day that `date` belongs to.
    public func businessDay(containing instant: Instant) -> BusinessDay {
        let local = localDate(of: instant)
        return instant >= start(of: local) ? local : local.previous
    }

    /// The instant the business day `day` begins (see the type's rule for DST gaps and overlaps).
    public func start(of day: BusinessDay) -> Instant {
        Instant(unixSeconds: Int64(firstInstant(onOrAfterWallSeconds:
            day.daysSinceEpoch * 86_400 + dayStart.secondsSinceMidnight)))
    }

    /// The calendar date shown by a wall clock in the store's time zone at `instant`.
    public func localDate(of instant: Instant) -> BusinessDay {
        BusinessDay(daysSinceEpoch: floorDivide(wallSeconds(of: Int(instant.unixSeconds)), 86_400))
    }

    /// Seconds since local midnight on the store's wall clock at `instant` (0 ..< 86 400).
    public func localSecondsSinceMidnight(of instant: Instant) -> Int {
        let wall = wallSeconds(of: Int(instant.unixSeconds))
        return wall - floorDivide(wall, 86_400) * 86_400
    }

    /// Wall-clock seconds ("local time as if it were UTC") at the UTC second `utc`.
    func wallSeconds(of utc: Int) -> Int { utc + offset(at: utc) }

    /// The earliest UTC second whose wall clock reads `wall`, or — in a gap — the first second
    /// whose wall clock is later than `wall`.
    private func firstInstant(onOrAfterWallSeconds wall: Int) -> Int {
        // The offsets in force a day either side cover every transition near `wall`
        // (time zones change offset at most once within a few hours).
        let before = offset(at: wall - 86_400), now = offset(at: wall), after = offset(at: wall + 86_400)
        // Almost always no transition is near: one offset, one candidate, nothing to allocate
        // (every ticket command asks for its business day).
        if before == now, now == after, wallSeconds(of: wall - now) == wall { return wall - now }
        let offsets = Set([before, now, after])
        let exact = offsets.map { wall - $0 }.filter { wallSeconds(of: $0) == wall }
        if let first = exact.min() { return first }
        // A gap: the wall clock jumps over `wall` somewhere between these instants.
        // Search for the first instant whose wall clock has passed it (monotonic here).
        var low = wall - (offsets.max() ?? 0)  // wall clock still before `wall`
        var high = wall - (offsets.min() ?? 0)  // wall clock already after `wall`
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if wallSeconds(of: middle) >= wall { high = middle } else { low = middle }
        }
        return high
    }

    private func offset(at utcSeconds: Int) -> Int { timeZone.rules.utcOffset(atUnixSeconds: Int64(utcSeconds)) }
}

/// Division rounding towards negative infinity (Swift's `/` rounds towards zero).
func floorDivide(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
