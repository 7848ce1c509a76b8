import CGtk

/// Children in rows and columns (`GtkGrid`).
@MainActor public final class Grid: Widget {
    /// Creates an empty grid (`gtk_grid_new`).
    public init() {
        super.init(newWidget: gtk_grid_new())
    }

    private var grid: UnsafeMutablePointer<GtkGrid> { widgetPointer.cast() }

    /// Places `child` at a cell, spanning `width` columns and `height` rows
    /// (`gtk_grid_attach`); the grid then owns it.
    public func attach(_ child: Widget, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
        adopt(child) { gtk_grid_attach(grid, $0, column, row, width, height) }
    }

    /// Removes `child` (`gtk_grid_remove`); its wrapper owns it again.
    public func remove(_ child: Widget) {
        detach(child) { gtk_grid_remove(grid, $0) }
    }

    /// Space between rows (`gtk_grid_get_row_spacing` / `gtk_grid_set_row_spacing`).
    public var rowSpacing: UInt32 {
        get { withWidget(0) { gtk_grid_get_row_spacing($0.cast()) } }
        set { withWidget { gtk_grid_set_row_spacing($0.cast(), newValue) } }
    }

    /// Space between columns (`gtk_grid_get_column_spacing` / `gtk_grid_set_column_spacing`).
    public var columnSpacing: UInt32 {
        get { withWidget(0) { gtk_grid_get_column_spacing($0.cast()) } }
        set { withWidget { gtk_grid_set_column_spacing($0.cast(), newValue) } }
    }

    /// Whether all rows have the same height
    /// (`gtk_grid_get_row_homogeneous` / `gtk_grid_set_row_homogeneous`).
    public var rowHomogeneous: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_grid_get_row_homogeneous($0.cast())) } }
        set { withWidget { gtk_grid_set_row_homogeneous($0.cast(), newValue.gboolean) } }
    }

    /// Whether all columns have the same width
    /// (`gtk_grid_get_column_homogeneous` / `gtk_grid_set_column_homogeneous`).
    public var columnHomogeneous: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_grid_get_column_homogeneous($0.cast())) } }
        set { withWidget { gtk_grid_set_column_homogeneous($0.cast(), newValue.gboolean) } }
    }
}
