import Foundation
import QueueStoreTesting
@testable import QueueStore

/// What a database holds of phone tokens, read past the store: the rows through a connection
/// of their own, and every file the data lives in, byte for byte.
extension StoreFactory.Handle {
    /// `ticket|token_hash` of every row of `phone_tokens`, by ticket.
    func phoneTokenRows() throws -> [String] {
        let sql = "SELECT ticket || '|' || token_hash FROM phone_tokens ORDER BY ticket"
        switch database {
        case .sqlite(let location, _):
            return try SQLiteConnection(location: location, create: false).query(sql) { $0.text(0) }
        case .postgres(let url):
            return try PostgresTestServer.psql(sql, url: url).split(separator: "\n").map(String.init)
        case nil:
            throw CocoaError(.featureUnsupported)
        }
    }

    /// The files holding the data: SQLite's main file, WAL and shared memory; PostgreSQL's whole
    /// data directory (heap, indexes, WAL) after a checkpoint has written every page out.
    func databaseFiles() throws -> [URL] {
        let directory: URL
        switch database {
        case .sqlite(_, let scratch):
            directory = scratch
        case .postgres(let url):
            _ = try PostgresTestServer.psql("CHECKPOINT", url: url)
            directory = URL(fileURLWithPath: try PostgresTestServer.psql("SHOW data_directory", url: url)
                .trimmingCharacters(in: .whitespacesAndNewlines))
        case nil:
            throw CocoaError(.featureUnsupported)
        }
        guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        else { throw CocoaError(.fileReadNoPermission) }
        return walk.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }
}

/// SHA-256 of `text` in hex, by coreutils' sha256sum: another program's answer than the store's.
func sha256sum(_ text: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}
