import CIntl
import Glibc
import Synchronization

/// A language words are looked up in: the staff's (the process locale) or one a customer chose.
///
/// Every lookup goes through glibc's gettext (the `tessera` text domain, `.mo` catalogs from
/// `Resources/po`). gettext picks the language from the environment and the locale, both
/// process-wide, so a customer's language is looked up by setting `$LANGUAGE` around the one
/// `dgettext` call, under a lock every lookup takes, and telling gettext to forget what it found
/// for the previous language (its cache is keyed by the locale, not by `$LANGUAGE`). A
/// `newlocale`/`uselocale` per language would be per-thread, but needs each locale generated on
/// the machine (Debian generates none by default); `$LANGUAGE` needs only `C.UTF-8`, which
/// glibc always has (see `Catalog.start`).
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// A gettext language name ("cy", "en_GB"); nil: the process locale's language.
    public let code: String?

    public init(_ code: String) { self.code = code }
    private init(locale: Void) { code = nil }

    /// The staff's language: whatever `$LANGUAGE`, `$LC_ALL`, `$LC_MESSAGES` and `$LANG` say.
    public static let locale = Language(locale: ())

    public var description: String { code ?? "locale" }

    /// The locale a store's own names are looked up in (`name[cy]`, QueueCore's `LocalizedName`):
    /// `code`, or for `.locale` the process's language as gettext takes it, the first of
    /// `$LANGUAGE`, else the messages locale (`cy_GB.UTF-8`); nil under `C`, which has none.
    public var nameLocale: String? {
        if let code { return code }
        // Under the lock: a customer's lookup sets `$LANGUAGE` for a moment.
        return Self.lock.withLock { _ in
            if let list = getenv("LANGUAGE").map({ String(cString: $0) }),
               let first = list.split(separator: ":").first(where: { !$0.isEmpty }) {
                return String(first)
            }
            let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
            return messages == "C" || messages == "POSIX" || messages.hasPrefix("C.") ? nil : messages
        }
    }

    /// The language's name written in the language itself ("Cymraeg"), from its own catalog:
    /// adding a language needs no code.
    public var name: String {
        localizedInContext("the name of the language you translate to, written in that language", "English")
    }

    /// `msgid` in this language, with `%s`/`%d` (or `%1$s`) replaced by `arguments` (see `TextFormat`).
    public func localized(_ msgid: String, _ arguments: any CustomStringConvertible...) -> String {
        TextFormat.fill(found(msgid), arguments)
    }

    /// The plural form for `count` (Welsh has six), `%d` filled with `count` unless `arguments` are given.
    public func localizedPlural(_ singular: String, _ plural: String, count: Int,
                                _ arguments: any CustomStringConvertible...) -> String {
        TextFormat.fill(found(singular, plural, count: count), arguments.isEmpty ? [count] : arguments)
    }

    /// `msgid` told apart by a context (gettext's `pgettext`, a C macro Swift cannot call).
    public func localizedInContext(_ context: String, _ msgid: String) -> String {
        let key = context + "\u{4}" + msgid
        let found = found(key)
        return found == key ? msgid : found
    }

    // gettext answers with the msgid's own pointer when it has no translation: only valid inside
    // withCString, so the text is copied there, and "not found" is that pointer coming back.
    func found(_ msgid: String) -> String {
        lookUp {
            msgid.withCString { id in Self.copy(dgettext(Catalog.domain, id), unless: id) }
        } ?? msgid
    }

    func found(_ singular: String, _ plural: String, count: Int) -> String {
        lookUp {
            singular.withCString { one in
                plural.withCString { other in
                    Self.copy(dngettext(Catalog.domain, one, other, UInt(max(0, count))), unless: one, other)
                }
            }
        } ?? (count == 1 ? singular : plural)
    }

    private static func copy(_ text: UnsafeMutablePointer<CChar>?, unless asked: UnsafePointer<CChar>...) -> String? {
        guard let text, !asked.contains(UnsafePointer(text)) else { return nil }
        return String(cString: text)
    }

    private func lookUp<Result>(_ call: () -> Result) -> Result {
        Self.lock.withLock { _ in
            guard let code else { return call() }
            let saved = getenv("LANGUAGE").map { String(cString: $0) } ?? ""
            setenv("LANGUAGE", code, 1)
            tessera_forget_found_translations()
            defer {
                setenv("LANGUAGE", saved, 1)
                tessera_forget_found_translations()
            }
            return call()
        }
    }

    private static let lock = Mutex(())
}

/// `msgid` in the staff's language (the locale): staff screens and the command line.
public func localized(_ msgid: String, _ arguments: any CustomStringConvertible...) -> String {
    TextFormat.fill(Language.locale.found(msgid), arguments)
}

/// The plural form for `count` in the staff's language.
public func localizedPlural(_ singular: String, _ plural: String, count: Int,
                            _ arguments: any CustomStringConvertible...) -> String {
    TextFormat.fill(Language.locale.found(singular, plural, count: count), arguments.isEmpty ? [count] : arguments)
}
