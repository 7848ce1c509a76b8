/// The rules of one time zone: how far its wall clock is ahead of UTC at any instant.
///
/// DST transitions are where this offset changes; `BusinessCalendar` finds them by asking for
/// the offset either side of a wall time, so one question is all a zone has to answer. The core
/// has no time-zone database of its own: the app and the command line supply one
/// (`TimeZoneLibrary`), read from the system's tzdata.
public protocol TimeZoneRules: Sendable {
    /// Seconds the wall clock is ahead of UTC at `unixSeconds` (negative west of Greenwich).
    func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int
}

/// Finds a zone's rules by its IANA name (`Europe/London`).
public protocol TimeZoneLibrary: Sendable {
    /// The rules of `identifier`, or nil if the system does not know that zone.
    func rules(named identifier: String) -> (any TimeZoneRules)?
}

/// A store's time zone: its IANA name, which is what is stored, and its rules.
/// Two zones are the same when their names are.
public struct StoreTimeZone: Hashable, Sendable, CustomStringConvertible {
    public let identifier: String
    public let rules: any TimeZoneRules

    public init(identifier: String, rules: any TimeZoneRules) {
        self.identifier = identifier
        self.rules = rules
    }

    /// The zone `identifier` from `library`; nil if it does not know it.
    public init?(identifier: String, in library: any TimeZoneLibrary) {
        guard let rules = library.rules(named: identifier) else { return nil }
        self.init(identifier: identifier, rules: rules)
    }

    /// Coordinated Universal Time, known without any library: the default zone.
    public static let utc = StoreTimeZone(identifier: "UTC", rules: FixedOffset(seconds: 0))

    public var description: String { identifier }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identifier == rhs.identifier }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// A zone whose offset never changes.
public struct FixedOffset: TimeZoneRules {
    public var seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    public func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int { seconds }
}

extension CodingUserInfoKey {
    /// The `TimeZoneLibrary` a decoder resolves stored zone names with. Without one only
    /// "UTC" decodes: a name the program cannot resolve must not be guessed.
    public static let timeZoneLibrary = CodingUserInfoKey(rawValue: "tessera.timeZoneLibrary")!
}
