import CGtk

extension Label {
    /// Whether text too long for the space given ends in "…" (`gtk_label_get_ellipsize` /
    /// `gtk_label_set_ellipsize`, `PANGO_ELLIPSIZE_END`). An ellipsizing label asks for almost
    /// no width, so large type does not force its window wider than the screen.
    public var ellipsizes: Bool {
        get { withWidget(false) { gtk_label_get_ellipsize($0.opaque) != PANGO_ELLIPSIZE_NONE } }
        set { withWidget { gtk_label_set_ellipsize($0.opaque, newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE) } }
    }
}
