/// Where the next value goes: the next element of the container at `depth` (with its key, in
/// an object), or the place of a single-value encoder once deeper containers are closed.
enum JSONSlot {
    case element(depth: Int, key: String?)
    case single(depth: Int)
}

/// The output of `StreamingJSONEncoder`: the bytes written so far and, per open container,
/// its closing bracket and element count. A value type, so that writing one value is one
/// exclusive access to it, however many bytes it appends.
struct JSONBuffer {
    var bytes: [UInt8] = []
    var open: [(close: UInt8, count: Int)] = []

    init() { bytes.reserveCapacity(512) }

    /// Positions the output at `slot`, then lets `body` write the value there.
    mutating func write(_ slot: JSONSlot, _ body: (inout JSONBuffer) throws -> Void) rethrows {
        switch slot {
        case .element(let depth, let key): element(in: depth, key: key)
        case .single(let depth): close(deeperThan: depth)
        }
        try body(&self)
    }

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
        // Native strings hand out their UTF-8 in place; others are copied once first.
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            var copy = text
            copy.withUTF8 { appendEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Keys, codes and names never need escaping: copy them in one go.
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

    mutating func integer(_ value: Int64) { integer(negative: value < 0, value.magnitude) }
    mutating func integer(_ value: UInt64) { integer(negative: false, value) }

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

