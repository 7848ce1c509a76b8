import CLibcrypt
import FoundationEssentials
import Glibc
import Localization

/// Staff PINs as salted yescrypt hashes through Debian's libcrypt. Only the hash is ever kept;
/// the PIN itself is never stored, logged or put in an error message.
public enum PinHash {
    /// yescrypt's cost: 7 takes about 65 ms a try on this machine type, so guessing all 10,000
    /// four-digit PINs against a stolen hash takes over ten minutes, and the keypad lock makes
    /// guessing at the desk slower still. Verify off the main thread: it would stall the screen.
    public static let defaultCost = 7

    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// A PIN is 4 to 8 digits.
        case notAPin
        /// libcrypt could not make a salt or a hash (no entropy, unsupported method).
        case libcrypt(String)

        public var description: String {
            switch self {
            case .notAPin: localized("A PIN is 4 to 8 digits.")
            case .libcrypt(let what): localized("The PIN could not be hashed: %s.", what)
            }
        }
    }

    /// Whether `pin` has the shape of a PIN (4 to 8 ASCII digits).
    public static func isValid(_ pin: String) -> Bool {
        (4...8).contains(pin.count) && pin.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A fresh salted `$y$…` hash of `pin`.
    public static func make(_ pin: String, cost: Int = defaultCost) throws(Failure) -> String {
        guard isValid(pin) else { throw .notAPin }
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        // NULL entropy: libcrypt reads the operating system's random source.
        guard crypt_gensalt_rn("$y$", UInt(cost), nil, 0, &setting, Int32(setting.count)) != nil else {
            throw .libcrypt("no salt (\(String(cString: strerror(errno))))")
        }
        guard let hash = crypt(pin, setting: setting), hash.hasPrefix("$y$") else {
            throw .libcrypt("yescrypt refused the salt")
        }
        return hash
    }

    /// Whether `pin` hashes to `stored` (compared in constant time). A malformed stored hash
    /// never matches.
    public static func verify(_ pin: String, against stored: String) -> Bool {
        guard stored.hasPrefix("$y$"), let hash = crypt(pin, setting: Array(stored.utf8CString)) else { return false }
        let (a, b) = (Array(hash.utf8), Array(stored.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// `crypt_r` with its 32 KiB work area on the heap, zeroed before and after. nil when
    /// libcrypt fails: it returns a string starting with `*` then, which must never match.
    private static func crypt(_ pin: String, setting: [CChar]) -> String? {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer {
            memset(data, 0, MemoryLayout<crypt_data>.size)
            data.deallocate()
        }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        guard let result = crypt_r(pin, setting, data) else { return nil }
        let text = String(cString: result)
        return text.hasPrefix("*") ? nil : text
    }
}
