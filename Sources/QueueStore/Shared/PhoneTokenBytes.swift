import CGLib
import CRandom
import Glibc

/// Making a phone token and its stored hash, with the system's parts only: the kernel's
/// randomness (getrandom(2)) and GLib's SHA-256. No crypto is written here.
enum PhoneTokenBytes {
    /// 128 bits: a guesser making a million tries a second finds one of a day's thousand tickets
    /// after about 10^25 years.
    static let byteCount = 16
    /// base64url of 16 bytes, without the two `=` of padding.
    static let textLength = 22

    /// A fresh token. getrandom blocks only until the kernel's pool is first seeded (boot), and
    /// may return fewer bytes or be interrupted by a signal: it is asked again for the rest.
    static func make() throws(StoreError) -> PhoneToken {
        var bytes = [UInt8](repeating: 0, count: byteCount)
        var filled = 0
        while filled < byteCount {
            let got = bytes.withUnsafeMutableBytes { buffer in
                getrandom(buffer.baseAddress! + filled, byteCount - filled, 0)
            }
            if got > 0 {
                filled += got
            } else if errno != EINTR {
                throw .unavailable(file: "getrandom", problem: .failed, detail: "no random bytes: \(String(cString: strerror(errno)))")
            }
        }
        return PhoneToken(text: base64url(bytes))
    }

    /// Whether `text` could be a token at all; anything else is never looked up.
    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == textLength && text.utf8.allSatisfy { alphabet.contains($0) }
            && alphabet.firstIndex(of: text.utf8.last!)! % 16 == 0  // the last character carries 2 bits
    }

    /// The stored form: SHA-256 of the token's text, 64 lowercase hex digits.
    static func hash(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let digest = bytes.withUnsafeBufferPointer { buffer in
            g_compute_checksum_for_data(G_CHECKSUM_SHA256, buffer.baseAddress, gsize(buffer.count))
        }
        defer { g_free(digest) }
        return String(cString: digest!)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// RFC 4648 §5, without padding.
    static func base64url(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var bits = 0
            for byte in chunk { bits = bits << 8 | Int(byte) }
            bits <<= 8 * (3 - chunk.count)
            for position in 0...chunk.count { out.append(alphabet[(bits >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
