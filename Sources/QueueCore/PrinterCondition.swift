/// What a ticket printer reports about itself (ESC/POS real-time status, `DLE EOT n`), worst
/// first when several hold. Stored in the `printerReported` event, so its raw values are part
/// of the storage format (docs/storage-format.md).
public enum PrinterCondition: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    case ready
    /// Still prints; the roll needs changing soon.
    case paperNearEnd
    case paperOut
    case coverOpen
    /// The printer says it is offline (an error, or its feed button held).
    case offline
    /// No answer: unplugged, switched off, the wrong address, or a disconnect.
    case unreachable

    /// Whether a ticket can be printed now.
    public var canPrint: Bool { self == .ready || self == .paperNearEnd }
}


/// What one kiosk last said about its printer (a `printerReported` event), for desks and the board.
public struct PrinterReport: Hashable, Sendable {
    public var condition: PrinterCondition
    /// The kiosk's name; nil in events recorded before kiosks named themselves.
    public var terminal: String?

    public init(_ condition: PrinterCondition, terminal: String? = nil) {
        self.condition = condition
        self.terminal = terminal
    }

    /// The report an event carries, if it is a `printerReported` event.
    public init?(_ details: EventDetails) {
        guard case .printerReported(let condition, let terminal) = details else { return nil }
        self.init(condition, terminal: terminal)
    }
}
