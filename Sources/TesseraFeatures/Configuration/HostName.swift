import Glibc

/// The machine's host name: what a kiosk with no `[kiosk] name=` is called on desks and the board.
enum HostName {
    /// nil when the system gives none (empty, or `gethostname` fails).
    static var current: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }
}
