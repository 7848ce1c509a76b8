import CGtk

extension Widget {
    /// The pointer's look over this widget by its CSS cursor name (`"none"` hides it), nil for
    /// the parent's (`gtk_widget_set_cursor_from_name`; read back with `gtk_widget_get_cursor`
    /// and `gdk_cursor_get_name`).
    public var cursorName: String? {
        get {
            withWidget(nil) { widget in
                gtk_widget_get_cursor(widget).flatMap { string(borrowing: gdk_cursor_get_name($0)) }
            }
        }
        set { withWidget { gtk_widget_set_cursor_from_name($0, newValue) } }
    }
}
