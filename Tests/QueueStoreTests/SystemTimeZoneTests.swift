import Foundation
import QueueCore
import QueueStoreTesting
import SystemTimeZones
import Testing
@testable import QueueStore

/// QueueCore's time-zone rules as the app and the command line supply them: tzdata through GLib.
@Suite(.offThePool) struct SystemTimeZoneTests {
    let library = SystemTimeZoneLibrary()

    /// Foundation reads the same tzdata through ICU: an independent witness for GLib's answers.
    @Test(arguments: ["Europe/London", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])
    func offsetsAgreeWithFoundation(zone: String) throws {
        let rules = try #require(library.rules(named: zone))
        let witness = try #require(TimeZone(identifier: zone))
        // Every 5 days over 2026-2028 and into 2040, past the last transition tzdata lists.
        for seconds in stride(from: Int64(1_767_225_600), to: 2_240_000_000, by: 432_000) {
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(rules.utcOffset(atUnixSeconds: seconds) == witness.secondsFromGMT(for: date), "\(zone) \(date)")
        }
    }

    /// Only zone names: GLib would also read a file path or a POSIX TZ rule, which a stored
    /// configuration must not come to depend on.
    @Test func onlyZoneNamesAreKnown() {
        for name in ["Mars/Olympus", "", "/usr/share/zoneinfo/Europe/London", "Europe/../Europe/London",
                     "EST5EDT,M3.2.0,M11.1.0", "Europe/London\n"] {
            #expect(library.rules(named: name) == nil, "\(name)")
            #expect(StoreTimeZone(identifier: name) == nil, "\(name)")
        }
        #expect(StoreTimeZone(identifier: "Europe/London")?.identifier == "Europe/London")
    }

    /// Without a library a decoder knows only UTC; with the store's, any tzdata zone.
    @Test func storedZonesNeedTheLibrary() throws {
        var configuration = StoreConfiguration.demo(timeZone: .utc)
        let utc = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(StoreConfiguration.self, from: utc).timeZone == .utc)
        configuration.timeZone = try #require(StoreTimeZone(identifier: "Europe/London"))
        let london = try JSONEncoder().encode(configuration)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(StoreConfiguration.self, from: london) }
        let decoder = JSONDecoder()
        decoder.userInfo[.timeZoneLibrary] = library
        #expect(try decoder.decode(StoreConfiguration.self, from: london) == configuration)
    }

    /// A path with characters a SQLite URI gives a meaning (`?`, `#`, `%`) or not ASCII is the
    /// file SQLite creates: the escapes reach it intact.
    @Test func uriEscapesKeepTheFileName() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("a?b#c%d é.db")
        _ = try SQLiteQueueStore(location: DatabaseLocation(path: path))
        #expect(FileManager.default.fileExists(atPath: path))
        let directory = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).contains("a?b#c%d é.db"))
        #expect(try DatabaseLocation.parse("sqlite:///tmp/%C3%A9%3F.db").path == "/tmp/é?.db")
    }
}
