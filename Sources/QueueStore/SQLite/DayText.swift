import QueueCore

extension BusinessDay {
    /// The stored form of the day, `YYYY-MM-DD` — the same text as `description` (and as
    /// `BusinessDay`'s `Codable` form), written digit by digit. `description` builds it by
    /// string interpolation, ~2,000 instructions; an issue needs it five times (two keys, two
    /// JSON documents, the counter row).
    var storedText: String {
        guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return description }
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
}
