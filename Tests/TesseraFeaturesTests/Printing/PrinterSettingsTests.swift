import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// `[kiosk] printer=`, `printer-dots=`, `without-printer=` and `ticket-footer=`: each form read
/// into its place, each mistake a `FILE:LINE: [kiosk] key:` problem.
@Suite(.offThePool) struct PrinterSettingsTests {
    private func kiosk(_ lines: String) throws(SettingsFileError) -> KioskSettings {
        try SettingsFile.parse("[kiosk]\n" + lines + "\n", file: "t.conf").kiosk
    }

    private func problem(_ lines: String) -> String? {
        do { _ = try kiosk(lines); return nil } catch { return error.problems.map(\.description).joined(separator: "\n") }
    }

    @Test func defaultsAreNoPrinterOn58mmPaper() {
        let settings = KioskSettings()
        #expect(settings.printer == .none && settings.printerDots == 384)
        #expect(settings.withoutPrinter == .showTicket && settings.ticketFooter.isEmpty)
    }

    @Test func everyPrinterFormIsRead() throws {
        #expect(try kiosk("printer=none").printer == .none)
        #expect(try kiosk("printer=/dev/usb/lp0").printer == .device(path: "/dev/usb/lp0"))
        #expect(try kiosk("printer=/dev/ttyUSB0").printer == .device(path: "/dev/ttyUSB0"))
        #expect(try kiosk("printer=socket://10.0.0.7").printer == .socket(host: "10.0.0.7", port: 9100))
        #expect(try kiosk("printer=socket://printer.lan:9101").printer == .socket(host: "printer.lan", port: 9101))
        #expect(try kiosk("printer=socket://[fe80::1]:9100").printer == .socket(host: "fe80::1", port: 9100))
        #expect(try kiosk("printer=cups:Kiosk_Receipt").printer == .cups(queue: "Kiosk_Receipt"))
        let all = try kiosk("printer-dots=576\nwithout-printer=stop\nticket-footer=Diolch — thank you")
        #expect(all.printerDots == 576 && all.withoutPrinter == .stop && all.ticketFooter == "Diolch — thank you")
    }

    @Test func theKioskIsCalledByItsNameElseByItsHostName() throws {
        #expect(KioskSettings().name == nil)
        #expect(KioskSettings().terminalName == HostName.current && HostName.current?.isEmpty == false)
        let named = try kiosk("name = Door")
        #expect(named.name == "Door" && named.terminalName == "Door")
        #expect(try kiosk("name =").name == nil, "empty: the host name")
        #expect(problem("\nname=" + String(repeating: "x", count: 81))?.hasPrefix("t.conf:3: [kiosk] name: ") == true)
    }

    @Test func mistakesNameTheLineAndWhatToWrite() {
        #expect(problem("printer=usb") == "t.conf:2: [kiosk] printer: “usb” is not a printer; use none, a device path such as /dev/usb/lp0 or /dev/ttyUSB0, socket://HOST[:PORT] or cups:QUEUE")
        #expect(problem("printer=socket://host:99999")?.hasPrefix("t.conf:2: [kiosk] printer: “socket://host:99999” is not a network printer") == true)
        #expect(problem("printer=socket://")?.contains("not a network printer") == true)
        #expect(problem("printer=cups:")?.contains("not a CUPS queue name") == true)
        #expect(problem("\nprinter-dots=380") == "t.conf:3: [kiosk] printer-dots: 380 is not a multiple of 8; use 384 for 58 mm paper or 576 for 80 mm")
        #expect(problem("printer-dots=8")?.contains("out of range") == true)
        #expect(problem("without-printer=keep") == "t.conf:2: [kiosk] without-printer: “keep” is not allowed; use show-ticket or stop")
    }
}
