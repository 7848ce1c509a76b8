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
        return String(decoding: stream.bytes, as: UTF8.self)
    }
}

/// The output and the containers still open (their closing bracket and element count).
private final class JSONStream {
    var bytes: [UInt8] = []
    var open: [(close: UInt8, count: Int)] = []

    init() { bytes.reserveCapacity(512) }

    func close(deeperThan depth: Int) {
        while open.count > depth { bytes.append(open.removeLast().close) }
    }

    /// Opens `{` or `[` as the container at `depth` (0-based index in `open`).
    func openContainer(_ byte: UInt8, _ close: UInt8, depth: Int) {
        self.close(deeperThan: depth)
        bytes.append(byte)
        open.append((close, 0))
    }

    /// Starts the next element of the container at `depth`: a comma if needed, then the key.
    func element(in depth: Int, key: String?) {
        close(deeperThan: depth + 1)
        if open[depth].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[depth].count += 1
        if let key {
            string(key)
            bytes.append(UInt8(ascii: ":"))
        }
    }

    /// A nested value whose own containers will sit below `depth`; `{}` if it wrote nothing.
    func encodeValue(_ value: some Encodable, depth: Int) throws {
        let start = bytes.count
        try value.encode(to: StreamEncoder(stream: self, depth: depth))
        if bytes.count == start { bytes.append(contentsOf: Array("{}".utf8)) }
    }

    func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    func number(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "JSON has no \(value)"))
        }
        raw(value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)")
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

/// Scalars shared by the three container kinds; `begin()` positions the stream for one value.
private protocol ScalarStream {
    var stream: JSONStream { get }
    /// How many containers enclose a value written here.
    var valueDepth: Int { get }
}

extension ScalarStream {
    func write(_ value: some Encodable, begin: () -> Void) throws {
        begin()
        // Generic callers (arrays, dictionaries) land here; the cast order puts common types first.
        switch value {
        case let text as String: stream.string(text)
        case let flag as Bool: stream.raw(flag ? "true" : "false")
        case let number as Double: try stream.number(number)
        case let number as Float: try stream.number(Double(number))
        case let number as Int: stream.raw(String(number))
        case let number as Int64: stream.raw(String(number))
        case let number as Int32: stream.raw(String(number))
        case let number as UInt64: stream.raw(String(number))
        case let number as UInt: stream.raw(String(number))
        default: try stream.encodeValue(value, depth: valueDepth)
        }
    }
}

private struct KeyedStream<Key: CodingKey>: KeyedEncodingContainerProtocol, ScalarStream {
    let stream: JSONStream
    /// This container's index among the open containers.
    let depth: Int
    var valueDepth: Int { depth + 1 }
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        stream.element(in: depth, key: key.stringValue)
        stream.raw("null")
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try write(value) { stream.element(in: depth, key: key.stringValue) }
    }

    // The concrete scalars synthesized `Codable` calls directly, without a dynamic cast.
    mutating func encode(_ value: String, forKey key: Key) throws {
        stream.element(in: depth, key: key.stringValue)
        stream.string(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        stream.element(in: depth, key: key.stringValue)
        stream.raw(String(value))
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        stream.element(in: depth, key: key.stringValue)
        stream.raw(String(value))
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        stream.element(in: depth, key: key.stringValue)
        stream.raw(value ? "true" : "false")
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        stream.element(in: depth, key: key.stringValue)
        try stream.number(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        stream.element(in: depth, key: key.stringValue)
        return StreamEncoder(stream: stream, depth: depth + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        stream.element(in: depth, key: key.stringValue)
        return StreamEncoder(stream: stream, depth: depth + 1).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        stream.element(in: depth, key: key.stringValue)
        return StreamEncoder(stream: stream, depth: depth + 1)
    }
}

private struct UnkeyedStream: UnkeyedEncodingContainer, ScalarStream {
    let stream: JSONStream
    let depth: Int
    var valueDepth: Int { depth + 1 }
    var codingPath: [any CodingKey] { [] }
    var count: Int { stream.open.count > depth ? stream.open[depth].count : 0 }

    mutating func encodeNil() throws {
        stream.element(in: depth, key: nil)
        stream.raw("null")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try write(value) { stream.element(in: depth, key: nil) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        stream.element(in: depth, key: nil)
        return StreamEncoder(stream: stream, depth: depth + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        stream.element(in: depth, key: nil)
        return StreamEncoder(stream: stream, depth: depth + 1).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        stream.element(in: depth, key: nil)
        return StreamEncoder(stream: stream, depth: depth + 1)
    }
}

private struct SingleValueStream: SingleValueEncodingContainer, ScalarStream {
    let stream: JSONStream
    /// A single value takes its encoder's place, so it nests like the encoder's containers.
    let depth: Int
    var valueDepth: Int { depth }
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { stream.raw("null") }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try write(value) { stream.close(deeperThan: depth) }
    }

    mutating func encode(_ value: String) throws { stream.string(value) }
    mutating func encode(_ value: Int) throws { stream.raw(String(value)) }
    mutating func encode(_ value: Int64) throws { stream.raw(String(value)) }
    mutating func encode(_ value: Double) throws { try stream.number(value) }
    mutating func encode(_ value: Bool) throws { stream.raw(value ? "true" : "false") }
}
