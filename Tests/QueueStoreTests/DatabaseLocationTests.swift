import QueueStoreTesting
import Testing
@testable import QueueStore

@Suite(.offThePool) struct DatabaseLocationTests {
    @Test func sqliteURLGivesThePath() throws {
        let location = try DatabaseLocation.parse("sqlite:///var/lib/tessera/queue.db")
        #expect(location.path == "/var/lib/tessera/queue.db")
        #expect(location.sqliteFilename == "file:/var/lib/tessera/queue.db")
    }

    @Test func uriParametersPassThrough() throws {
        let location = try DatabaseLocation.parse("sqlite:///tmp/a%20b.db?mode=ro")
        #expect(location.path == "/tmp/a b.db")
        #expect(location.sqliteFilename == "file:/tmp/a%20b.db?mode=ro")
    }

    @Test func plainPathsAreMadeAbsolute() throws {
        #expect(try DatabaseLocation.parse("/srv/q.db").path == "/srv/q.db")
        #expect(try DatabaseLocation.parse("q.db").path.hasPrefix("/"))
        #expect(try DatabaseLocation.parse("q.db").path.hasSuffix("/q.db"))
    }

    @Test func defaultFollowsXDGThenHome() throws {
        #expect(try DatabaseLocation.parse(nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).path
                == "/x/tessera/queue.db")
        #expect(try DatabaseLocation.parse(nil, environment: ["HOME": "/h"]).path
                == "/h/.local/share/tessera/queue.db")
        #expect(try DatabaseLocation.parse(nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).path
                == "/h/.local/share/tessera/queue.db")
    }

    @Test func anEmptyURLIsBadInputNotTheDefault() {
        #expect { try DatabaseLocation.parse("") } throws: { ($0 as? StoreError)?.exitCode == 2 }
    }

    @Test(arguments: ["postgresql://user@localhost:5432/tessera", "postgres://x/y", "sqlite://relative.db", "mysql://x/y"])
    func unsupportedURLsAreBadUsage(url: String) {
        #expect { try DatabaseLocation.parse(url) } throws: { ($0 as? StoreError)?.exitCode == 2 }
    }

    /// A PostgreSQL URL names a server: what needs a file says so, without the password.
    @Test func postgresURLIsNotAFile() {
        #expect { try DatabaseLocation.parse("postgresql://kiosk:s3cret@localhost/db") } throws: {
            "\($0)".contains("names a PostgreSQL server") && !"\($0)".contains("s3cret")
        }
    }

    @Test(arguments: [
        ("postgresql://kiosk:s3cret@db.shop:5432/queue?sslmode=require", "postgresql://kiosk@db.shop:5432/queue?sslmode=require"),
        ("postgres://kiosk@db/queue?password=s3cret&sslmode=verify-full", "postgres://kiosk@db/queue?sslmode=verify-full"),
        ("POSTGRESQL://db/queue", "POSTGRESQL://db/queue"),
        ("postgresql://u:p%40ss@h/d", "postgresql://u@h/d"),
    ])
    func postgresURLsAreShownWithoutPassword(url: String, shown: String) throws {
        let parsed = try #require(PostgresURL(url))
        #expect(parsed.description == shown)
        // libpq gets the URL as written, sslmode and all.
        #expect(parsed.connectionString == url)
    }

    /// A leading `//` would be a URI authority in SQLite's `file:` name; every way of giving a
    /// path ends in the same single-slash form.
    @Test func everyPathIsNormalisedTheSameWay() throws {
        #expect(try DatabaseLocation.parse(nil, environment: ["XDG_DATA_HOME": "//var/x"]).path == "/var/x/tessera/queue.db")
        #expect(try DatabaseLocation.parse(nil, environment: ["HOME": "/"]).sqliteFilename
                == "file:/.local/share/tessera/queue.db")
        #expect(try DatabaseLocation.parse("sqlite:////var/x.db").sqliteFilename == "file:/var/x.db")
        #expect(try DatabaseLocation.parse("//srv//./a/../q.db").path == "/srv/q.db")
        #expect(try DatabaseLocation.parse("sqlite:///srv/%2E%2E/q.db").path == "/q.db")
    }

    @Test(arguments: ["sqlite:////", "sqlite:///tmp/", "/tmp/", "sqlite:///tmp/..", "sqlite:///%2F"])
    func aDirectoryIsNoDatabase(url: String) {
        #expect { try DatabaseLocation.parse(url) } throws: {
            ($0 as? StoreError)?.exitCode == 2 && "\($0)".contains("names a directory")
        }
    }

    @Test(arguments: ["sqlite:///tmp/a.db%00.txt", "sqlite:///tmp/%00"])
    func aNULIsRefusedNotCutAt(url: String) {
        #expect { try DatabaseLocation.parse(url) } throws: {
            ($0 as? StoreError)?.exitCode == 2 && "\($0)".contains("NUL")
        }
    }
}
