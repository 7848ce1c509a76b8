import Foundation
import QueueStoreTesting
import Testing

/// tessera loads libpq the first time a PostgreSQL store is opened, never for a store on
/// SQLite; without a usable libpq a PostgreSQL store fails with exit 3 and says what to install.
/// What was loaded is what glibc's loader reports (`LD_DEBUG=files`), not tessera's word.
@Suite(.offThePool) struct LibpqLoadingTests {
    let scratch = ScratchDirectory()

    @Test func aStoreOnSQLiteNeverLoadsLibpq() throws {
        let result = try runTessera(["queue", "status", "--database", "sqlite://" + scratch.path("queue.db")],
                                    environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(result.stderr)")
        let loaded = loadedLibraries(result.stderr)
        #expect(loaded.contains("libsqlite3.so.0"), "the loader reported nothing: \(loaded)")
        #expect(!loaded.contains { $0.hasPrefix("libpq") }, "libpq was loaded: \(loaded)")
    }

    /// No server is needed: the library is loaded before the connection is tried (port 1
    /// refuses it at once, exit 3).
    @Test func aPostgreSQLStoreLoadsLibpqWhenOpened() throws {
        let result = try runTessera(["queue", "status", "--database", "postgresql://tessera@127.0.0.1:1/none"],
                                    environment: ["LD_DEBUG": "files"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("cannot be reached"), "\(result.stderr)")
        #expect(loadedLibraries(result.stderr).contains("libpq.so.5"), "\(result.stderr)")
    }

    @Test(.enabled(if: PostgresTestServer.isEnabled))
    func aPostgreSQLStoreWorksThroughTheLoadedLibpq() throws {
        let server = try PostgresTestServer.freshDatabase()
        let result = try runTessera(["queue", "issue", "C", "--database", server], environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("C001"), "\(result.stdout)")
        #expect(loadedLibraries(result.stderr).contains("libpq.so.5"), "\(result.stderr)")
    }

    /// A file named libpq.so.5 that is not a library: dlopen fails.
    @Test func aBrokenLibpqIsAStoreErrorThatSaysWhatToInstall() throws {
        let directory = scratch.path("broken-libpq")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: directory + "/libpq.so.5", contents: Data()))
        expectClientMissing(try openPostgreSQL(libraryPath: directory), because: "libpq.so.5")
    }

    /// A real library under libpq's name, without libpq's functions: dlsym fails.
    @Test func aLibpqWithoutItsFunctionsIsAStoreErrorThatSaysWhatToInstall() throws {
        let directory = scratch.path("foreign-libpq")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory + "/libpq.so.5",
                                                   withDestinationPath: "/lib/x86_64-linux-gnu/libz.so.1")
        expectClientMissing(try openPostgreSQL(libraryPath: directory), because: "libpq.so.5 has no function PQ")
    }

    /// LD_LIBRARY_PATH is searched before the system's directories, so `directory`'s
    /// libpq.so.5 is the one dlopen finds.
    private func openPostgreSQL(libraryPath directory: String) throws -> ProcessResult {
        try runTessera(["queue", "status", "--database", "postgresql://tessera@127.0.0.1:1/none"],
                       environment: ["LD_LIBRARY_PATH": directory])
    }

    private func expectClientMissing(_ result: ProcessResult, because reason: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 3, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("postgresql://tessera@127.0.0.1:1/none"), "\(result.stderr)",
                sourceLocation: sourceLocation)
        #expect(result.stderr.contains(reason), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("Install the libpq5 package"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("cannot be reached"), "a connection was tried: \(result.stderr)",
                sourceLocation: sourceLocation)
    }

    /// The sonames in the loader's `file=NAME [0];  needed by …` / `dynamically loaded by …` lines.
    private func loadedLibraries(_ debugOutput: String) -> Set<String> {
        Set(debugOutput.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "file=") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != " " })
        })
    }
}
