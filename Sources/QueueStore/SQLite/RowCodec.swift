import Foundation
import QueueCore

/// Encodes and decodes the JSON kept in the `data` columns (QueueCore's own `Codable` forms).
/// A row that does not decode means the file was damaged or written by something else: corrupt.
struct RowCodec {
    let file: String
    private let decoder = JSONDecoder()

    init(file: String) { self.file = file }

    func encode(_ value: some Encodable) throws(StoreError) -> String {
        do {
            return try StreamingJSONEncoder.encode(value)
        } catch {
            throw .unavailable(file: file, problem: .failed, detail: "cannot encode \(type(of: value)): \(error)")
        }
    }

    /// A ticket's JSON, written by `TicketJSON` (the same bytes, without `Codable`'s overhead).
    func encode(_ ticket: Ticket) throws(StoreError) -> String {
        do {
            return try TicketJSON.encode(ticket)
        } catch {
            throw .unavailable(file: file, problem: .failed, detail: "cannot encode Ticket: \(error)")
        }
    }

    /// An event's JSON: `TicketJSON` for the payloads it writes, `Codable` for the rest.
    func encode(_ event: Event) throws(StoreError) -> String {
        do {
            return try TicketJSON.encode(event) ?? StreamingJSONEncoder.encode(event)
        } catch {
            throw .unavailable(file: file, problem: .failed, detail: "cannot encode Event: \(error)")
        }
    }

    func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws(StoreError) -> Value {
        do {
            return try decoder.decode(type, from: Data(json.utf8))
        } catch {
            throw .unavailable(file: file, problem: .corrupt, detail: "a stored \(type) does not decode: \(error)")
        }
    }
}
