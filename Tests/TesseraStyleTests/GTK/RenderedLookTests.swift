import Foundation
import GtkKit
@testable import TesseraStyle
import XCTest

/// The pixels GTK draws match the theme's tokens in every style and state: the generated CSS
/// wins over GTK's own theme, nothing dims the text, and sizes follow the theme.
final class RenderedLookTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try GTKTestEnvironment.prepare() }
    }

    override func tearDown() {
        MainActor.assumeIsolated { _ = StyleProvider.shared.use(.standard) }
    }

    func testEveryStyleAndStateIsDrawnInItsTokenColours() throws {
        try MainActor.assumeIsolated {
            for theme in [Theme.standard, .highContrast] {
                try Self.checkGallery(in: theme)
            }
        }
    }

    @MainActor private static func checkGallery(in theme: Theme) throws {
        StyleProvider.shared.use(theme)
        let gallery = StyleGallery()
        let window = TestWindow(gallery.root)
        defer { window.close() }
        let directory = NSTemporaryDirectory() + "tessera-look-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try gallery.render(to: directory)
        for cell in gallery.cells {
            let image = try RenderedImage(contentsOf: directory + "/" + cell.fileName)
            let tokens = cell.style.tokens(from: theme)
            let state: ButtonState = switch cell.sample {
            case .normal, .focus: .normal
            case .hover: .hover
            case .pressed: .pressed
            case .disabled: .disabled
            case .loading: .loading
            }
            let expected = tokens[state]
            let what = "\(theme.name) \(cell.fileName)"
            let (left, top, width, height) = bounds(of: cell.button.button, in: cell.frame)
            let middle = top + height / 2
            XCTAssertEqual(image.color(x: left + tokens.borderWidth + 3, y: middle), expected.background,
                           "\(what): background")
            if tokens.borderWidth > 0 {
                XCTAssertLessThanOrEqual(image.color(x: left, y: middle).distance(to: expected.border), 2,
                                         "\(what): border")
            }
            // Solid glyph stems of bold text carry the exact foreground colour.
            let inside = image.colors(inX: left + 6..<left + width - 6, y: top + 6..<top + height - 6)
            let closest = inside.map { $0.distance(to: expected.foreground) }.min() ?? 255
            XCTAssertLessThanOrEqual(closest, 8, "\(what): no text pixel in \(expected.foreground)")
            if cell.sample == .focus {
                let ring = image.color(x: left - theme.focusRing.offset - 1, y: middle)
                XCTAssertEqual(ring, theme.focusRing.color, "\(what): focus ring")
            } else {
                XCTAssertEqual(image.color(x: left - theme.focusRing.offset - 1, y: middle), theme.surface.background,
                               "\(what): no ring without focus")
            }
        }
    }

    func testMinimumHeightsComeFromTheTheme() {
        MainActor.assumeIsolated {
            for theme in [Theme.standard, .highContrast] {
                StyleProvider.shared.use(theme)
                let column = Box(orientation: .vertical, spacing: 8)
                let buttons = ButtonContext.allCases.flatMap { context in
                    builtInButtonStyles.map { StyledButton("Call next", style: $0, context: context) }
                }
                buttons.forEach { column.append($0.widget) }
                let window = TestWindow(column)
                defer { window.close() }
                for button in buttons {
                    let height = bounds(of: button.button, in: column).height
                    let minimum = theme.minimumHeight(for: button.context)
                    // Exactly the minimum unless the text needs more: a desk button's 20 px
                    // content box is less than one line of 20 px text, a kiosk's is not.
                    XCTAssertGreaterThanOrEqual(height, minimum, "\(theme.name) \(button.style.name) \(button.context)")
                    if button.context == .kiosk {
                        XCTAssertEqual(height, minimum, "\(theme.name) \(button.style.name) kiosk")
                    }
                }
            }
            XCTAssertGreaterThanOrEqual(Theme.standard.minimumHeight(for: .kiosk), 64)
            XCTAssertGreaterThanOrEqual(Theme.standard.minimumHeight(for: .desk), 48)
        }
    }

    /// The busy cover is measured with the button, so turning busy never resizes it.
    func testBusyDoesNotChangeTheButtonsSize() {
        MainActor.assumeIsolated {
            let button = StyledButton("OK").busyLabel("Printing your ticket…")
            let window = TestWindow(button.widget)
            defer { window.close() }
            let before = bounds(of: button.button, in: button.widget)
            button.setBusy(true)
            window.window.waitForPaint()
            XCTAssertTrue(button.isBusy)
            let during = bounds(of: button.button, in: button.widget)
            XCTAssertEqual([before.width, before.height], [during.width, during.height])
            button.setBusy(false)
        }
    }
}
