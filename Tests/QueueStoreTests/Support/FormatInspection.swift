import Foundation
import QueueCore
import Testing
@testable import QueueStore

/// Reads a database file's rows directly and records every place where they are not format 2
/// as docs/storage-format.md describes it: the version marks, `events.at`, and JSON with
/// Swift's synthesised forms (`_0`, a nested `details`, `TimeZone`'s object, a services list
/// of alternating codes and objects, instants that are not integers).
enum FormatInspection {
    static func expectFormatTwo(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let connection = try SQLiteConnection(location: DatabaseLocation(path: path), create: false)
        func rows(_ sql: String) throws -> [String] { try connection.query(sql) { $0.text(0) } }
        // Format 3 only adds the staff credential tables: the rows checked here are format 2's.
        #expect(try Migrations.format(connection) == Migrations.latestFormat, sourceLocation: sourceLocation)
        #expect(try rows("SELECT value FROM settings WHERE key = 'format'") == ["\(Migrations.latestFormat)"],
                sourceLocation: sourceLocation)
        let atTypes = try rows("SELECT DISTINCT typeof(at) FROM events")
        #expect(atTypes.allSatisfy { $0 == "integer" }, "events.at: \(atTypes)", sourceLocation: sourceLocation)
        let atMismatch = try rows("SELECT id FROM events WHERE at IS NOT json_extract(data, '$.time')")
        #expect(atMismatch.isEmpty, "events whose at is not their time: \(atMismatch)", sourceLocation: sourceLocation)
        let untyped = try rows("SELECT id FROM events WHERE json_extract(data, '$.type') IS NOT kind")
        #expect(untyped.isEmpty, "events whose type is not their kind: \(untyped)", sourceLocation: sourceLocation)

        var documents = try rows("SELECT value FROM settings WHERE key = 'configuration'")
        documents += try rows("SELECT data FROM desks") + rows("SELECT data FROM staff")
        documents += try rows("SELECT transfers FROM tickets WHERE transfers IS NOT NULL") + rows("SELECT data FROM events")
        // Format 5: a ticket's instants and lane keys are integer columns (milliseconds since 1970).
        for column in ["issued_at", "called_at", "started_at", "finished_at", "ordering_key", "arrival_key"] {
            let types = try rows("SELECT DISTINCT typeof(\(column)) FROM tickets")
            #expect(types.allSatisfy { $0 == "integer" || $0 == "null" }, "tickets.\(column): \(types)",
                    sourceLocation: sourceLocation)
        }
        let shortInstants = try rows("SELECT id FROM tickets WHERE issued_at < 1000000000000")
        #expect(shortInstants.isEmpty, "tickets whose issue time is not milliseconds: \(shortInstants)",
                sourceLocation: sourceLocation)
        for json in documents {
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
            for problem in swiftForms(in: object, path: "") {
                Issue.record("\(problem) in \(json)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The instants' keys in every stored document.
    private static let instantKeys: Set<String> = ["time", "issuedAt", "calledAt", "startedAt", "finishedAt", "at"]

    private static func swiftForms(in value: Any, path: String) -> [String] {
        if let object = value as? [String: Any] {
            var problems: [String] = []
            for (key, child) in object {
                let here = "\(path).\(key)"
                if key == "_0" || key == "details" || key == "identifier" { problems.append("\(here): a Swift key") }
                if instantKeys.contains(key), !isInteger(child) { problems.append("\(here): not integer milliseconds") }
                if key == "timeZone", !(child is String) { problems.append("\(here): not a zone name") }
                if key == "services", object["storeName"] != nil, let list = child as? [Any],
                   !list.allSatisfy({ $0 is [String: Any] }) {
                    problems.append("\(here): not a list of services")
                }
                problems += swiftForms(in: child, path: here)
            }
            return problems
        }
        if let list = value as? [Any] {
            return list.enumerated().flatMap { swiftForms(in: $0.element, path: "\(path)[\($0.offset)]") }
        }
        return []
    }

    /// Whole milliseconds since 1970 of a moment after 2001 (format 1's seconds since 2001 are
    /// a thousand times smaller, whole or not).
    private static func isInteger(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return number.doubleValue == number.doubleValue.rounded() && number.doubleValue > 1e12
    }
}
