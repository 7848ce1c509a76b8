import Foundation
import Testing

/// The shipped binary carries no ICU: no target it links imports Foundation (which brings
/// FoundationInternationalization and ICU, ~30 MB), FoundationEssentials at most.
@Suite struct LinkedLibrariesTests {
    @Test func tesseraNeedsNeitherFoundationNorICU() throws {
        let readelf = Process()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        readelf.arguments = ["-d", TesseraBinary.url.path]
        let output = Pipe()
        readelf.standardOutput = output
        try readelf.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        let needed = text.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libgtk-4") }, "readelf read the binary: \(needed)")
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!needed.contains { $0.contains("[\(library)]") }, "tessera needs \(library)")
        }
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
