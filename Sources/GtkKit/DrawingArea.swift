import CGtk

/// A widget drawn by Swift code with cairo (`GtkDrawingArea`): GTK calls the draw handler with
/// a `cairo_t` (as an `OpaquePointer`, to hand to any cairo-drawing module) and the size to
/// fill, whenever the area must be painted; `Widget.queueDraw()` asks for it again.
@MainActor public final class DrawingArea: Widget {
    /// Draws into the `cairo_t` an area of the given width and height.
    public typealias DrawHandler = @MainActor (_ cairo: OpaquePointer, _ width: Int, _ height: Int) -> Void

    /// Creates an empty drawing area (`gtk_drawing_area_new`).
    public init() {
        super.init(newWidget: gtk_drawing_area_new())
    }

    /// The size the area asks for (`gtk_drawing_area_set_content_width` / `_height`).
    public func setContentSize(width: Int32, height: Int32) {
        withWidget { widget in
            gtk_drawing_area_set_content_width(widget.cast(), width)
            gtk_drawing_area_set_content_height(widget.cast(), height)
        }
    }

    /// Sets what paints the area (`gtk_drawing_area_set_draw_func`). GLib owns the handler's
    /// box and releases it when the handler is replaced or the area is finalized.
    public func onDraw(_ handler: @escaping DrawHandler) {
        let box = CallbackBox<DrawHandler>(handler)
        let trampoline: @convention(c) (UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32,
                                        UnsafeMutableRawPointer?) -> Void = { _, cairo, width, height, data in
            guard let cairo, let data else { return }
            let box = CallbackBox<DrawHandler>.from(data), cairoBits = Int(bitPattern: UnsafeRawPointer(cairo))
            MainActor.assumeIsolated {
                let call = box.call
                call(OpaquePointer(bitPattern: cairoBits)!, Int(width), Int(height))
            }
        }
        withWidget { gtk_drawing_area_set_draw_func($0.cast(), trampoline, box.retainedForGLib(), releaseSourceBox) }
    }
}
