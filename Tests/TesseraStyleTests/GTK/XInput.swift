import Foundation
import GtkKit
import TesseraStyle
import XCTest

/// Real X11 input and screen pixels for the GTK tests: `xdotool` sends events through the X
/// server (XTEST) exactly as a mouse or keyboard would; ImageMagick's `import` reads the
/// screen back.
@MainActor enum XInput {
    struct ToolFailure: Error, CustomStringConvertible { var description: String }

    /// Skips (or, in CI, fails) when there is no X11 display or a tool is missing.
    static func requireX11() throws {
        let environment = ProcessInfo.processInfo.environment
        let missing = ["xdotool", "import"].filter { find($0) == nil }
        let x11 = environment["DISPLAY"] != nil && (environment["GDK_BACKEND"] ?? "x11") == "x11"
        guard x11, missing.isEmpty else {
            let why = x11 ? "missing \(missing.joined(separator: ", ")) (scripts/bootstrap test)" : "needs an X11 display"
            if Gtk.mustRunDisplayTests { throw ToolFailure(description: "real-input test \(why)") }
            throw XCTSkip("real-input test \(why)")
        }
    }

    /// Runs a tool to completion and returns its standard output. The X server queues the
    /// events it sends; GTK sees them the next time the test iterates the main loop.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        guard let path = find(tool) else { throw ToolFailure(description: "\(tool) not found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The screen position of the X window titled `title` (`xdotool search`, `getwindowgeometry`).
    static func windowOrigin(title: String) throws -> (x: Int, y: Int) {
        let shell = try run("xdotool", ["search", "--sync", "--name", "^\(title)$", "getwindowgeometry", "--shell"])
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let number = Int(parts[1]) { values[String(parts[0])] = number }
        }
        guard let x = values["X"], let y = values["Y"] else { throw ToolFailure(description: "no geometry in \(shell)") }
        return (x, y)
    }

    /// The X window id of the window titled `title`.
    static func windowID(title: String) throws -> String {
        try run("xdotool", ["search", "--sync", "--name", "^\(title)$"]).split(separator: "\n").first.map(String.init) ?? ""
    }

    /// The colour the screen shows at (x, y) (`import -window root -crop 1x1+x+y txt:-`).
    static func screenPixel(x: Int, y: Int) throws -> ThemeColor {
        let text = try run("import", ["-window", "root", "-crop", "1x1+\(x)+\(y)", "-depth", "8", "txt:-"])
        // "# ImageMagick pixel enumeration: …" then "0,0: (74,74,74)  #4A4A4A  srgb(74,74,74)".
        let pixelLine = text.split(separator: "\n").first { $0.hasPrefix("0,0:") } ?? ""
        guard let hash = pixelLine.firstIndex(of: "#"),
              let color = ThemeColor(hex: String(pixelLine[hash...].prefix(7))) else {
            throw ToolFailure(description: "unreadable pixel: \(text)")
        }
        return color
    }

    private static func find(_ tool: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Iterates the main loop until the screen shows `color` at (x, y).
@MainActor func waitForScreen(_ color: ThemeColor, x: Int, y: Int, _ what: String,
                              file: StaticString = #filePath, line: UInt = #line) {
    var seen: ThemeColor?
    let reached = MainContext.iterate(until: {
        // Reading the screen takes long enough for the loop's heartbeat to be due every time,
        // and one iteration dispatches only the highest priority ready: drain, so GTK's
        // lower-priority layout and paint sources run between reads.
        MainContext.drainPending()
        seen = try? XInput.screenPixel(x: x, y: y)
        return seen == color
    }, timeout: .seconds(3))
    XCTAssertTrue(reached, "\(what): screen shows \(seen?.hex ?? "nothing"), expected \(color.hex)", file: file, line: line)
}
