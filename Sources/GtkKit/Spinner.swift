import CGtk

/// A busy indicator (`GtkSpinner`).
@MainActor public final class Spinner: Widget {
    /// Creates a stopped spinner (`gtk_spinner_new`).
    public init() {
        super.init(newWidget: gtk_spinner_new())
    }

    /// Whether it spins (`gtk_spinner_get_spinning` / `gtk_spinner_set_spinning`).
    public var isSpinning: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_spinner_get_spinning($0.opaque)) } }
        set { withWidget { gtk_spinner_set_spinning($0.opaque, newValue.gboolean) } }
    }
}
