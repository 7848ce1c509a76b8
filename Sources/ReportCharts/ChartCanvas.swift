import CCairo

/// A rectangle in the cairo context's user space (points on a PDF page, pixels in a
/// GtkDrawingArea), origin top left.
public struct ChartRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    var maxX: Double { x + width }
    var maxY: Double { y + height }

    /// This rectangle less `top`, `left`, `bottom` and `right`.
    func inset(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> ChartRect {
        ChartRect(x: x + left, y: y + top, width: max(0, width - left - right), height: max(0, height - top - bottom))
    }
}

/// An opaque colour, 0…1 per channel.
public struct ChartColour: Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RRGGBB` (a service's colour); nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"), let value = UInt32(String(hex.dropFirst()), radix: 16) else {
            return nil
        }
        self.init(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255, blue: Double(value & 0xFF) / 255)
    }
}

/// Drawing on a `cairo_t` the caller owns (a PDF page's, or the one a GtkDrawingArea's draw
/// function is given): shapes and text in the chart style's font, with cairo's own text API
/// (no Pango, so the module needs cairo alone). Saves and restores the context's state around
/// each call, so the caller's context is left as it was.
struct ChartCanvas {
    let cairo: OpaquePointer
    let style: ChartStyle

    enum Alignment { case left, centre, right }

    func fill(_ rect: ChartRect, _ colour: ChartColour) {
        cairo_save(cairo)
        set(colour)
        cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    func stroke(_ rect: ChartRect, _ colour: ChartColour, width: Double = 1) {
        cairo_save(cairo)
        set(colour)
        cairo_set_line_width(cairo, width)
        cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }

    /// A polyline through `points`; dashed when `dashed`.
    func line(_ points: [(Double, Double)], _ colour: ChartColour, width: Double = 1, dashed: Bool = false) {
        guard let first = points.first else { return }
        cairo_save(cairo)
        set(colour)
        cairo_set_line_width(cairo, width)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        if dashed {
            let dashes: [Double] = [4, 3]
            cairo_set_dash(cairo, dashes, 2, 0)
        }
        cairo_move_to(cairo, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(cairo, point.0, point.1) }
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }

    func dot(_ x: Double, _ y: Double, radius: Double, _ colour: ChartColour) {
        cairo_save(cairo)
        set(colour)
        cairo_arc(cairo, x, y, radius, 0, 2 * Double.pi)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// `text` with its baseline at `y`, starting, centred or ending at `x`.
    func text(_ text: String, x: Double, y: Double, size: Double, bold: Bool = false, colour: ChartColour? = nil,
              alignment: Alignment = .left) {
        cairo_save(cairo)
        font(size: size, bold: bold)
        set(colour ?? style.text)
        let width = advance(text)
        let start = switch alignment {
        case .left: x
        case .centre: x - width / 2
        case .right: x - width
        }
        cairo_move_to(cairo, start, y)
        cairo_show_text(cairo, text)
        cairo_restore(cairo)
    }

    func width(of text: String, size: Double, bold: Bool = false) -> Double {
        cairo_save(cairo)
        font(size: size, bold: bold)
        let width = advance(text)
        cairo_restore(cairo)
        return width
    }

    /// `text`, shortened with "…" until it is at most `width` wide.
    func fitted(_ text: String, width: Double, size: Double, bold: Bool = false) -> String {
        guard self.width(of: text, size: size, bold: bold) > width else { return text }
        var characters = Array(text)
        while !characters.isEmpty {
            characters.removeLast()
            let shorter = String(characters).trimmingTrailingSpaces() + "…"
            if self.width(of: shorter, size: size, bold: bold) <= width { return shorter }
        }
        return "…"
    }

    /// `text` broken at spaces into lines at most `width` wide (a word wider than that on a
    /// line of its own).
    func wrapped(_ text: String, width: Double, size: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let longer = line.isEmpty ? String(word) : line + " " + word
            if line.isEmpty || self.width(of: longer, size: size) <= width {
                line = longer
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The largest size up to `size` at which `text` is at most `width` wide (not below half).
    func fittingSize(_ text: String, width: Double, size: Double, bold: Bool = false) -> Double {
        var fitted = size
        while fitted > size / 2, self.width(of: text, size: fitted, bold: bold) > width { fitted -= 0.5 }
        return fitted
    }

    private func font(size: Double, bold: Bool) {
        cairo_select_font_face(cairo, style.fontFamily, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, size * style.textScale)
    }

    private func advance(_ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cairo, text, &extents)
        return extents.x_advance
    }

    private func set(_ colour: ChartColour) {
        cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
