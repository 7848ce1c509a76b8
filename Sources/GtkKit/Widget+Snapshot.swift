import CGtk

/// Why `snapshotPNG(to:)` produced no file.
public enum SnapshotError: Error, Sendable, Equatable {
    /// The widget was destroyed.
    case destroyed
    /// The widget has not been drawn yet (not mapped, or zero size).
    case notDrawn
    /// The renderer could not be set up.
    case rendererUnavailable(String)
    /// Rendering produced no texture.
    case renderFailed
    /// Writing the file failed.
    case writeFailed(path: String)
}

extension Widget {
    /// Writes what the widget shows now to a PNG file at its allocated size.
    ///
    /// The widget's last rendering (`gtk_widget_paintable_new` → `gdk_paintable_snapshot`)
    /// is rendered by a fresh cairo renderer (`gsk_cairo_renderer_new`,
    /// `gsk_renderer_render_texture`) so the result does not depend on `GSK_RENDERER`, and
    /// saved with `gdk_texture_save_to_png`. The widget must be on a window that has drawn.
    public func snapshotPNG(to path: String) throws(SnapshotError) {
        guard !isDestroyed else { throw .destroyed }
        let widget = widgetPointer
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard Bool(gboolean: gtk_widget_get_mapped(widget)), width > 0, height > 0,
              let surface = gtk_native_get_surface(gtk_widget_get_native(widget)) else { throw .notDrawn }

        guard let node = renderNode(widget, width: width, height: height) else { throw .notDrawn }
        defer { gsk_render_node_unref(node) }

        guard let renderer = gsk_cairo_renderer_new() else { throw .rendererUnavailable("no cairo renderer") }
        defer { g_object_unref(UnsafeMutableRawPointer(renderer)) }
        var error: UnsafeMutablePointer<GError>?
        guard Bool(gboolean: gsk_renderer_realize(renderer, surface, &error)) else {
            let message = error.flatMap { string(borrowing: $0.pointee.message) } ?? "realize failed"
            g_clear_error(&error)
            throw .rendererUnavailable(message)
        }
        defer { gsk_renderer_unrealize(renderer) }

        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                       size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { throw .renderFailed }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard Bool(gboolean: gdk_texture_save_to_png(texture, path)) else { throw .writeFailed(path: path) }
    }

    /// The widget's current rendering as a render node of `width`×`height`, or nil if empty.
    private func renderNode(_ widget: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32) -> OpaquePointer? {
        guard let paintable = gtk_widget_paintable_new(widget) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        guard let snapshot = gtk_snapshot_new() else { return nil }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        return gtk_snapshot_free_to_node(snapshot)
    }
}
