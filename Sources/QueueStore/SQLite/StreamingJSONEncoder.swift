import Foundation
import QueueCore

/// Writes JSON straight into a byte buffer while `encode(to:)` runs, for the `data` columns.
///
/// Why not Foundation's `JSONEncoder`: it builds a tree of boxed values and checks every value
/// for special types before writing; on an issue that was half of the store's own CPU time,
/// enough to matter next to one `fsync`. `JSONDecoder` reads what this writes (tests check
/// the round trip for every stored type).
///
/// Streaming works because `Codable` implementations use containers in nesting order: a
/// container is closed lazily, when its parent writes its next element or encoding ends.
/// Dates use their default `Codable` form (seconds since 2001 as a number), as `JSONEncoder`
/// with default settings does.
enum StreamingJSONEncoder {
    static func encode(_ value: some Encodable) throws -> String {
        let stream = JSONStream()
        try stream.encodeValue(value, depth: 0)
        stream.close(deeperThan: 0)
        return String(decoding: stream.buffer.bytes, as: UTF8.self)
    }
}

/// The output and the containers still open, behind one reference the containers share.
///
/// Every method makes one access to `buffer`, whatever it writes: Swift checks exclusive
/// access to a class's stored property at run time on each access, and checking it per byte
/// cost more than writing the JSON.
private final class JSONStream {
    var buffer = JSONBuffer()

    func close(deeperThan depth: Int) { buffer.close(deeperThan: depth) }
    func openContainer(_ byte: UInt8, _ close: UInt8, depth: Int) { buffer.openContainer(byte, close, depth: depth) }
    func begin(_ slot: JSONSlot) { buffer.write(slot) { _ in } }
    func write(_ slot: JSONSlot, _ body: (inout JSONBuffer) throws -> Void) rethrows { try buffer.write(slot, body) }

    /// A nested value whose own containers will sit below `depth`; `{}` if it wrote nothing.
    func encodeValue(_ value: some Encodable, depth: Int) throws {
        let start = buffer.bytes.count
        try value.encode(to: StreamEncoder(stream: self, depth: depth))
        if buffer.bytes.count == start { buffer.raw("{}") }
    }

    /// Writes `value` at `slot` when its type's JSON form is known here; false otherwise.
    ///
    /// Generic callers (optionals, arrays, nested properties) land here. Comparing metatypes
    /// is a pointer comparison, and the `as!` casts only run on an exact match, where they
    /// are a plain copy; a failing `as?` cast asks the runtime about bridging and
    /// conformances, which cost more than the rest of the encoding. QueueCore's identifiers
    /// encode as their raw value (RawRepresentable's default `Codable`, a documented
    /// contract), a business day as its `YYYY-MM-DD` text and `Date` as seconds since 2001;
    /// writing those directly skips an encoder, a container and a witness call per value.
    func writeKnown<Value>(_ value: Value, at slot: JSONSlot) throws -> Bool {
        let type = Value.self
        if type == String.self { let text = value as! String; write(slot) { $0.string(text) } }
        else if type == Int64.self { let number = value as! Int64; write(slot) { $0.integer(number) } }
        else if type == Int.self { let number = Int64(value as! Int); write(slot) { $0.integer(number) } }
        else if type == Double.self { let number = value as! Double; try write(slot) { try $0.number(number) } }
        else if type == Bool.self { let flag = value as! Bool; write(slot) { $0.raw(flag ? "true" : "false") } }
        else if type == TicketID.self { let id = (value as! TicketID).rawValue; write(slot) { $0.integer(id) } }
        else if type == ServiceCode.self { let code = (value as! ServiceCode).rawValue; write(slot) { $0.string(code) } }
        else if type == OrderingKey.self { let key = (value as! OrderingKey).rawValue; write(slot) { $0.integer(key) } }
        else if type == PriorityClass.self { let name = (value as! PriorityClass).rawValue; write(slot) { $0.string(name) } }
        else if type == TicketState.self { let name = (value as! TicketState).rawValue; write(slot) { $0.string(name) } }
        else if type == BusinessDay.self { let text = (value as! BusinessDay).storedText; write(slot) { $0.string(text) } }
        else if type == Date.self {
            let seconds = (value as! Date).timeIntervalSinceReferenceDate
            try write(slot) { try $0.number(seconds) }
        }
        else if type == DeskNumber.self { let number = Int64((value as! DeskNumber).rawValue); write(slot) { $0.integer(number) } }
        else if type == StaffID.self { let id = Int64((value as! StaffID).rawValue); write(slot) { $0.integer(id) } }
        else if type == Outcome.self { let text = (value as! Outcome).rawValue; write(slot) { $0.string(text) } }
        else if type == Float.self { let number = Double(value as! Float); try write(slot) { try $0.number(number) } }
        else if type == Int32.self { let number = Int64(value as! Int32); write(slot) { $0.integer(number) } }
        else if type == UInt64.self { let number = value as! UInt64; write(slot) { $0.integer(number) } }
        else if type == UInt.self { let number = UInt64(value as! UInt); write(slot) { $0.integer(number) } }
        else { return false }
        return true
    }
}

private struct StreamEncoder: Encoder {
    let stream: JSONStream
    /// How many containers enclose this encoder's value.
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        stream.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"), depth: depth)
        return KeyedEncodingContainer(KeyedStream<Key>(stream: stream, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        stream.openContainer(UInt8(ascii: "["), UInt8(ascii: "]"), depth: depth)
        return UnkeyedStream(stream: stream, depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueStream(stream: stream, depth: depth) }
}

/// What the three container kinds share: any value, written at a slot.
private protocol ScalarStream {
    var stream: JSONStream { get }
    /// How many containers enclose a value written here.
    var valueDepth: Int { get }
}

extension ScalarStream {
    func write<Value: Encodable>(_ value: Value, at slot: JSONSlot) throws {
        if try stream.writeKnown(value, at: slot) { return }
        stream.begin(slot)
        try stream.encodeValue(value, depth: valueDepth)
    }
}

private struct KeyedStream<Key: CodingKey>: KeyedEncodingContainerProtocol, ScalarStream {
    let stream: JSONStream
    /// This container's index among the open containers.
    let depth: Int
    var valueDepth: Int { depth + 1 }
    var codingPath: [any CodingKey] { [] }

    private func slot(_ key: Key) -> JSONSlot { .element(depth: depth, key: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { stream.write(slot(key)) { $0.raw("null") } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try write(value, at: slot(key)) }

    // The concrete scalars synthesized `Codable` calls directly.
    mutating func encode(_ value: String, forKey key: Key) throws { stream.write(slot(key)) { $0.string(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { stream.write(slot(key)) { $0.integer(Int64(value)) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { stream.write(slot(key)) { $0.integer(value) } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { stream.write(slot(key)) { $0.raw(value ? "true" : "false") } }
    mutating func encode(_ value: Double, forKey key: Key) throws { try stream.write(slot(key)) { try $0.number(value) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        stream.begin(slot(key))
        return StreamEncoder(stream: stream, depth: depth + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        stream.begin(slot(key))
        return StreamEncoder(stream: stream, depth: depth + 1).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        stream.begin(slot(key))
        return StreamEncoder(stream: stream, depth: depth + 1)
    }
}

private struct UnkeyedStream: UnkeyedEncodingContainer, ScalarStream {
    let stream: JSONStream
    let depth: Int
    var valueDepth: Int { depth + 1 }
    var codingPath: [any CodingKey] { [] }
    var count: Int { stream.buffer.open.count > depth ? stream.buffer.open[depth].count : 0 }
    private var slot: JSONSlot { .element(depth: depth, key: nil) }

    mutating func encodeNil() throws { stream.write(slot) { $0.raw("null") } }
    mutating func encode<T: Encodable>(_ value: T) throws { try write(value, at: slot) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        stream.begin(slot)
        return StreamEncoder(stream: stream, depth: depth + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        stream.begin(slot)
        return StreamEncoder(stream: stream, depth: depth + 1).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        stream.begin(slot)
        return StreamEncoder(stream: stream, depth: depth + 1)
    }
}

private struct SingleValueStream: SingleValueEncodingContainer, ScalarStream {
    let stream: JSONStream
    /// A single value takes its encoder's place, so it nests like the encoder's containers.
    let depth: Int
    var valueDepth: Int { depth }
    var codingPath: [any CodingKey] { [] }
    private var slot: JSONSlot { .single(depth: depth) }

    mutating func encodeNil() throws { stream.write(slot) { $0.raw("null") } }
    mutating func encode<T: Encodable>(_ value: T) throws { try write(value, at: slot) }
    mutating func encode(_ value: String) throws { stream.write(slot) { $0.string(value) } }
    mutating func encode(_ value: Int) throws { stream.write(slot) { $0.integer(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { stream.write(slot) { $0.integer(value) } }
    mutating func encode(_ value: Double) throws { try stream.write(slot) { try $0.number(value) } }
    mutating func encode(_ value: Bool) throws { stream.write(slot) { $0.raw(value ? "true" : "false") } }
}
