// Small value types that name things. Each wraps one raw value and encodes as that raw value
// (RawRepresentable's default Codable), so a store can keep them in plain columns.

/// The 1–3 letter prefix of a service (`C`, `R`, `S`); services are identified by it.
///
/// `init(rawValue:)` trusts its input (decoding, tests); use `init(validating:)` for input
/// from people or files — it enforces 1–3 uppercase ASCII letters.
public struct ServiceCode: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    CustomStringConvertible, ExpressibleByStringLiteral
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Checks the prefix rules: 1 to 3 letters, `A`–`Z` only.
    public init(validating text: String) throws(ConfigurationError) {
        try ConfigurationValidator.checkPrefix(text)
        self.rawValue = text
    }

    /// A code as a person writes it, in either case (`c` is `C`). Only `a`–`z` are raised, so
    /// `ß` is refused instead of becoming `SS`.
    public init(eitherCase text: String) throws(ConfigurationError) {
        try self.init(validating: String(String.UnicodeScalarView(text.unicodeScalars.map {
            ("a"..."z").contains($0) ? Unicode.Scalar($0.value - 32)! : $0
        })))
    }

    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A desk (counter) number as staff and the board see it, e.g. desk 3.
public struct DeskNumber: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    CustomStringConvertible, ExpressibleByIntegerLiteral
{
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { self.rawValue = value }
    public var description: String { "desk \(rawValue)" }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The identity of a ticket. Allocated by the core from `QueueState.nextTicketID`, so replaying
/// the same events always yields the same ids (a store must not invent its own).
public struct TicketID: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    CustomStringConvertible, ExpressibleByIntegerLiteral
{
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(integerLiteral value: Int64) { self.rawValue = value }
    public var description: String { "#\(rawValue)" }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The id after this one.
    public var successor: TicketID { TicketID(rawValue: rawValue + 1) }
}

/// The identity of a staff member.
public struct StaffID: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    CustomStringConvertible, ExpressibleByIntegerLiteral
{
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { self.rawValue = value }
    public var description: String { "staff \(rawValue)" }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A position in a lane, in milliseconds since 1970 (UTC). Smaller is served earlier.
///
/// Integer milliseconds so that a database can index and compare it exactly
/// (`ORDER BY ordering_key, id`) and so that weighted comparisons never depend on floating point.
public struct OrderingKey: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    CustomStringConvertible
{
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    /// The key of an instant.
    public init(_ instant: Instant) {
        self.rawValue = instant.unixMilliseconds
    }
    public var description: String { "\(rawValue)" }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    /// This key moved by a number of milliseconds (negative moves it earlier).
    public func offset(byMilliseconds delta: Int64) -> OrderingKey {
        OrderingKey(rawValue: rawValue + delta)
    }
}

/// The result staff record when they complete a ticket (`served` unless they choose another).
/// Free text so that stores can define their own outcomes; a few common ones are predefined.
public struct Outcome: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    /// The customer got what they came for.
    public static let served: Outcome = "served"
    /// The customer was sent elsewhere (another store, phone line, website).
    public static let referred: Outcome = "referred"
    /// Staff could not resolve the request.
    public static let unresolved: Outcome = "unresolved"
}
