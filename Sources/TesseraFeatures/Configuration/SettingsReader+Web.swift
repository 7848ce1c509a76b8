import Glibc
import KeyFileFormat
import Localization

/// `[web]`: the address a ticket's QR code points phones at, and where the server listens.
extension SettingsReader {
    mutating func web() -> WebSettings {
        var web = WebSettings()
        if let flag = boolean("enabled", in: "web") { web.enabled = flag }
        if let entry = keyFile.entry("listen", in: "web") {
            if Self.isAddressLiteral(entry.value) { web.listen = entry.value } else {
                fail(entry, localized("“%s” is not an IP address; write one like 0.0.0.0 (every IPv4 address), 192.168.1.20 or ::", entry.value))
            }
        }
        if let port = integer("port", in: "web", 1...65535) { web.port = port }
        if let entry = keyFile.entry("base-url", in: "web") {
            if let problem = Self.baseURLProblem(entry.value) {
                fail(entry, problem)
            } else {
                web.baseURL = entry.value.hasSuffix("/") ? String(entry.value.dropLast()) : entry.value
            }
        } else if web.enabled, let enabled = keyFile.entry("enabled", in: "web") {
            problems.append(.init(location: KeyFileLocation(file: file, line: enabled.line, group: "web", key: "base-url"),
                                  message: localized("enabled=true needs base-url=, the address phones reach this kiosk at, like http://192.168.1.20:8080")))
        }
        let certificate = path("certificate", in: "web")
        let key = path("key", in: "web")
        let certificateEntry = keyFile.entry("certificate", in: "web")
        let keyEntry = keyFile.entry("key", in: "web")
        if let alone = certificateEntry ?? keyEntry, (certificateEntry == nil) != (keyEntry == nil) {
            fail(alone, localized("give both certificate= and key= for HTTPS, or neither for plain HTTP"))
        } else {
            web.certificate = certificate
            web.key = key
        }
        return web
    }

    /// An absolute path (a file the server opens when it starts, so it is not checked here).
    private mutating func path(_ key: String, in group: String) -> String? {
        guard let entry = keyFile.entry(key, in: group) else { return nil }
        guard entry.value.hasPrefix("/") else {
            fail(entry, localized("give the file's absolute path, like /etc/tessera/%s.pem", key))
            return nil
        }
        return entry.value
    }

    /// An IPv4 or IPv6 address literal, as the server's bind(2) takes it (no host names: the
    /// server must not wait on DNS to start).
    static func isAddressLiteral(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET, text, &address) == 1 || inet_pton(AF_INET6, text, &address) == 1
    }

    /// What is wrong with a `base-url`, said in full, or nil: `http://` or `https://`, a host, no spaces,
    /// query or fragment (the token's path `/t/TOKEN` follows it), short enough for a QR code
    /// a ticket prints at 20 mm.
    static func baseURLProblem(_ text: String) -> String? {
        let scheme = ["http://", "https://"].first { text.hasPrefix($0) }
        guard let scheme else {
            return localized("“%s” is not a web address; write http://ADDRESS:PORT or https://NAME, like http://192.168.1.20:8080", text)
        }
        let rest = text.dropFirst(scheme.count)
        if rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix(":") {
            return localized("“%1$s” has no host; write the kiosk's address after %2$s, like %3$s192.168.1.20:8080", text, scheme, scheme)
        }
        if text.unicodeScalars.contains(where: { !$0.isASCII || $0.value <= 0x20 || $0 == "?" || $0 == "#" || $0 == "\u{7F}" }) {
            return localized("“%s” may not contain spaces, ?, # or letters outside ASCII; write the host and port alone, like http://192.168.1.20:8080", text)
        }
        if text.utf8.count > WebSettings.longestBaseURL {
            return localized("“%1$s” is longer than %2$d characters, too long for a QR code a phone reads from a ticket; use the kiosk's IP address", text, WebSettings.longestBaseURL)
        }
        return nil
    }
}
