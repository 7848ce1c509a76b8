import Foundation
@testable import QueueStore

extension SQLiteValue {
    /// The text this value binds, as SQLite stores it (nil for NULL and numbers).
    var boundText: String? {
        switch self {
        case .text(let text): text
        case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
        case .null, .integer, .real: nil
        }
    }

    /// What SQLite hands back as text for this value (nil for NULL).
    var storedText: String? {
        switch self {
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text, .utf8: boundText
        case .null: nil
        }
    }
}
