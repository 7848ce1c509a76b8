import KeyFileFormat
import Localization
import QueueCore

extension SettingsReader {
    /// Gettext language names separated by `;` ("en_GB;cy"): a language, then an optional
    /// `_COUNTRY` (the names of `/usr/share/locale`). nil when the key is absent or wrong.
    /// `shown`: the screen shows these languages' words, so each needs a catalog (`hasWords`).
    mutating func languages(_ key: String, in group: String, shown: Bool = false) -> [String]? {
        guard let entry = keyFile.entry(key, in: group) else { return nil }
        var names: [String] = []
        for part in entry.value.split(separator: ";").map({ $0.trimmingSpaces() }) where !part.isEmpty {
            guard Self.isLanguageName(part) else {
                fail(entry, localized("“%s” is not a language name; write one like cy or en_GB", part))
                return nil
            }
            if shown, !Self.hasWords(part, catalogs: catalogs) {
                fail(entry, localized("“%1$s” has no catalog, so the kiosk cannot show it; languages with one: %2$s", part,
                                      catalogs.joined(separator: ", ")))
                return nil
            }
            if !names.contains(part) { names.append(part) }
        }
        guard !names.isEmpty else {
            fail(entry, localized("name at least one language, like en_GB;cy"))
            return nil
        }
        return names
    }

    /// The `name[LOCALE]=` entries of `group`: its name by locale (GKeyFile's localized keys,
    /// looked up by `LocalizedName`). A locale that is none, or whose language has no catalog (no
    /// screen is ever in it, as `languages=` refuses it), is refused with its line.
    mutating func localizedNames(in group: String) -> [String: String] {
        var names: [String: String] = [:]
        for entry in keyFile.localizedEntries("name", in: group) {
            let locale = entry.locale ?? ""
            guard LocalizedName.isLocale(locale) else {
                fail(entry, localized("“%s” is not a locale; write a language in the brackets, like name[cy] or name[cy_GB]", locale))
                continue
            }
            let language = String(locale.prefix { $0 != "@" })
            guard Self.hasWords(language, catalogs: catalogs) else {
                fail(entry, localized("“%1$s” has no catalog, so no screen shows this name; languages with one: %2$s", locale,
                                      catalogs.joined(separator: ", ")))
                continue
            }
            let value = entry.value.trimmingSpaces()
            if let problem = DisplayText.problem(in: value) {
                fail(entry, problem)
                continue
            }
            names[locale] = value
        }
        return names
    }

    static func isLanguageName(_ text: String) -> Bool {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count),
              parts[0].unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else { return false }
        return parts.count == 1 || (parts[1].count == 2 && parts[1].unicodeScalars.allSatisfy { ("A"..."Z").contains($0) })
    }

    /// English is the sources' own language; any other needs its catalog, or its language's
    /// (`cy_GB` reads `cy`'s, as gettext falls back).
    static func hasWords(_ name: String, catalogs: [String]) -> Bool {
        let language = name.split(separator: "_").first.map(String.init) ?? name
        return language == "en" || catalogs.contains(name) || catalogs.contains(language)
    }
}
