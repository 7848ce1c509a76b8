import Localization
import QueueCore

extension ConfigurationLocks {
    /// What `settings`' file defines, locked with its line: `[service:C]` and `[desk:1]` are
    /// the file's (a change there is lost at the next start, when the file is applied again);
    /// everything else is the store's. Without a file nothing is locked.
    public static func of(_ settings: TesseraSettings) -> ConfigurationLocks {
        // Where the file sets it, as read with the file (`TesseraSettings.definition(of:)`).
        let words: @Sendable (SetInFile?) -> String? = { place in
            place.map { localized("Set in %1$s, line %2$d: change it there.", $0.file, $0.line) }
        }
        return ConfigurationLocks(service: { words(settings.definition(of: $0)) },
                                  desk: { words(settings.definition(of: $0)) })
    }
}
