/// A moment in time: whole milliseconds since 1970-01-01 00:00 UTC, the unit of every stored
/// instant (docs/storage-format.md). An integer rather than Foundation's `Instant` so the core
/// needs nothing beyond the standard library and two instants compare exactly.
public struct Instant: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var unixMilliseconds: Int64

    public init(unixMilliseconds: Int64) { self.unixMilliseconds = unixMilliseconds }

    public init(unixSeconds: Int64) { self.unixMilliseconds = unixSeconds * 1000 }

    /// Whole seconds since 1970, rounded down (also before 1970).
    public var unixSeconds: Int64 {
        let (quotient, remainder) = unixMilliseconds.quotientAndRemainder(dividingBy: 1000)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// This instant moved by `milliseconds` (negative moves it earlier).
    public func advanced(byMilliseconds milliseconds: Int64) -> Instant {
        Instant(unixMilliseconds: unixMilliseconds + milliseconds)
    }

    /// This instant moved by whole seconds.
    public func advanced(bySeconds seconds: Int64) -> Instant { advanced(byMilliseconds: seconds * 1000) }

    /// Milliseconds from `earlier` to this instant (negative when `earlier` is later).
    public func milliseconds(since earlier: Instant) -> Int64 { unixMilliseconds - earlier.unixMilliseconds }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.unixMilliseconds < rhs.unixMilliseconds }

    public var description: String { "@\(unixMilliseconds)ms" }

    // Stored as the bare integer, as the `events.at` column keeps it.
    public init(from decoder: any Decoder) throws {
        unixMilliseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        if let form = encoder.userInfo[.instantEncoding] as? any InstantEncoding {
            return try form.encode(self, to: encoder)
        }
        var container = encoder.singleValueContainer()
        try container.encode(unixMilliseconds)
    }
}

/// How an encoder writes instants when not as the stored integer: a program's own output, such
/// as the command line's JSON with ISO 8601 text, which needs a calendar the core does not have.
public protocol InstantEncoding: Sendable {
    func encode(_ instant: Instant, to encoder: any Encoder) throws
}

extension CodingUserInfoKey {
    /// The `InstantEncoding` an encoder writes instants with; without one, integer milliseconds.
    public static let instantEncoding = CodingUserInfoKey(rawValue: "tessera.instantEncoding")!
}

extension KeyedEncodingContainer {
    /// `instant` (if any) as integer milliseconds when `plain`, else through `Instant.encode(to:)`
    /// and so the encoder's `InstantEncoding`. The plain path writes the integer through the
    /// container's own overload: no nested encoder per instant on the store's path.
    mutating func encode(_ instant: Instant?, forKey key: Key, plain: Bool) throws {
        guard let instant else { return }
        if plain { try encode(instant.unixMilliseconds, forKey: key) } else { try encode(instant, forKey: key) }
    }
}
