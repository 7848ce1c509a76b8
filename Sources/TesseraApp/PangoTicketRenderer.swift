import CGtk
import TesseraFeatures

/// Draws the paper ticket with Pango and Cairo (GTK's own libraries): any language and script
/// the store's fonts cover prints as on screen, which a printer's code pages cannot (Welsh ŵ
/// and ŷ are in none of the common ones). Text is laid out at the printer's dot width, then
/// each pixel darker than half becomes a black dot.
struct PangoTicketRenderer: TicketRenderer {
    /// The font family the ticket is set in.
    var family = "Sans"

    func render(_ ticket: PrintedTicket, dots: Int) -> RasterImage {
        let margin = max(8, dots / 24)
        let width = dots - 2 * margin
        let blocks = TicketLayout.blocks(for: ticket, dots: dots)
        // Lay out once on a scratch surface to measure, then draw at the measured height.
        let scratch = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        let measuring = cairo_create(scratch)
        defer { cairo_destroy(measuring); cairo_surface_destroy(scratch) }
        let layouts = blocks.map { layout($0, width: width, context: measuring!) }
        defer { layouts.forEach { g_object_unref(UnsafeMutableRawPointer($0.layout)) } }
        let height = layouts.reduce(margin * 2) { $0 + $1.height + $1.gapBefore }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(dots), Int32(height))
        let cairo = cairo_create(surface)
        var y = margin
        for placed in layouts {
            y += placed.gapBefore
            cairo_move_to(cairo, Double(margin), Double(y))
            pango_cairo_update_layout(cairo, placed.layout)
            pango_cairo_show_layout(cairo, placed.layout)
            y += placed.height
        }
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        defer { cairo_surface_destroy(surface) }
        return threshold(surface, width: dots, height: height)
    }

    private struct Placed {
        var layout: OpaquePointer
        var height: Int
        var gapBefore: Int
    }

    private func layout(_ block: TicketLayout.Block, width: Int, context: OpaquePointer) -> Placed {
        let layout = pango_cairo_create_layout(context)!
        pango_layout_set_text(layout, block.text, -1)
        pango_layout_set_width(layout, Int32(width) * PangoUnits.scale)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        var size = block.pixelSize
        // The code must never wrap: shrink it until its widest line fits.
        while true {
            let font = pango_font_description_new()
            pango_font_description_set_family(font, family)
            pango_font_description_set_weight(font, block.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
            pango_font_description_set_absolute_size(font, Double(size) * Double(PangoUnits.scale))
            pango_layout_set_font_description(layout, font)
            pango_font_description_free(font)
            var logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, nil, &logical)
            if !block.singleLine || (pango_layout_get_line_count(layout) == 1 && Int(logical.width) <= width) || size <= 12 {
                return Placed(layout: layout, height: Int(logical.height), gapBefore: block.gapBefore)
            }
            size = size * 9 / 10
        }
    }

    private func threshold(_ surface: OpaquePointer?, width: Int, height: Int) -> RasterImage {
        var image = RasterImage(width: width, height: height)
        guard let data = cairo_image_surface_get_data(surface) else { return image }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            for x in 0..<width where data[y * stride + x] >= 128 {
                image.setBlack(x: x, y: y)
            }
        }
        return image
    }
}

private enum PangoUnits {
    /// `PANGO_SCALE`: a macro Swift does not import.
    static let scale: Int32 = 1024
}
