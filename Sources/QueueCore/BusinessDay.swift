/// A business day: a calendar date in the store's time zone (`2027-03-28`).
///
/// Which business day an instant belongs to is decided by `BusinessCalendar` (time zone plus
/// start time); this type is only the date. It encodes as the string `YYYY-MM-DD` so a store can
/// keep it in a text column that sorts correctly.
public struct BusinessDay: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`; nil if the text is not a real date.
    /// Read byte by byte: every stored ticket row has one, and splitting the text was a
    /// measurable part of reading a row (Benchmarks/README.md, "Figures behind source comments").
    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ bytes -> (Int, Int, Int)? in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            return (year, month, day)
        }) else { return nil }
        let candidate = BusinessDay(year: parsed.0, month: parsed.1, day: parsed.2)
        // Round-tripping through the day count rejects 2027-02-30 and friends.
        guard BusinessDay(daysSinceEpoch: candidate.daysSinceEpoch) == candidate else { return nil }
        self = candidate
    }

    /// The date `days` days after 1970-01-01 (proleptic Gregorian calendar).
    public init(daysSinceEpoch days: Int) {
        // Civil-from-days (H. Hinnant's algorithm): exact integer arithmetic, no Calendar needed.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The following calendar date.
    public var next: BusinessDay { BusinessDay(daysSinceEpoch: daysSinceEpoch + 1) }
    /// The preceding calendar date.
    public var previous: BusinessDay { BusinessDay(daysSinceEpoch: daysSinceEpoch - 1) }

    /// `YYYY-MM-DD`, also the stored form. Written digit by digit into a 10-byte string: a
    /// stored issue needs the text five times, and string interpolation each time was measurable
    /// on the issue path (Benchmarks/README.md, "Figures behind source comments").
    public var description: String {
        guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else {
            let y = String(year)
            let m = month < 10 ? "0\(month)" : "\(month)"
            let d = day < 10 ? "0\(day)" : "\(day)"
            return "\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(m)-\(d)"
        }
        return String(unsafeUninitializedCapacity: 10) { text in
            func digits(_ value: Int, _ count: Int, at offset: Int) {
                var rest = value
                for index in (offset..<offset + count).reversed() {
                    text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            digits(year, 4, at: 0)
            text[4] = UInt8(ascii: "-")
            digits(month, 2, at: 5)
            text[7] = UInt8(ascii: "-")
            digits(day, 2, at: 8)
            return 10
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = BusinessDay(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a date in YYYY-MM-DD form: \(text)")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A wall-clock time of day (hours and minutes), e.g. the business-day start 04:00.
public struct TimeOfDay: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int = 0) {
        self.hour = hour
        self.minute = minute
    }

    /// Seconds after local midnight.
    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 }

    /// True when 00:00 ≤ self ≤ 23:59.
    public var isValid: Bool { (0..<24).contains(hour) && (0..<60).contains(minute) }

    public var description: String {
        (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }
}
