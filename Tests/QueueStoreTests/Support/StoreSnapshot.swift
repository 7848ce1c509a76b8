import Foundation
import QueueCore
@testable import QueueStore

/// Everything a store reads back from a file, as text that does not depend on how the file
/// stores it: the configuration, desks, every ticket and event, the counters, both reports
/// and the status. The format upgrade test compares the text read from an upgraded file with
/// the text the format-1 build read from the same file before the upgrade.
///
/// Values are written field by field through `Mirror`, with dictionaries sorted, instants as
/// Unix milliseconds and time zones by name, so that the text depends only on the values.
enum StoreSnapshot {
    static func text(of store: SQLiteQueueStore, days: [BusinessDay], statusAt time: Date) throws -> String {
        var lines = ["configuration " + canonical(try store.configuration())]
        lines += try store.desks().map { "desk " + canonical($0) }
        lines += try store.tickets(TicketFilter()).sorted { $0.id < $1.id }.map { "ticket " + canonical($0) }
        lines += try store.events(after: .none, limit: 10_000).map { "event \($0.id.rawValue) " + canonical($0.event) }
        lines.append("last event \(try store.lastEventID().rawValue)")
        let connection = try SQLiteConnection(location: store.location, create: false)
        lines += try connection.query("""
            SELECT business_day, service, next_sequence, issued, recent_priority_arrivals FROM counters
            ORDER BY business_day, service
            """) { "counter \($0.text(0)) \($0.text(1)) next \($0.int64(2)) issued \($0.int64(3)) recent [\($0.text(4))]" }
        lines += try days.map { "report \($0) " + canonical(try store.report(for: $0)) }
        lines.append("status " + canonical(try store.status(at: time)))
        return lines.joined(separator: "\n") + "\n"
    }

    static func canonical(_ value: Any) -> String {
        switch value {
        case let date as Date: return "@\(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))ms"
        case let instant as Instant: return "@\(instant.unixMilliseconds)ms"
        case let zone as StoreTimeZone: return "TimeZone(\(zone.identifier))"
        case let text as String: return String(reflecting: text)
        case let number as any BinaryInteger: return "\(number)"
        case let number as Double: return "\(number)"
        case let flag as Bool: return "\(flag)"
        default: break
        }
        let mirror = Mirror(reflecting: value)
        let children = Array(mirror.children)
        switch mirror.displayStyle {
        case .optional:
            return children.first.map { canonical($0.value) } ?? "nil"
        case .dictionary:
            let pairs = children.map { pair -> (String, String) in
                let parts = Array(Mirror(reflecting: pair.value).children)
                return (canonical(parts[0].value), canonical(parts[1].value))
            }
            return "[" + pairs.sorted { $0.0 < $1.0 }.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "]"
        case .set:
            return "{" + children.map { canonical($0.value) }.sorted().joined(separator: ", ") + "}"
        case .collection:
            return "[" + children.map { canonical($0.value) }.joined(separator: ", ") + "]"
        case .enum:
            guard let payload = children.first else { return "\(value)" }
            return "\(payload.label ?? "?") \(canonical(payload.value))"
        default:
            // Recorded only by builds newer than the snapshot's: nil there is what it read.
            let fields = children.filter { !($0.label == "definedByFile" && canonical($0.value) == "nil") }
                .map { ($0.label.map { "\($0): " } ?? "") + canonical($0.value) }
            let name = mirror.displayStyle == .tuple ? "" : "\(mirror.subjectType)"
            return name + "(" + fields.joined(separator: ", ") + ")"
        }
    }
}
