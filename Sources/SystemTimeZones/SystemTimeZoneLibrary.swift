import CGLib
import QueueCore

/// The system's time-zone database (tzdata, /usr/share/zoneinfo) read through GLib's
/// `GTimeZone`: GLib is in the process anyway (GTK links it), already reads TZif files and
/// their POSIX rules for years past the last listed transition, and caches each zone it loads.
public struct SystemTimeZoneLibrary: TimeZoneLibrary {
    public init() {}

    /// The zone named `identifier` (`Europe/London`, `UTC`); nil for anything else, including
    /// what GLib would also take but is not a zone name: a file path or a POSIX TZ rule
    /// (`EST5EDT,M3.2.0,M11.1.0`), which a store configuration must not depend on.
    public func rules(named identifier: String) -> (any TimeZoneRules)? {
        guard Self.isZoneName(identifier), let zone = g_time_zone_new_identifier(identifier) else { return nil }
        return GLibZoneRules(zone)
    }

    /// The zone of this machine's wall clock (`TZ`, else /etc/localtime); UTC if it has no name.
    public var current: StoreTimeZone {
        guard let local = g_time_zone_new_local() else { return .utc }
        defer { g_time_zone_unref(local) }
        let name = String(cString: g_time_zone_get_identifier(local))
        return StoreTimeZone(identifier: name, in: self) ?? .utc
    }

    /// Area/Location names as tzdata spells them, plus the single words (UTC, GMT…).
    private static func isZoneName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first != "/", !text.contains(".."), text.utf8.count <= 64 else {
            return false
        }
        guard ("A"..."Z").contains(first) || ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/_+-".unicodeScalars.contains(scalar))
        } && !text.contains(",")
    }
}

/// One `GTimeZone`. Immutable once made, and GLib documents `GTimeZone` as safe to use from
/// any thread, which is what makes the unchecked `Sendable` true.
private final class GLibZoneRules: TimeZoneRules, @unchecked Sendable {
    private let zone: OpaquePointer

    init(_ zone: OpaquePointer) { self.zone = zone }

    deinit { g_time_zone_unref(zone) }

    func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int {
        Int(g_time_zone_get_offset(zone, g_time_zone_find_interval(zone, G_TIME_TYPE_UNIVERSAL, gint64(unixSeconds))))
    }
}
