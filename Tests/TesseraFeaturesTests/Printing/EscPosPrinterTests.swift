import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// A small stand-in for the Pango renderer: a frame with a diagonal, every row different, so a
/// byte translated on the way (a terminal left in cooked mode) shows in the decoded raster.
struct FrameRenderer: TicketRenderer {
    var rows = 120
    func render(_ ticket: PrintedTicket, dots: Int) -> RasterImage {
        var image = RasterImage(width: dots, height: rows)
        for y in 0..<rows {
            for x in 0..<dots where x == 0 || y == 0 || x == dots - 1 || y == rows - 1 || x == y * dots / rows {
                image.setBlack(x: x, y: y)
            }
        }
        return image
    }
}

let sampleTicket = PrintedTicket(storeName: "Cardiff", code: "C012", serviceName: "Click & Collect",
                                 issuedOn: BusinessDay(year: 2026, month: 11, day: 30), issuedAtSeconds: 70_000)

/// The printer port against the fake printer, over both links: the job arrives as the commands
/// ESC/POS defines, status answers read as conditions, and a broken link is a failure, never a hang.
@Suite(.offThePool, .serialized) struct EscPosPrinterTests {
    private func printer(_ fake: FakePrinter, dots: Int = 384, rows: Int = 120) throws -> EscPosPrinter {
        let address = try PrinterAddress.parse(fake.address).get()
        return EscPosPrinter(address: address, dots: dots, renderer: FrameRenderer(rows: rows))
    }

    @Test(arguments: [FakePrinter.Link.tcp, .pty])
    func aTicketArrivesAsResetRasterFeedAndCut(link: FakePrinter.Link) async throws {
        let fake = try FakePrinter(link)
        let result = try await printer(fake, rows: 450).print(sampleTicket)
        #expect(result == .success(.ready))
        // The fake writes its record of the job once it has read the cut: poll for it.
        #expect(await eventually { !fake.jobs().isEmpty })
        let job = try #require(fake.jobs().first)
        // 450 rows in bands of at most 200: never a multiple of 48 or 96 (see EscPosJob.bandHeight).
        #expect(job.commands == ["ESC @", "GS v 0", "GS v 0", "GS v 0", "ESC d", "GS V"])
        #expect(job.complete && job.rasterRows == 450 && job.widthBytes == 48)
        #expect(fake.jobs().count == 1)
    }

    @Test(arguments: [FakePrinter.Link.tcp, .pty])
    func statusAnswersReadAsConditions(link: FakePrinter.Link) async throws {
        let fake = try FakePrinter(link)
        let printer = try printer(fake)
        for (state, condition) in [("ready", PrinterCondition.ready), ("paper-out", .paperOut), ("near-end", .paperNearEnd),
                                   ("cover-open", .coverOpen), ("silent", .unreachable), ("ready", .ready)] {
            fake.set(state)
            #expect(await printer.condition() == condition, "\(state)")
        }
    }

    @Test func aPrinterThatDisconnectsMidTicketIsAFailureThatSaysSo() async throws {
        let fake = try FakePrinter(.tcp)
        fake.set("disconnect-after=3000")
        let result = try await printer(fake, rows: 600).print(sampleTicket)
        guard case .failure(let error) = result else { Issue.record("printed: \(result)"); return }
        #expect(error.description.contains("127.0.0.1"), "\(error)")
        #expect(!fake.jobs().contains { $0.complete })
    }

    @Test func anAddressWithNobodyListeningIsUnreachable() async throws {
        let printer = EscPosPrinter(address: .socket(host: "127.0.0.1", port: 9), dots: 384, renderer: FrameRenderer())
        #expect(await printer.condition() == .unreachable)
        guard case .failure(let error) = await printer.print(sampleTicket) else { Issue.record("printed"); return }
        #expect(error.description.contains("127.0.0.1:9"), "\(error)")
    }

    @Test func statusBytesDecodeWorstFirst() {
        #expect(RealTimeStatus.condition(answers: [0x16, 0x12, 0x12]) == .ready)
        #expect(RealTimeStatus.condition(answers: [0x1E, 0x32, 0x72]) == .paperOut)
        #expect(RealTimeStatus.condition(answers: [0x16, 0x12, 0x1E]) == .paperNearEnd)
        #expect(RealTimeStatus.condition(answers: [0x1E, 0x16, 0x12]) == .coverOpen)
        #expect(RealTimeStatus.condition(answers: [0x1E, 0x12, 0x12]) == .offline)
        #expect(RealTimeStatus.condition(answers: [0x16, nil, 0x12]) == .unreachable)
        #expect(RealTimeStatus.condition(answers: [0xFF, 0x12, 0x12]) == .unreachable, "not a status byte")
    }
}
