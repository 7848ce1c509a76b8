import CGtk

/// A main child with widgets stacked on top (`GtkOverlay`): the loading spinner sits in one
/// over its button.
@MainActor public final class Overlay: Widget {
    private var childWrapper: Widget?

    /// Creates an empty overlay (`gtk_overlay_new`).
    public init() {
        super.init(newWidget: gtk_overlay_new())
    }

    private var overlay: OpaquePointer { widgetPointer.opaque }

    /// The main child, which gives the overlay its size
    /// (`gtk_overlay_get_child` / `gtk_overlay_set_child`).
    public var child: Widget? {
        get { currentChild(childWrapper) { gtk_overlay_get_child($0.opaque) } }
        set {
            replaceChild(child, with: newValue) { gtk_overlay_set_child(overlay, $0) }
            childWrapper = newValue
        }
    }

    /// Puts `widget` on top of the child (`gtk_overlay_add_overlay`); the overlay owns it.
    public func addOverlay(_ widget: Widget) {
        adopt(widget) { gtk_overlay_add_overlay(overlay, $0) }
    }

    /// Takes `widget` off (`gtk_overlay_remove_overlay`); its wrapper owns it again.
    public func removeOverlay(_ widget: Widget) {
        detach(widget) { gtk_overlay_remove_overlay(overlay, $0) }
    }

    /// Whether `widget` counts when the overlay measures its size
    /// (`gtk_overlay_set_measure_overlay`).
    public func setMeasureOverlay(_ widget: Widget, _ measure: Bool) {
        guard !widget.isDestroyed else { return }
        withWidget { gtk_overlay_set_measure_overlay($0.opaque, widget.widgetPointer, measure.gboolean) }
    }

    /// Whether `widget` is clipped to the child's area (`gtk_overlay_set_clip_overlay`).
    public func setClipOverlay(_ widget: Widget, _ clip: Bool) {
        guard !widget.isDestroyed else { return }
        withWidget { gtk_overlay_set_clip_overlay($0.opaque, widget.widgetPointer, clip.gboolean) }
    }
}
