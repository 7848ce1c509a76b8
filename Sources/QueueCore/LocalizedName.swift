/// A name a store gives in other languages besides its own (`[service:C] name[cy] = Clicio a
/// Chasglu`), kept by locale as GKeyFile writes one: `lang`, `lang_COUNTRY`, `lang@MODIFIER` or
/// `lang_COUNTRY@MODIFIER`. Services, desks and the store keep theirs in `localizedNames`
/// (`localizedStoreNames`); every screen, ticket and call picks one with `pick`, so the fallback
/// is written once.
public enum LocalizedName {
    /// Whether `text` is a locale a name can be given in: a language of 2 or 3 letters a–z, then
    /// an optional `_COUNTRY` (2 letters A–Z, or 3 digits as in `es_419`), then an optional
    /// `@MODIFIER` (letters a–z and digits: `sr@latin`). No codeset: a name is text, not bytes.
    public static func isLocale(_ text: String) -> Bool {
        let (language, country, modifier) = parts(of: text)
        guard (2...3).contains(language.count), language.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
            return false
        }
        if let country {
            let letters = country.count == 2 && country.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
            let digits = country.count == 3 && country.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
            guard letters || digits else { return false }
        }
        if let modifier {
            guard (1...16).contains(modifier.count),
                  modifier.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) }) else { return false }
        }
        return !text.contains(".")
    }

    /// The locales a lookup in `language` tries, most specific first: GKeyFile's order
    /// (`g_key_file_get_locale_string`, after the Desktop Entry Specification) for a locale
    /// `lang_COUNTRY@MODIFIER`: itself, `lang_COUNTRY`, `lang@MODIFIER`, then `lang`. A codeset
    /// (`cy_GB.UTF-8`, as `$LANG` writes it) is dropped first.
    public static func candidates(for language: String) -> [String] {
        var text = language
        if let dot = text.firstIndex(of: ".") {
            // "cy_GB.UTF-8@euro": the codeset ends at the modifier.
            let modifier = text[dot...].firstIndex(of: "@").map { String(text[$0...]) } ?? ""
            text = String(text[..<dot]) + modifier
        }
        let (lang, country, modifier) = parts(of: text)
        guard !lang.isEmpty else { return [] }
        var names: [String] = []
        if let country, let modifier { names.append("\(lang)_\(country)@\(modifier)") }
        if let country { names.append("\(lang)_\(country)") }
        if let modifier { names.append("\(lang)@\(modifier)") }
        names.append(String(lang))
        return names
    }

    /// `plain` in `language`: the name `names` has for the first of `candidates(for:)`, else
    /// `plain` (GKeyFile's untranslated key). nil `language`: `plain`.
    public static func pick(_ plain: String, from names: [String: String], in language: String?) -> String {
        guard let language, !names.isEmpty else { return plain }
        for locale in candidates(for: language) {
            if let name = names[locale] { return name }
        }
        return plain
    }

    /// The first rule `names` break, for `subject` ("service C", "desk 2", "the store").
    static func check(_ names: [String: String], of subject: String) throws(ConfigurationError) {
        for locale in names.keys.sorted() {
            guard isLocale(locale) else { throw .invalidLocale(of: subject, locale) }
            if let problem = DisplayText.problem(in: names[locale]!) {
                throw .invalidLocalizedName(of: subject, locale: locale, problem: problem)
            }
        }
    }

    private static func parts(of text: String) -> (language: Substring, country: Substring?, modifier: Substring?) {
        let at = text.firstIndex(of: "@")
        let locale = text[..<(at ?? text.endIndex)]
        let modifier = at.map { text[text.index(after: $0)...] }
        guard let underscore = locale.firstIndex(of: "_") else { return (locale, nil, modifier) }
        return (locale[..<underscore], locale[locale.index(after: underscore)...], modifier)
    }
}

extension Service {
    /// The service's name in `language` (a gettext language name or locale, `cy`, `cy_GB`):
    /// its `localizedNames` entry by GKeyFile's fallback, else `name`.
    public func name(in language: String?) -> String {
        LocalizedName.pick(name, from: localizedNames, in: language)
    }
}

extension Desk {
    /// The desk's name in `language`, as `Service.name(in:)`.
    public func name(in language: String?) -> String {
        LocalizedName.pick(name, from: localizedNames, in: language)
    }
}

extension StoreConfiguration {
    /// The store's name in `language`, as `Service.name(in:)`.
    public func storeName(in language: String?) -> String {
        LocalizedName.pick(storeName, from: localizedStoreNames, in: language)
    }
}
