/// The module size of a QR code on a thermal ticket: whole printer dots per module (a module
/// that is 4.85 dots prints as 4 or 5 unevenly, which readers dislike), as few as make the
/// code at least `minimumMillimetres` wide. 20 mm is what a phone's camera resolves from 30 cm
/// (issue 27: the customer holds the ticket at reading distance, not against the lens).
public enum PrintedQRSize {
    /// The kiosk's printers (58 mm and 80 mm ESC/POS): 203 dots per inch, 8 dots per mm.
    public static let printerDotsPerInch = 203.0
    public static let minimumMillimetres = 20.0

    /// Dots per module so that the code itself (not its quiet zone) is at least
    /// `minimumMillimetres` wide; nil when the code and its quiet zone would not fit in
    /// `availableDots` (the printer's dots less the ticket's margins).
    public static func moduleDots(for code: QRCode, availableDots: Int, dotsPerInch: Double = printerDotsPerInch,
                                  minimumMillimetres: Double = minimumMillimetres) -> Int? {
        let wantedDots = minimumMillimetres / 25.4 * dotsPerInch
        let dots = max(1, Int((wantedDots / Double(code.width)).rounded(.up)))
        return dots * code.widthWithQuietZone <= availableDots ? dots : nil
    }

    /// How wide, in mm, the code itself prints at `moduleDots`.
    public static func millimetres(of code: QRCode, moduleDots: Int, dotsPerInch: Double = printerDotsPerInch) -> Double {
        Double(code.width * moduleDots) / dotsPerInch * 25.4
    }
}
