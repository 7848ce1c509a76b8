import CCairo
import Foundation
import QRCode
import Testing

/// The ticket's own address as a QR code: drawn with cairo as the ticket and a screen draw it,
/// then read back by a real decoder (zbarimg, from zbar-tools, which `scripts/bootstrap test`
/// installs; a missing tool fails the test rather than skipping it).
struct QRCodeTests {
    static let ticketURL = "http://192.168.1.20:8080/t/AbCdEfGhIjKlMnOpQrStUv"
    /// A 384-dot (58 mm) ticket less PangoTicketRenderer's margins, max(8, 384 / 24) each side.
    static let ticketDots = 384 - 2 * 16

    @Test func aPrintedTicketsCodeReadsBackAsItsAddress() throws {
        let code = try QRCode(encoding: Self.ticketURL)
        let dots = try #require(PrintedQRSize.moduleDots(for: code, availableDots: Self.ticketDots))
        let side = Int(QRCodePainter.side(of: code, moduleSize: Double(dots)))
        // As on the ticket: an A8 surface where whatever is drawn is ink, the quiet zone left clear.
        let ink = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(side), Int32(side))!
        defer { cairo_surface_destroy(ink) }
        let cairo = cairo_create(ink)!
        QRCodePainter.draw(code, on: cairo, x: 0, y: 0, moduleSize: Double(dots), light: .leaveClear)
        cairo_destroy(cairo)
        // The paper: white, black where the ink is.
        let paper = whiteSurface(width: side, height: side)
        defer { cairo_surface_destroy(paper) }
        let printing = cairo_create(paper)!
        cairo_set_source_rgb(printing, 0, 0, 0)
        cairo_mask_surface(printing, ink, 0, 0)
        cairo_destroy(printing)
        #expect(try decoded(paper, name: "printed") == Self.ticketURL)
    }

    @Test func aScreenSizedCodeReadsBackAsItsAddress() throws {
        let code = try QRCode(encoding: Self.ticketURL)
        // A page's grey background around it, at an offset that is not a whole pixel.
        let size = 320
        let page = whiteSurface(width: size, height: size, grey: 0.85)
        defer { cairo_surface_destroy(page) }
        let cairo = cairo_create(page)!
        QRCodePainter.draw(code, on: cairo, x: 20.5, y: 11, moduleSize: 6)
        cairo_destroy(cairo)
        #expect(try decoded(page, name: "screen") == Self.ticketURL)
    }

    /// A reader finds the code by the light margin round it: 4 modules each side, light on a
    /// dark page (painted white) and clear on the ticket's ink surface (never inked).
    @Test func theQuietZoneIsFourLightModulesRoundTheCode() throws {
        let code = try QRCode(encoding: Self.ticketURL)
        let module = 3
        let side = code.widthWithQuietZone * module
        let page = whiteSurface(width: side, height: side, grey: 0)
        defer { cairo_surface_destroy(page) }
        let ink = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(side), Int32(side))!
        defer { cairo_surface_destroy(ink) }
        for (surface, light) in [(page, QRCodePainter.Light.paintWhite), (ink, .leaveClear)] {
            let cairo = cairo_create(surface)!
            QRCodePainter.draw(code, on: cairo, x: 0, y: 0, moduleSize: Double(module), light: light)
            cairo_destroy(cairo)
        }
        let margin = QRCode.quietZone * module
        var unlit: [(Int, Int)] = [], inked: [(Int, Int)] = []
        for y in 0..<side {
            for x in 0..<side where x < margin || y < margin || x >= side - margin || y >= side - margin {
                if pixel(page, x: x, y: y) != 0xFFFFFF { unlit.append((x, y)) }
                if pixel(ink, x: x, y: y) != 0 { inked.append((x, y)) }
            }
        }
        #expect(unlit.count == 0, "\(unlit.count) quiet-zone pixels of the page are not white, the first \(unlit.prefix(3))")
        #expect(inked.count == 0, "\(inked.count) quiet-zone pixels of the ticket are inked, the first \(inked.prefix(3))")
        // The finder pattern's corner module starts right inside it.
        #expect(pixel(page, x: margin, y: margin) == 0 && pixel(ink, x: margin, y: margin) == 0xFF)
        #expect(pixel(page, x: margin - 1, y: margin) == 0xFFFFFF)
    }

    @Test func theCodeIsLibqrencodesModules() throws {
        let code = try QRCode(encoding: Self.ticketURL)
        #expect(code.width == 17 + 4 * code.version)
        #expect(code.widthWithQuietZone == code.width + 8)
        // The top left finder pattern: a dark ring, a light ring, a dark 3 × 3 centre.
        let finder = (0..<7).map { y in (0..<7).map { x in code.isDark(x: x, y: y) } }
        #expect(finder[0].allSatisfy { $0 } && finder[6].allSatisfy { $0 })
        #expect(!finder[1][1] && !finder[1][5] && !finder[5][3] && finder[3][3] && finder[2][4])
        #expect(!code.isDark(x: 7, y: 0), "the separator beside the finder is light")
    }

    @Test func tooLongATextIsTheError() throws {
        let most = String(repeating: "a", count: 2331)
        #expect(try QRCode(encoding: most).version == 40)
        #expect(throws: QRCodeError.textTooLong(bytes: 2332)) { try QRCode(encoding: most + "a") }
        let error = #expect(throws: QRCodeError.self) { try QRCode(encoding: String(repeating: "ŵ", count: 1200)) }
        #expect(error?.description == "2400 bytes do not fit in a QR code (at most 2331 at error correction M); shorten the text")
    }

    @Test func aTicketsCodeIsAtLeast20mmWideAt203Dpi() throws {
        let code = try QRCode(encoding: Self.ticketURL)
        let dots = try #require(PrintedQRSize.moduleDots(for: code, availableDots: Self.ticketDots))
        let millimetres = PrintedQRSize.millimetres(of: code, moduleDots: dots)
        #expect(millimetres >= 20, "\(code.width) modules × \(dots) dots = \(millimetres) mm")
        #expect(PrintedQRSize.millimetres(of: code, moduleDots: dots - 1) < 20, "the fewest dots that reach 20 mm")
        #expect(dots * code.widthWithQuietZone <= Self.ticketDots)
        #expect(PrintedQRSize.moduleDots(for: code, availableDots: 150) == nil, "too narrow a ticket for 20 mm")
    }

    // MARK: Helpers

    private func whiteSurface(width: Int, height: Int, grey: Double = 1) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, grey, grey, grey)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        return surface
    }

    /// An RGB24 pixel (0xRRGGBB) or an A8 one (its alpha).
    private func pixel(_ surface: OpaquePointer, x: Int, y: Int) -> UInt32 {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8 { return UInt32(data[y * stride + x]) }
        return UnsafeRawPointer(data + y * stride + 4 * x).loadUnaligned(as: UInt32.self) & 0xFFFFFF
    }

    /// What `zbarimg --raw -q` reads in the surface, written as a PNG (kept in the temporary
    /// directory for a person to look at).
    private func decoded(_ surface: OpaquePointer, name: String) throws -> String {
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-qr-\(name).png").path
        cairo_surface_flush(surface)
        #expect(cairo_surface_write_to_png(surface, png) == CAIRO_STATUS_SUCCESS)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--raw", "-q", png]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "zbarimg found no code in \(png)")
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
