import CCairo

/// Draws a QR code on a `cairo_t` the caller owns: the ticket's A8 raster (PangoTicketRenderer),
/// a PNG, or the context a GtkDrawingArea's draw function is given. Each module is a filled
/// square of `moduleSize` user units, antialiasing off so edges fall on whole pixels when the
/// size is whole. The context's state is saved and restored around the drawing.
public enum QRCodePainter {
    /// How the light modules and the quiet zone are drawn.
    public enum Light: Sendable {
        /// Painted opaque white: a screen, a PNG, any surface that is not already light.
        case paintWhite
        /// Left as they are: the ticket's A8 surface, where anything painted is ink (alpha
        /// 255 prints black whatever its colour), so only the dark modules may be drawn. The
        /// caller keeps the quiet zone clear.
        case leaveClear
    }

    /// The side, in user units, of the code with its quiet zone at `moduleSize`.
    public static func side(of code: QRCode, moduleSize: Double) -> Double {
        Double(code.widthWithQuietZone) * moduleSize
    }

    /// Draws `code` with its quiet zone, the quiet zone's top left corner at `x`, `y`.
    public static func draw(_ code: QRCode, on cairo: OpaquePointer, x: Double, y: Double, moduleSize: Double,
                            light: Light = .paintWhite) {
        precondition(moduleSize > 0, "a module must have a size")
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
        if case .paintWhite = light {
            cairo_set_source_rgb(cairo, 1, 1, 1)
            let side = side(of: code, moduleSize: moduleSize)
            cairo_rectangle(cairo, x, y, side, side)
            cairo_fill(cairo)
        }
        cairo_set_source_rgb(cairo, 0, 0, 0)
        let origin = Double(QRCode.quietZone) * moduleSize
        for row in 0..<code.width {
            // A run of dark modules in a row is one rectangle: fewer, larger shapes, no seams.
            var column = 0
            while column < code.width {
                guard code.isDark(x: column, y: row) else { column += 1; continue }
                let start = column
                while column < code.width, code.isDark(x: column, y: row) { column += 1 }
                cairo_rectangle(cairo, x + origin + Double(start) * moduleSize, y + origin + Double(row) * moduleSize,
                                Double(column - start) * moduleSize, moduleSize)
            }
        }
        cairo_fill(cairo)
    }
}
