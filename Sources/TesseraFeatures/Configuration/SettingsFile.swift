import FoundationEssentials
import KeyFileFormat
import Localization
import QueueCore
import QueueStore

/// Reads the configuration file (GLib key-file format) into `TesseraSettings`, collecting every
/// problem with its line instead of stopping at the first.
enum SettingsFile {
    static func read(path: String) throws(SettingsFileError) -> TesseraSettings {
        let text: String
        do { text = try KeyFile.contents(ofFile: path) } catch {
            if error == .missing {
                throw SettingsFileError(file: path, localized("no such configuration file; check the path, or leave --config out for the built-in defaults"))
            }
            throw SettingsFileError(file: path, localized("cannot be read as a configuration file: %s", error))
        }
        return try parse(text, file: path)
    }

    static func parse(_ text: String, file: String) throws(SettingsFileError) -> TesseraSettings {
        var reader = SettingsReader(text: text, file: file)
        let settings = reader.settings()
        guard reader.problems.isEmpty else { throw SettingsFileError(reader.problems) }
        return settings
    }
}
