import Foundation
import QueueStoreTesting
import Testing

/// The shipped binary carries no ICU: no target it links imports Foundation (which brings
/// FoundationInternationalization and ICU, ~30 MB), FoundationEssentials at most.
@Suite(.offThePool) struct LinkedLibrariesTests {
    @Test func tesseraNeedsNeitherFoundationNorICU() throws {
        let needed = try neededLibraries()
        #expect(needed.contains { $0.contains("libgtk-4") }, "readelf read the binary: \(needed)")
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!needed.contains { $0.contains("[\(library)]") }, "tessera needs \(library)")
        }
    }

    /// libpq (and the TLS, Kerberos and LDAP libraries it needs) is loaded only when a
    /// PostgreSQL store is opened (LibpqLoadingTests), so the loader must not map it at start:
    /// neither the binary nor any library it needs names it.
    @Test func tesseraDoesNotLinkLibpq() throws {
        let needed = try neededLibraries()
        #expect(needed.contains { $0.contains("libsqlite3") }, "readelf read the binary: \(needed)")
        #expect(!needed.contains { $0.contains("libpq") }, "tessera needs libpq: \(needed)")
        let resolved = try output(of: "/usr/bin/ldd", [TesseraBinary.url.path]).split(separator: "\n")
        #expect(resolved.contains { $0.contains("libgtk-4.so") }, "ldd read the binary: \(resolved)")
        #expect(!resolved.contains { $0.contains("libpq.so") }, "the loader maps libpq at start: \(resolved)")
    }

    /// The `(NEEDED)` lines of `readelf -d tessera`.
    private func neededLibraries() throws -> [Substring] {
        try output(of: "/usr/bin/readelf", ["-d", TesseraBinary.url.path]).split(separator: "\n")
            .filter { $0.contains("(NEEDED)") }
    }

    private func output(of tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    /// The same rule at its source, so the message names the file.
    @Test func noShippedSourceImportsFoundation() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.split(separator: "\n").contains("import Foundation"), "Sources/\(file) imports Foundation")
        }
    }
}
