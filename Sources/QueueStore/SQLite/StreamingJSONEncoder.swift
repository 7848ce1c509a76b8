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
    func element(in depth: Int, key: String?) { buffer.element(in: depth, key: key) }
    func raw(_ text: StaticString) { buffer.raw(text) }
    func string(_ text: String) { buffer.string(text) }
    func integer(_ value: Int64) { buffer.integer(negative: value < 0, value.magnitude) }
    func integer(_ value: UInt64) { buffer.integer(negative: false, value) }
    func number(_ value: Double) throws { try buffer.number(value) }

    /// A nested value whose own containers will sit below `depth`; `{}` if it wrote nothing.
    func encodeValue(_ value: some Encodable, depth: Int) throws {
        let start = buffer.bytes.count
        try value.encode(to: StreamEncoder(stream: self, depth: depth))
        if buffer.bytes.count == start { buffer.raw("{}") }
    }
}

/// The bytes written so far and, per open container, its closing bracket and element count.
private struct JSONBuffer {
    var bytes: [UInt8] = []
    var open: [(close: UInt8, count: Int)] = []

    init() { bytes.reserveCapacity(512) }

    mutating func close(deeperThan depth: Int) {
        while open.count > depth { bytes.append(open.removeLast().close) }
    }

    /// Opens `{` or `[` as the container at `depth` (0-based index in `open`).
    mutating func openContainer(_ byte: UInt8, _ close: UInt8, depth: Int) {
        self.close(deeperThan: depth)
        bytes.append(byte)
        open.append((close, 0))
    }

    /// Starts the next element of the container at `depth`: a comma if needed, then the key.
    mutating func element(in depth: Int, key: String?) {
        close(deeperThan: depth + 1)
        if open[depth].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[depth].count += 1
        if let key {
            string(key)
            bytes.append(UInt8(ascii: ":"))
        }
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Keys and codes never need escaping: copy them in one go.
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
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
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Decimal digits straight into the buffer (no intermediate `String`). Concrete, not
    /// generic over `BinaryInteger`: unspecialised generic arithmetic costs ~1,000 instructions.
    mutating func integer(negative: Bool, _ magnitude: UInt64) {
        // Digits right to left into a 24-byte scratch on the stack, then one append.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { digits in
            var rest = magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest != 0
            if negative {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[start...]))
        }
    }

    mutating func number(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "JSON has no \(value)"))
        }
        if value == value.rounded() && abs(value) < 1e15 {
            integer(negative: value < 0, Int64(value).magnitude)
        } else {
            bytes.append(contentsOf: "\(value)".utf8)
        }
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
    func write<Value: Encodable>(_ value: Value, begin: () -> Void) throws {
        begin()
        // Generic callers (arrays, dictionaries, optionals, wrappers) land here. Comparing
        // metatypes is a pointer comparison; a failed `as?` cast asks the runtime about
        // bridging and conformances, which cost more than the rest of the encoding. The
        // `as!` casts below only run on an exact match, where they are a plain copy.
        let type = Value.self
        if type == String.self { stream.string(value as! String) }
        else if type == Int64.self { stream.integer(value as! Int64) }
        else if type == Int.self { stream.integer(Int64(value as! Int)) }
        else if type == Double.self { try stream.number(value as! Double) }
        else if type == Bool.self { stream.raw(value as! Bool ? "true" : "false") }
        else if type == Float.self { try stream.number(Double(value as! Float)) }
        else if type == Int32.self { stream.integer(Int64(value as! Int32)) }
        else if type == UInt64.self { stream.integer(value as! UInt64) }
        else if type == UInt.self { stream.integer(UInt64(value as! UInt)) }
        // Its `Codable` form is this one string; writing it directly skips the interpolation.
        else if type == BusinessDay.self { stream.string((value as! BusinessDay).storedText) }
        else { try stream.encodeValue(value, depth: valueDepth) }
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
        stream.integer(Int64(value))
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        stream.element(in: depth, key: key.stringValue)
        stream.integer(value)
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
    var count: Int { stream.buffer.open.count > depth ? stream.buffer.open[depth].count : 0 }

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
    mutating func encode(_ value: Int) throws { stream.integer(Int64(value)) }
    mutating func encode(_ value: Int64) throws { stream.integer(value) }
    mutating func encode(_ value: Double) throws { try stream.number(value) }
    mutating func encode(_ value: Bool) throws { stream.raw(value ? "true" : "false") }
}
