/// The digits typed on the keypad. The PIN is never shown, stored or logged, so nothing that
/// describes a value (`print`, `dump`, string interpolation, a failed test's output) shows them:
/// only how many there are. The digits leave only into `PinHash.verify`.
public struct PinDigits: Equatable, Sendable {
    /// A PIN has at most 8 digits; more are not taken.
    public static let longest = 8
    /// A PIN has at least 4 digits; fewer cannot be submitted.
    public static let shortest = 4

    private var digits: [Character] = []

    public init() {}

    public var count: Int { digits.count }
    public var isEmpty: Bool { digits.isEmpty }
    public var isLongEnough: Bool { digits.count >= Self.shortest }

    /// Adds `digit` (0 to 9) unless the PIN is already at its longest; false when not taken.
    @discardableResult
    public mutating func append(_ digit: Int) -> Bool {
        guard (0...9).contains(digit), digits.count < Self.longest else { return false }
        digits.append(Character(String(digit)))
        return true
    }

    public mutating func removeLast() {
        if !digits.isEmpty { digits.removeLast() }
    }

    /// Whether these digits hash to `stored` (see `PinHash.verify`).
    func verify(against stored: String) -> Bool {
        PinHash.verify(String(digits), against: stored)
    }
}

extension PinDigits: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A dot a digit, as the keypad page shows them.
    public var description: String { "[\(String(repeating: "●", count: digits.count))]" }
    public var debugDescription: String { description }
    /// No children: `dump` and reflection-based printers see no digits either.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
