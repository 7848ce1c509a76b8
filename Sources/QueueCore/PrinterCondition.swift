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

