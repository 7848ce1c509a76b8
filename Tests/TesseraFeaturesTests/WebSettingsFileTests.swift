import Testing
@testable import TesseraFeatures

/// `[web]`: the server behind each ticket's QR code. Every key read into its place, every
/// mistake `FILE:LINE: [web] key: what is wrong, what to do`, refusing the whole file.
struct WebSettingsFileTests {
    @Test func everyKeyIsRead() throws {
        let web = try SettingsFile.parse("""
            [web]
            enabled = true
            listen = 192.168.1.20
            port = 8443
            base-url = https://kiosk.example:8443/
            certificate = /etc/tessera/certificate.pem
            key = /etc/tessera/key.pem
            """, file: "f").web
        #expect(web.enabled && web.listen == "192.168.1.20" && web.port == 8443)
        #expect(web.baseURL == "https://kiosk.example:8443", "the token's /t/ follows it, so no trailing /")
        #expect(web.certificate == "/etc/tessera/certificate.pem" && web.key == "/etc/tessera/key.pem")
        #expect(try SettingsFile.parse("[web]\nlisten = ::\n", file: "f").web.listen == "::")
        #expect(try SettingsFile.parse("[web]\nlisten = fe80::1\n", file: "f").web.listen == "fe80::1")
    }

    @Test func theDefaultsAreOffOnEveryAddressAtPort8080() throws {
        let web = TesseraSettings().web
        #expect(!web.enabled && web.listen == "0.0.0.0" && web.port == 8080)
        #expect(web.baseURL == nil && web.certificate == nil && web.key == nil)
        #expect(try SettingsFile.parse("[web]\n", file: "f").web == WebSettings())
        #expect(try SettingsFile.parse("[web]\nenabled = false\n", file: "f").web == WebSettings(), "off needs no base-url")
    }

    @Test func enabledWithoutABaseURLIsRefusedAtEnabled() {
        #expect(problems("[web]\nport = 8080\nenabled = true\n") == [
            "tessera.conf:3: [web] base-url: enabled=true needs base-url=, the address phones reach this kiosk at, like http://192.168.1.20:8080",
        ])
    }

    @Test(arguments: [
        ("kiosk.example", "is not a web address; write http://ADDRESS:PORT or https://NAME"),
        ("ftp://192.168.1.20", "is not a web address"),
        ("http://", "has no host; write the kiosk's address after http://, like http://192.168.1.20:8080"),
        ("https://:8080", "has no host"),
        ("http://192.168.1.20:8080/queue?x=1", "may not contain spaces, ?, # or letters outside ASCII"),
        ("http://kiosk example", "may not contain spaces"),
        ("http://siop.cymru/ŵ", "may not contain spaces, ?, # or letters outside ASCII"),
        ("http://" + String(repeating: "a", count: 114), "is longer than 120 characters, too long for a QR code"),
    ])
    func aBadBaseURLIsRefusedWithItsLine(value: String, message: String) {
        let found = problems("[web]\nenabled = true\nbase-url = \(value)\n")
        #expect(found.count == 1 && found[0].hasPrefix("tessera.conf:3: [web] base-url: “\(value)” \(message)"), "\(found)")
    }

    @Test func theLongestBaseURLIsTaken() throws {
        let longest = "http://" + String(repeating: "a", count: 113)
        #expect(try SettingsFile.parse("[web]\nbase-url = \(longest)\n", file: "f").web.baseURL == longest)
    }

    @Test(arguments: [
        ("listen = localhost", "tessera.conf:2: [web] listen: “localhost” is not an IP address; write one like 0.0.0.0 (every IPv4 address), 192.168.1.20 or ::"),
        ("listen = 192.168.1.256", "tessera.conf:2: [web] listen: “192.168.1.256” is not an IP address"),
        ("port = 0", "tessera.conf:2: [web] port: 0 is out of range; allowed 1 to 65535"),
        ("port = 65536", "tessera.conf:2: [web] port: 65536 is out of range; allowed 1 to 65535"),
        ("port = http", "tessera.conf:2: [web] port: “http” is not a whole number"),
        ("enabled = yes", "tessera.conf:2: [web] enabled: “yes” is not true or false"),
        ("certificate = certificate.pem\nkey = /etc/tessera/key.pem",
         "tessera.conf:2: [web] certificate: give the file's absolute path, like /etc/tessera/certificate.pem"),
        ("certificate = /etc/tessera/certificate.pem",
         "tessera.conf:2: [web] certificate: give both certificate= and key= for HTTPS, or neither for plain HTTP"),
        ("key = /etc/tessera/key.pem", "tessera.conf:2: [web] key: give both certificate= and key= for HTTPS, or neither for plain HTTP"),
        ("url = http://192.168.1.20", "tessera.conf:2: [web] url: unknown key; [web] has base-url, certificate, enabled, key, listen, port"),
    ])
    func aBadValueIsRefusedWithItsLine(line: String, message: String) {
        let found = problems("[web]\n\(line)\n")
        #expect(found.count == 1 && found[0].hasPrefix(message), "\(found)")
    }

    @Test func portsAtTheEndsOfTheRangeAreTaken() throws {
        #expect(try SettingsFile.parse("[web]\nport = 1\n", file: "f").web.port == 1)
        #expect(try SettingsFile.parse("[web]\nport = 65535\n", file: "f").web.port == 65535)
    }
}
