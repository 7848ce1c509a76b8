@testable import TesseraFeatures

/// What `SettingsFile` says is wrong with `text`, read as the file `tessera.conf`, one line a
/// problem (`FILE:LINE: [group] key: …`); none for a file it takes.
func problems(_ text: String) -> [String] {
    do {
        _ = try SettingsFile.parse(text, file: "tessera.conf")
        return []
    } catch {
        return error.problems.map(\.description)
    }
}
