/// A one-bit image as ESC/POS prints it: rows top to bottom, each `bytesPerRow` bytes, the
/// most significant bit the leftmost dot, 1 = black; the last byte of a row padded with white.
public struct RasterImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var bits: [UInt8]

    public var bytesPerRow: Int { (width + 7) / 8 }

    public init(width: Int, height: Int) {
        precondition(width > 0 && height >= 0)
        self.width = width
        self.height = height
        bits = [UInt8](repeating: 0, count: (width + 7) / 8 * height)
    }

    public func isBlack(x: Int, y: Int) -> Bool {
        bits[y * bytesPerRow + x / 8] & (0x80 >> UInt8(x % 8)) != 0
    }

    public mutating func setBlack(x: Int, y: Int) {
        bits[y * bytesPerRow + x / 8] |= 0x80 >> UInt8(x % 8)
    }

    /// Rows `range` as their own image (a band).
    func rows(_ range: Range<Int>) -> ArraySlice<UInt8> {
        bits[range.lowerBound * bytesPerRow..<range.upperBound * bytesPerRow]
    }
}

/// The ESC/POS bytes of one ticket: reset, the raster in bands, a feed past the cutter, a cut.
public enum EscPosJob {
    /// Some firmware (XPrinter POS-5890K) garbles an image whose height is a multiple of 48 or
    /// 96: the image goes in bands of this many rows, never such a multiple.
    public static let bandHeight = 200

    public static func bytes(for image: RasterImage, feedLines: UInt8 = 4) -> [UInt8] {
        var out: [UInt8] = [0x1B, 0x40]  // ESC @: initialise
        var top = 0
        while top < image.height {
            let rows = min(bandHeight, image.height - top)
            let width = image.bytesPerRow
            // GS v 0 m xL xH yL yH: width in bytes, height in dots (rows).
            out += [0x1D, 0x76, 0x30, 0x00, UInt8(width & 0xFF), UInt8(width >> 8), UInt8(rows & 0xFF), UInt8(rows >> 8)]
            out += image.rows(top..<top + rows)
            top += rows
        }
        out += [0x1B, 0x64, feedLines]  // ESC d n: feed n lines, so the cut falls below the print
        out += [0x1D, 0x56, 0x01]  // GS V 1: partial cut (every model has one; some lack a full cut)
        return out
    }
}
