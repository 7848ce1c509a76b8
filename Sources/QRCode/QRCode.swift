import CQRencode
import Glibc

/// A QR code (ISO/IEC 18004) of a text, its modules read out of libqrencode and the C struct
/// freed at once, so the value is plain Swift: copied, sent between threads, kept.
/// Error correction is level M (about 15 % of the code may be smudged or torn): a ticket in a
/// pocket still scans, and the code stays small enough for 58 mm paper.
public struct QRCode: Sendable, Equatable {
    /// Modules per side, without the quiet zone (21 for version 1, 4 more per version).
    public let width: Int
    /// The QR version (1…40) libqrencode chose: the smallest that holds the text.
    public let version: Int
    /// Row by row, `width × width`, true = dark.
    private let modules: [Bool]

    /// The light margin, in modules, a reader needs around the code (the standard's 4).
    public static let quietZone = 4

    public init(encoding text: String) throws(QRCodeError) {
        errno = 0
        // Version 0: the smallest that fits; QR_MODE_8: bytes (UTF-8) wherever the text is not
        // plain digits or upper-case letters; case-sensitive, as a URL's token is.
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
            let bytes = text.utf8.count
            throw errno == ERANGE ? .textTooLong(bytes: bytes) : .notEncoded(bytes: bytes, errno: errno)
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        self.width = width
        version = Int(code.pointee.version)
        // libqrencode's byte per module: bit 0 is dark; the other bits say what the module is for.
        modules = (0..<width * width).map { code.pointee.data[$0] & 1 != 0 }
    }

    /// Whether the module at column `x`, row `y` (0 ..< width, top left 0, 0) is dark.
    public func isDark(x: Int, y: Int) -> Bool {
        precondition((0..<width).contains(x) && (0..<width).contains(y), "module \(x), \(y) is outside a \(width)-module code")
        return modules[y * width + x]
    }

    /// Modules per side with the quiet zone on both sides: what must be left light around it.
    public var widthWithQuietZone: Int { width + 2 * Self.quietZone }
}

public enum QRCodeError: Error, Equatable, CustomStringConvertible {
    /// More than a version 40 code holds at level M (2331 bytes of 8-bit data).
    case textTooLong(bytes: Int)
    /// libqrencode refused for another reason (out of memory, say).
    case notEncoded(bytes: Int, errno: Int32)

    public var description: String {
        switch self {
        case .textTooLong(let bytes):
            "\(bytes) bytes do not fit in a QR code (at most 2331 at error correction M); shorten the text"
        case .notEncoded(let bytes, let errno):
            "libqrencode could not encode \(bytes) bytes (errno \(errno))"
        }
    }
}
