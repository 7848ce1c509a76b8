import Foundation

/// Runs `sql` on `file` with the sqlite3 program, as another program (or a person) would, and
/// returns its output: what the file itself holds.
func sqlite3(_ sql: String, file: String, readOnly: Bool = true) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = (readOnly ? ["-readonly"] : []) + [file, sql]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
}
