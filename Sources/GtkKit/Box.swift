import CGtk

/// A row or column of children (`GtkBox`).
@MainActor public final class Box: Widget {
    /// Creates a box (`gtk_box_new`).
    public init(orientation: Orientation = .vertical, spacing: Int32 = 0) {
        super.init(newWidget: gtk_box_new(orientation.gtk, spacing))
    }

    private var box: UnsafeMutablePointer<GtkBox> { widgetPointer.cast() }

    /// Adds `child` at the end (`gtk_box_append`); the box then owns it.
    public func append(_ child: Widget) {
        adopt(child) { gtk_box_append(box, $0) }
    }

    /// Adds `child` at the start (`gtk_box_prepend`); the box then owns it.
    public func prepend(_ child: Widget) {
        adopt(child) { gtk_box_prepend(box, $0) }
    }

    /// Removes `child` (`gtk_box_remove`); its wrapper owns it again.
    public func remove(_ child: Widget) {
        detach(child) { gtk_box_remove(box, $0) }
    }

    /// Space between children (`gtk_box_get_spacing` / `gtk_box_set_spacing`).
    public var spacing: Int32 {
        get { withWidget(0) { gtk_box_get_spacing($0.cast()) } }
        set { withWidget { gtk_box_set_spacing($0.cast(), newValue) } }
    }

    /// Whether children get equal space (`gtk_box_get_homogeneous` / `gtk_box_set_homogeneous`).
    public var isHomogeneous: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_box_get_homogeneous($0.cast())) } }
        set { withWidget { gtk_box_set_homogeneous($0.cast(), newValue.gboolean) } }
    }

    /// The direction children are laid out in
    /// (`gtk_orientable_get_orientation` / `gtk_orientable_set_orientation`).
    public var orientation: Orientation {
        get { withWidget(.vertical) { Orientation(gtk_orientable_get_orientation($0.opaque)) } }
        set { withWidget { gtk_orientable_set_orientation($0.opaque, newValue.gtk) } }
    }
}
