import FoundationEssentials

/// Where the app finds the files of `Resources/` (the board's chime): `$TESSERA_RESOURCES`,
/// then `/usr/share/tessera` (the package), then a `Resources` folder above the executable
/// (a build in the source tree: `.build/debug/tessera`).
enum ResourceFiles {
    static func path(_ name: String) -> String? {
        var folders: [String] = []
        if let folder = ProcessInfo.processInfo.environment["TESSERA_RESOURCES"] { folders.append(folder) }
        folders.append("/usr/share/tessera")
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            for _ in 0..<5 {
                folders.append(folder.appendingPathComponent("Resources").path)
                folder = folder.deletingLastPathComponent()
            }
        }
        return folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name).path }
            .first { FileManager.default.isReadableFile(atPath: $0) }
    }
}
