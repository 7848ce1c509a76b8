import CGtk
import Foundation
import XCTest
@testable import GtkKit

final class SnapshotTests: GtkTestCase {
    func testSnapshotWritesAPNGOfTheWidgetsSize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gtkkit-snapshot-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (width, height) = try MainActor.assumeIsolated { () throws -> (Int32, Int32) in
            let label = Label("C012")
            label.setSizeRequest(width: 150, height: 60)
            label.halign = .center
            label.valign = .center
            let window = presentedWindow(with: label)
            defer { window.destroy() }
            XCTAssertTrue(label.isMapped, "the label never appeared")
            try label.snapshotPNG(to: path)
            let first = try Data(contentsOf: URL(fileURLWithPath: path))
            try label.snapshotPNG(to: path)
            let second = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(first, second, "two snapshots of an unchanged widget differ")
            return (label.allocatedWidth, label.allocatedHeight)
        }
        XCTAssertEqual(width, 150)
        XCTAssertEqual(height, 60)
        let png = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
        XCTAssertEqual(png.count > 24 ? String(decoding: png[12..<16], as: UTF8.self) : "", "IHDR")
        XCTAssertEqual(bigEndian(png, at: 16), UInt32(width))
        XCTAssertEqual(bigEndian(png, at: 20), UInt32(height))
    }

    func testSnapshotOfAWidgetNotOnScreenThrows() {
        MainActor.assumeIsolated {
            let label = Label("hidden")
            do throws(SnapshotError) {
                try label.snapshotPNG(to: "/tmp/never-written.png")
                XCTFail("a snapshot of an unmapped widget succeeded")
            } catch {
                XCTAssertEqual(error, .notDrawn)
            }
        }
    }
}

private func bigEndian(_ data: Data, at offset: Int) -> UInt32 {
    guard data.count >= offset + 4 else { return 0 }
    return data[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
}
