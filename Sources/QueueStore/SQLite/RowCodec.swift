import FoundationEssentials
import QueueCore
import SystemTimeZones

/// Encodes and decodes the JSON kept in the `data` columns: QueueCore's own `Codable` forms
/// through one `JSONEncoder` and one `JSONDecoder`, made once per connection and reused.
/// A row that does not decode means the file was damaged or written by something else: corrupt.
///
/// The coders' settings are part of the format (docs/storage-format.md): an instant is whole
/// Unix milliseconds (UTC), QueueCore's `Instant`; a zone, its IANA name. Keys are not sorted: order
/// means nothing in JSON, and sorting cost a tenth of a stored issue's CPU time.
struct RowCodec {
    let file: String
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(file: String) {
        self.file = file
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Stored zone names become rules from the system's tzdata.
        decoder.userInfo[.timeZoneLibrary] = SystemTimeZoneLibrary()
    }

    /// `value`'s JSON, to be bound as text.
    func encode(_ value: some Encodable) throws(StoreError) -> SQLiteValue { .utf8(try json(value)) }

    /// `value`'s JSON as a string (the PostgreSQL store's text parameters).
    func text(_ value: some Encodable) throws(StoreError) -> String { String(decoding: try json(value), as: UTF8.self) }

    private func json(_ value: some Encodable) throws(StoreError) -> Data {
        do {
            return try encoder.encode(value)
        } catch {
            throw .unavailable(file: file, problem: .failed, detail: "cannot encode \(type(of: value)): \(error)")
        }
    }

    func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws(StoreError) -> Value {
        do {
            return try decoder.decode(type, from: Data(json.utf8))
        } catch {
            throw .unavailable(file: file, problem: .corrupt, detail: "a stored \(type) does not decode: \(error)")
        }
    }

    /// An instant as stored everywhere (JSON and the `events.at` column).
    static func milliseconds(_ instant: Instant) -> Int64 { instant.unixMilliseconds }
}
