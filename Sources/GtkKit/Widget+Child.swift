import CGtk

extension Widget {
    /// Fills a single-child slot (a button's, window's or overlay's child) with `new`.
    /// The old child's wrapper takes ownership back first, so it survives the swap; the new
    /// child is then owned by this widget.
    func replaceChild(_ old: Widget?, with new: Widget?,
                      using set: (UnsafeMutablePointer<GtkWidget>?) -> Void) {
        guard old !== new else { return }
        withWidget { parent in
            if let old, !old.isDestroyed, gtk_widget_get_parent(old.widgetPointer) == parent {
                old.reclaimOwnership()
            }
            guard let new, !new.isDestroyed else {
                set(nil)
                return
            }
            set(new.widgetPointer)
            new.parentDidTakeOwnership(parented: gtk_widget_get_parent(new.widgetPointer) != nil)
        }
    }

    /// `wrapper` if it is still the widget's current child according to `current`.
    func currentChild(_ wrapper: Widget?, _ current: (UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>?) -> Widget? {
        guard let wrapper, !wrapper.isDestroyed else { return nil }
        return withWidget(nil) { current($0) == wrapper.widgetPointer ? wrapper : nil }
    }
}
