import QueueCore

/// What staff and the board are told about the kiosk's ticket printer.
enum PrinterWords {
    /// "Kiosk printer: out of paper"; nil while it prints (or no kiosk has a printer).
    static func alert(_ condition: PrinterCondition?) -> String? {
        switch condition {
        case nil, .ready?: nil
        case .paperNearEnd?: "Kiosk printer: paper running low"
        case .paperOut?: "Kiosk printer: out of paper"
        case .coverOpen?: "Kiosk printer: cover open"
        case .offline?: "Kiosk printer: offline"
        case .unreachable?: "Kiosk printer: not answering"
        }
    }
}
