import QueueCore

/// The real-time status requests and how their one-byte answers read (Epson's ESC/POS manual;
/// Citizen, Bixolon and NCR agree on the bits used here).
public enum RealTimeStatus {
    /// `DLE EOT n` for n = 1 (printer), 2 (off-line cause), 4 (roll paper sensor).
    public static let requests: [UInt8] = [1, 2, 4]

    public static func request(_ n: UInt8) -> [UInt8] { [0x10, 0x04, n] }

    /// A status byte always has bits 1 and 4 set and bits 0 and 7 clear.
    public static func isStatusByte(_ byte: UInt8) -> Bool { byte & 0x93 == 0x12 }

    /// The condition the answers to `requests` (in that order) describe; a missing or malformed
    /// answer is `.unreachable`.
    public static func condition(answers: [UInt8?]) -> PrinterCondition {
        guard answers.count == requests.count,
              let printer = answers[0], let cause = answers[1], let paper = answers[2],
              [printer, cause, paper].allSatisfy(isStatusByte) else { return .unreachable }
        if cause & 0x20 != 0 || paper & 0x60 != 0 { return .paperOut }
        if cause & 0x04 != 0 { return .coverOpen }
        if printer & 0x08 != 0 || cause & 0x40 != 0 { return .offline }
        if paper & 0x0C != 0 { return .paperNearEnd }
        return .ready
    }
}
