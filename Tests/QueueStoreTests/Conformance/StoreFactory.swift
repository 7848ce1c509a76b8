import Foundation
import QueueStoreTesting
import Testing
import QueueCore
import QueueStore

/// Makes stores for the conformance suite. `make()` returns a fresh, empty store seeded with
/// `StoreFactory.configuration` and desks 1–3 (open, serving every service); `reopen` gives
/// another independent handle on the same data (a new connection, as another process would).
struct StoreFactory: Sendable, CustomTestStringConvertible {
    struct Handle {
        let store: any QueueStore
        let reopen: () throws -> any QueueStore
        /// Keeps scratch files alive as long as the handle.
        let keepAlive: AnyObject?
        /// Where the data lives, for tests that read the rows or files themselves.
        var database: TestDatabase? = nil
    }

    enum TestDatabase {
        case sqlite(DatabaseLocation, directory: URL)
        case postgres(url: String)
    }

    let name: String
    let make: @Sendable () throws -> Handle

    var testDescription: String { name }

    /// A fixed store in UTC, so business days in tests do not depend on the machine.
    static let configuration = StoreConfiguration.demo(timeZone: TimeZone(identifier: "UTC")!)

    /// How the SQLite stores of these tests are opened.
    static var sqliteOptions: StoreOptions {
        var options = StoreOptions()
        options.seed = StoreSetup(configuration: configuration, deskCount: 3)
        options.pollInterval = .milliseconds(50)
        return options
    }

    /// The stores every conformance test runs on: SQLite, and PostgreSQL when the test
    /// cluster runs (always under CI).
    static let all: [StoreFactory] = PostgresTestServer.isEnabled ? [sqlite, postgres] : [sqlite]

    static let postgres = StoreFactory(name: "PostgreSQL") {
        let url = try PostgresTestServer.freshDatabase()
        let options = sqliteOptions
        let store = try openStore(url: url, options: options)
        return Handle(store: store, reopen: { try openStore(url: url, options: options) }, keepAlive: nil,
                      database: .postgres(url: url))
    }

    static let sqlite = StoreFactory(name: "SQLite") {
        let scratch = ScratchDirectory()
        let options = sqliteOptions
        let location = scratch.location()
        let store = try SQLiteQueueStore(location: location, options: options)
        return Handle(store: store, reopen: { try SQLiteQueueStore(location: location, options: options) },
                      keepAlive: scratch, database: .sqlite(location, directory: scratch.url))
    }
}

/// Times inside one business day (UTC, the day starts at 04:00).
enum Clock {
    static let day = BusinessDay(year: 2026, month: 3, day: 2)
    static let morning = Date(timeIntervalSince1970: 1_772_445_600)  // 2026-03-02 10:00:00 UTC

    static func at(_ seconds: TimeInterval) -> Date { morning.addingTimeInterval(seconds) }
}
