import Foundation
import QueueStoreTesting
import Testing

/// `--theme FILE` given something that is not a theme file (`tessera gallery --print-css` is
/// the theme checker; the app logs the same lines): what the file is and why it cannot be a
/// theme, exit 2, and at most ten problems printed.
@Suite(.offThePool) struct ThemeFileCommandLineTests {
    let scratch = ScratchDirectory()

    private func check(_ theme: String) throws -> ProcessResult {
        try runTessera(["gallery", "--theme", theme, "--print-css"])
    }

    @Test func aDirectoryAFIFOAndADeviceAreNamedForWhatTheyAre() throws {
        let fifo = scratch.path("theme.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, what) in [(scratch.url.path, "a directory"), (fifo, "a FIFO"), ("/dev/zero", "a device")] {
            let result = try check(path)
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("\(path): cannot read the theme file (it is \(what)"), "\(result.stderr)")
            #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("permission"))
        }
    }

    @Test func seventyThousandUnknownKeysPrintElevenLines() throws {
        let path = scratch.path("huge.theme")
        let keys = (1...70_000).map { "k\($0)=1" }.joined(separator: "\n")
        try "[primary]\n\(keys)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try check(path)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 11, "\(lines.count) lines")
        #expect(lines.first?.hasPrefix("\(path):2: [primary] k1: unknown key") == true, "\(lines.first ?? "")")
        #expect(lines.last == "… and 69990 more problems in \(path)")
    }
}
