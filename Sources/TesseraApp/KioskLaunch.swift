import GtkKit
import QueueStore
import TesseraFeatures

extension KioskScreen {
    /// A kiosk following `store`: its services, the taps it takes and the standing it shows.
    static func make(store: any QueueStore, time: any TimeSource, settings: TesseraSettings,
                     maxColumns: Int = KioskServicesPage.mostColumns) async throws -> KioskScreen {
        let model = try await KioskModel.load(store: store, time: time, timing: KioskModel.Timing(settings.kiosk),
                                             languages: KioskLanguages(settings.kiosk), look: KioskLook(settings.kiosk),
                                             printing: printing(settings.kiosk))
        try await model.follow()
        return KioskScreen(model: model, maxColumns: maxColumns)
    }

    /// The configured printer, drawn on by Pango; nil for `printer=none`.
    static func printing(_ settings: KioskSettings) -> KioskPrinting? {
        if settings.printer == .none { return nil }
        let printer = EscPosPrinter(address: settings.printer, dots: settings.printerDots, renderer: PangoTicketRenderer())
        return KioskPrinting(printer: printer, footer: settings.ticketFooter, withoutPrinter: settings.withoutPrinter,
                             terminal: settings.terminalName)
    }
}
