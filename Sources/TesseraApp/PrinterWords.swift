import Localization
import QueueCore

/// What staff and the board are told about a kiosk's ticket printer.
public enum PrinterWords {
    /// Every kiosk whose printer cannot print, in name order: "Kiosk 'Door' printer: out of
    /// paper · Kiosk 'Back' printer: cover open"; nil while all print (or no kiosk has a printer).
    public static func alert(_ reports: [PrinterReport]) -> String? {
        let alerts = reports.compactMap(alert)
        return alerts.isEmpty ? nil : alerts.joined(separator: " · ")
    }

    /// "Kiosk 'Door' printer: out of paper" (a report from before kiosks named themselves:
    /// "Kiosk printer: out of paper"); nil while it prints.
    public static func alert(_ report: PrinterReport) -> String? {
        guard let terminal = report.terminal, !terminal.isEmpty else { return unnamed(report.condition) }
        return switch report.condition {
        case .ready: nil
        // TRANSLATORS: %s is the kiosk's name (its [kiosk] name= setting or its host name), in this and the next four.
        case .paperNearEnd: localized("Kiosk '%s' printer: paper running low", terminal)
        case .paperOut: localized("Kiosk '%s' printer: out of paper", terminal)
        case .coverOpen: localized("Kiosk '%s' printer: cover open", terminal)
        case .offline: localized("Kiosk '%s' printer: offline", terminal)
        case .unreachable: localized("Kiosk '%s' printer: not answering", terminal)
        }
    }

    private static func unnamed(_ condition: PrinterCondition) -> String? {
        switch condition {
        case .ready: nil
        case .paperNearEnd: localized("Kiosk printer: paper running low")
        case .paperOut: localized("Kiosk printer: out of paper")
        case .coverOpen: localized("Kiosk printer: cover open")
        case .offline: localized("Kiosk printer: offline")
        case .unreachable: localized("Kiosk printer: not answering")
        }
    }
}
