import CGtk

/// A thin line between groups (`GtkSeparator`).
@MainActor public final class Separator: Widget {
    /// Creates a separator (`gtk_separator_new`); a horizontal one is a horizontal line.
    public init(orientation: Orientation = .horizontal) {
        super.init(newWidget: gtk_separator_new(orientation.gtk))
    }
}
