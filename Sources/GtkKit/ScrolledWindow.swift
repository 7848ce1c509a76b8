import CGtk

/// A child that may be larger than the space given, scrolled (`GtkScrolledWindow`, both
/// scrollbars shown only when needed): the demo's desk is wider than a third of a window.
@MainActor public final class ScrolledWindow: Widget {
    private var childWrapper: Widget?

    /// Creates an empty scrolled window (`gtk_scrolled_window_new`).
    public init() {
        super.init(newWidget: gtk_scrolled_window_new())
    }

    /// The scrolled content (`gtk_scrolled_window_get_child` / `gtk_scrolled_window_set_child`).
    public var child: Widget? {
        get { currentChild(childWrapper) { gtk_scrolled_window_get_child($0.opaque) } }
        set {
            replaceChild(child, with: newValue) { gtk_scrolled_window_set_child(widgetPointer.opaque, $0) }
            childWrapper = newValue
        }
    }

    /// Whether a thin border is drawn around the content (`gtk_scrolled_window_set_has_frame`).
    public var hasFrame: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_scrolled_window_get_has_frame($0.opaque)) } }
        set { withWidget { gtk_scrolled_window_set_has_frame($0.opaque, newValue.gboolean) } }
    }
}
