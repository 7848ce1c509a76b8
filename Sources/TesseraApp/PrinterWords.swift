import Localization
import QueueCore

/// What staff and the board are told about the kiosk's ticket printer.
enum PrinterWords {
    /// localized("Kiosk printer: out of paper"); nil while it prints (or no kiosk has a printer).
    static func alert(_ condition: PrinterCondition?) -> String? {
        switch condition {
        case nil, .ready?: nil
        case .paperNearEnd?: localized("Kiosk printer: paper running low")
        case .paperOut?: localized("Kiosk printer: out of paper")
        case .coverOpen?: localized("Kiosk printer: cover open")
        case .offline?: localized("Kiosk printer: offline")
        case .unreachable?: localized("Kiosk printer: not answering")
        }
    }
}
