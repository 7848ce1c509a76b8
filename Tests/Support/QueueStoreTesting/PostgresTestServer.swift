import Foundation
import Synchronization

/// The throwaway PostgreSQL cluster `scripts/test-postgres` runs for the tests (`make test`
/// does). Each test gets a schema of its own in it, named in its URL's `search_path`.
/// Outside `make test`, without the cluster, PostgreSQL cases are left out; under CI
/// (`CI=true`) they run anyway and fail, so a CI run without the server cannot pass.
public enum PostgresTestServer {
    private static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The cluster's URL (`TESSERA_TEST_POSTGRES_URL`).
    public static var url: String? { environment["TESSERA_TEST_POSTGRES_URL"] }

    /// Whether tests include their PostgreSQL cases.
    public static var isEnabled: Bool { url != nil || environment["CI"] == "true" }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "no PostgreSQL server for the tests: run them through scripts/test-postgres (make test does)"
        }
    }

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// A new, empty schema; returns the URL of a store in it. `crashable`: on the cluster the
    /// fault tests stop and restart (use it inside `whileCrashing`).
    public static func freshDatabase(crashable: Bool = false) throws -> String {
        guard let url = crashable ? environment["TESSERA_TEST_POSTGRES_CRASH_URL"] : url else { throw Missing() }
        let schema = "t" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        _ = try psql("CREATE SCHEMA \(schema)", url: url)
        return url + "?options=-csearch_path%3D" + schema
    }

    /// Runs `sql` with psql (unaligned, tuples only) and returns its output: what the database
    /// itself holds, read by another program.
    public static func psql(_ sql: String, url: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [url, "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "psql \(sql): \(String(decoding: problem, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// One fault test at a time owns the crashable cluster (suites run in parallel otherwise).
    private static let crashClusterTaken = Mutex(false)

    private static func takeCrashCluster() -> Bool {
        crashClusterTaken.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }

    public static func releaseCrashCluster() { crashClusterTaken.withLock { $0 = false } }

    /// Waits for the crashable cluster; call `releaseCrashCluster()` when done (async tests,
    /// whose body cannot be passed across actors).
    public static func takeCrashClusterWhenFree() async throws {
        while !takeCrashCluster() { try await Task.sleep(for: .milliseconds(20)) }
    }

    public static func whileCrashing<T>(_ body: () throws -> T) rethrows -> T {
        while !takeCrashCluster() { usleep(20_000) }
        defer { releaseCrashCluster() }
        return try body()
    }

    /// Restarts the crashable cluster as a crash would (`pg_ctl restart -m immediate`).
    public static func restart() throws { try control("restart") }
    /// Stops the crashable cluster as a crash would (`pg_ctl stop -m immediate`); `start()` brings it back.
    public static func stop() throws { try control("stop") }
    public static func start() throws { try control("start") }

    /// Runs `TESSERA_TEST_POSTGRES_CTL action`. Spawned and reaped directly:
    /// `Process.waitUntilExit` never returned here while other threads ran (the exited child
    /// stayed a zombie), which hung the fault test.
    private static func control(_ action: String) throws {
        guard let script = ProcessInfo.processInfo.environment["TESSERA_TEST_POSTGRES_CTL"] else { throw Missing() }
        var pid = pid_t()
        let arguments = [strdup(script), strdup(action), nil]
        defer { arguments.forEach { free($0) } }
        let spawned = posix_spawn(&pid, script, nil, nil, arguments, environ)
        guard spawned == 0 else { throw Failed(description: "cannot run \(script): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        guard status == 0 else { throw Failed(description: "\(script) \(action) exited with status \(status)") }
    }
}
