/// `%HH` escapes in SQLite `file:` URIs and `sqlite:///` URLs, on UTF-8 bytes (RFC 3986).
/// Foundation's versions live with ICU, which the shipped binary does not link.
enum PercentEncoding {
    /// `path` with every byte outside RFC 3986's unreserved characters, `/` and the sub-delimiters
    /// a path may hold written as `%HH` (what `.urlPathAllowed` keeps, so `?` and `#` are escaped).
    static func escapingURIPath(_ path: String) -> String {
        let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=:@".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            if kept.contains(byte) { bytes.append(byte) } else { bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]] }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with its `%HH` escapes decoded; nil if one is malformed or the bytes are not UTF-8.
    static func decoded(_ text: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        var rest = text.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard rest.count >= 2, let high = hexValue(rest.removeFirst()), let low = hexValue(rest.removeFirst()) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
