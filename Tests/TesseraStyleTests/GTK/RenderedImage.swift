import CGtk
import Foundation
import GtkKit
import TesseraStyle

/// The pixels of a widget's rendering: written with GtkKit's `snapshotPNG`, read back with
/// `gdk_texture_new_from_filename` + `gdk_texture_download` (cairo ARGB32, premultiplied;
/// opaque pixels are exact).
struct RenderedImage {
    let width: Int
    let height: Int
    private let bytes: [UInt8]

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Loads a PNG file.
    init(contentsOf path: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_filename(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw Failure(description: "cannot load \(path): \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        buffer.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        self.width = width
        self.height = height
        bytes = buffer
    }

    /// Renders `widget` now (it must be on a painted window).
    @MainActor init(of widget: Widget) throws {
        let path = NSTemporaryDirectory() + "tessera-render-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try widget.snapshotPNG(to: path)
        try self.init(contentsOf: path)
    }

    /// The colour at (x, y), alpha ignored.
    func color(x: Int, y: Int) -> ThemeColor {
        let offset = (y * width + x) * 4  // little-endian ARGB32: B, G, R, A in memory
        return ThemeColor(red: bytes[offset + 2], green: bytes[offset + 1], blue: bytes[offset])
    }

    /// Every distinct colour in the rectangle.
    func colors(inX xs: Range<Int>, y ys: Range<Int>) -> [ThemeColor] {
        var seen = Set<ThemeColor>()
        for y in ys { for x in xs { seen.insert(color(x: x, y: y)) } }
        return Array(seen)
    }
}

extension ThemeColor {
    /// Largest channel difference to `other`.
    func distance(to other: ThemeColor) -> Int {
        max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)), abs(Int(blue) - Int(other.blue)))
    }
}
