import FoundationEssentials
import QueueCore
import SystemTimeZones

// The boundary between QueueCore's integer instants and the `Date` the layers above keep:
// the store's API takes and gives `Date`, QueueCore and the file see whole Unix milliseconds.

extension Instant {
    /// The instant of `date`, rounded down to the millisecond as the file keeps instants.
    public init(_ date: Date) {
        self.init(unixMilliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// The same instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(unixMilliseconds) / 1000) }
}

/// Instants as `Date`s, so an encoder's date strategy (ISO 8601 for the command line's JSON)
/// writes them: `encoder.userInfo[.instantEncoding] = InstantsAsDates()`.
public struct InstantsAsDates: InstantEncoding {
    public init() {}

    public func encode(_ instant: Instant, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(instant.date)
    }
}

extension StoreTimeZone {
    /// The zone named `identifier` in the system's tzdata; nil if there is none.
    public init?(identifier: String) {
        self.init(identifier: identifier, in: SystemTimeZoneLibrary())
    }

    /// The zone of this machine's wall clock (UTC if it has no name).
    public static var current: StoreTimeZone { SystemTimeZoneLibrary().current }

    /// The zone Foundation calls `zone`, by its name.
    public init(_ zone: TimeZone) {
        guard let known = StoreTimeZone(identifier: zone.identifier) else {
            // Foundation and GLib read the same tzdata: a name one knows, the other does too.
            preconditionFailure("tzdata has no zone \(zone.identifier)")
        }
        self = known
    }
}

extension StoreConfiguration {
    /// `demo(timeZone:)` for a Foundation zone.
    public static func demo(timeZone: TimeZone) -> StoreConfiguration { demo(timeZone: StoreTimeZone(timeZone)) }
}

extension StoreSetup {
    /// `demo(timeZone:)` for a Foundation zone.
    public static func demo(timeZone: TimeZone) -> StoreSetup { demo(timeZone: StoreTimeZone(timeZone)) }
}

extension Event {
    /// An event at a `Date` (to the millisecond).
    public init(ticket: TicketID? = nil, desk: DeskNumber? = nil, staff: StaffID? = nil, time: Date,
                details: EventDetails) {
        self.init(ticket: ticket, desk: desk, staff: staff, time: Instant(time), details: details)
    }
}
