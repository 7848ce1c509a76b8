import Foundation
import QueueCore
import QueueStoreTesting
import TesseraFeatures
import XCTest
@testable import TesseraApp

/// The paper ticket as Pango and Cairo draw it, encoded as ESC/POS and read back by the fake
/// printer's own decoder (not the encoder): the commands in order, the raster as a PNG.
/// `TESSERA_TICKET_PNG_DIR=DIR` keeps the PNGs (docs/screenshots/ticket-*.png came from here).
final class TicketRasterTests: XCTestCase {
    private let ticket = PrintedTicket(storeName: "Cardiff Queen Street", code: "C012", serviceName: "Click & Collect",
                                       issuedOn: BusinessDay(year: 2026, month: 11, day: 30), issuedAtSeconds: 19 * 3600 + 5 * 60,
                                       peopleAhead: 4, estimatedWait: .seconds(600), footer: "Diolch — thank you for waiting")

    private func decode(dots: Int) throws -> (RasterImage, [String], String) {
        let image = PangoTicketRenderer().render(ticket, dots: dots)
        let directory = ProcessInfo.processInfo.environment["TESSERA_TICKET_PNG_DIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let png = directory.appendingPathComponent("ticket-\(dots)-dots.png").path
        let commands = try FakePrinter.decode(EscPosJob.bytes(for: image), png: png)
        return (image, commands, png)
    }

    func testTheTicketIsResetRasterBandsFeedAndCutAtBothPaperWidths() throws {
        for dots in [384, 576] {
            let (image, commands, png) = try decode(dots: dots)
            XCTAssertEqual(image.width, dots)
            let bands = (image.height + EscPosJob.bandHeight - 1) / EscPosJob.bandHeight
            XCTAssertEqual(commands, ["ESC @"] + Array(repeating: "GS v 0", count: bands) + ["ESC d", "GS V"], "\(dots) dots")
            XCTAssertTrue(FileManager.default.fileExists(atPath: png))
        }
    }

    /// The code is the largest thing on the paper: the tallest run of rows with ink, and as
    /// wide as a third of the paper at least.
    func testTheCodeIsVeryLarge() throws {
        let image = PangoTicketRenderer().render(ticket, dots: 384)
        var runs: [(start: Int, height: Int, width: Int)] = []
        var start: Int?
        var left = Int.max, right = 0
        for y in 0...image.height {
            let inked = y < image.height ? (0..<image.width).filter { image.isBlack(x: $0, y: y) } : []
            if let first = inked.first, let last = inked.last {
                if start == nil { start = y; left = .max; right = 0 }
                left = min(left, first); right = max(right, last)
            } else if let begun = start {
                runs.append((begun, y - begun, right - left + 1))
                start = nil
            }
        }
        let tallest = try XCTUnwrap(runs.max { $0.height < $1.height })
        XCTAssertGreaterThan(tallest.height, 384 / 6, "the code's line is tall: \(runs)")
        XCTAssertGreaterThan(tallest.width, 384 / 3, "and wide: \(runs)")
        XCTAssertGreaterThanOrEqual(runs.count, 7, "store, heading, code, service, date, ahead, wait, footer: \(runs)")
    }

    func testTheIssueTimeIsTheStoresWallClock() {
        let words = KioskWords(language: .locale)
        XCTAssertEqual(words.issued(on: BusinessDay(year: 2026, month: 3, day: 9), at: 9 * 3600 + 7 * 60), "09/03/2026 09:07")
    }
}
