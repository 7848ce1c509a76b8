import CIntl
import Glibc

/// The `tessera` text domain: where its catalogs are, and the locale gettext reads.
public enum Catalog {
    public static let domain = "tessera"

    /// Where the package installs the catalogs: `/usr/share/locale/LANG/LC_MESSAGES/tessera.mo`.
    public static let installedDirectory = "/usr/share/locale"

    /// Sets the locale from the environment and binds the domain; call once, first thing in `main`
    /// (GTK must then be told not to set the locale again: `gtk_disable_setlocale`).
    ///
    /// gettext ignores `$LANGUAGE` while the messages locale is `C` (no `LANG` set, as under a
    /// bare service manager, or a locale that is not generated), so customers could not get their
    /// language; then the messages locale becomes `C.UTF-8`, which glibc always has and which
    /// translates nothing by itself. `$LANGUAGE` is also put into the environment (empty, which
    /// gettext reads as unset) so that a customer's lookup only ever replaces its value and never
    /// grows the environment while another thread reads it.
    public static func start(directory: String? = nil) {
        setlocale(LC_ALL, "")
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        if messages == "C" || messages == "POSIX" { setlocale(LC_MESSAGES, "C.UTF-8") }
        if getenv("LANGUAGE") == nil { setenv("LANGUAGE", "", 1) }
        bindtextdomain(domain, directory ?? catalogDirectory())
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// `start()` once per process, whoever asks first (tests, which have no `main`).
    public static func startOnce() { _ = started }
    private static let started: Void = start()

    /// `$TESSERA_LOCALE_DIR`; else `.build/locale` when run from a build tree (the executable
    /// under `.build/<triple>/debug`; `scripts/translations` writes it); else where the package
    /// puts them.
    public static func catalogDirectory() -> String {
        if let named = getenv("TESSERA_LOCALE_DIR"), named.pointee != 0 { return String(cString: named) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            var folder = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            for _ in 0..<5 {
                guard let slash = folder.lastIndex(of: "/") else { break }
                folder = String(folder[..<slash])
                let candidate = folder + "/locale"
                if access(candidate + "/en_GB/LC_MESSAGES/\(domain).mo", R_OK) == 0 { return candidate }
            }
        }
        return installedDirectory
    }

    /// The languages with a `tessera` catalog where the domain is bound, sorted ("cy", "en_GB"):
    /// those a kiosk can show besides English, the sources' own.
    public static func languages() -> [String] {
        let directory = bindtextdomain(domain, nil).map { String(cString: $0) } ?? catalogDirectory()
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix("."), access(directory + "/" + name + "/LC_MESSAGES/\(domain).mo", R_OK) == 0 {
                names.append(name)
            }
        }
        return names.sorted()
    }
}
