import CGtk

/// Children laid out in rows that wrap to the width given (`GtkFlowBox`, nothing selectable):
/// a row of buttons that becomes two on a narrow screen without a widget being moved by hand,
/// so a press in progress survives the reflow.
@MainActor public final class FlowBox: Widget {
    /// Creates a flow box (`gtk_flow_box_new`, `GTK_SELECTION_NONE`) with at most
    /// `perLine` children in a row and `spacing` pixels between them both ways.
    public init(perLine: UInt32, spacing: UInt32) {
        super.init(newWidget: gtk_flow_box_new())
        withWidget { widget in
            let box = widget.opaque
            gtk_flow_box_set_selection_mode(box, GTK_SELECTION_NONE)
            gtk_flow_box_set_max_children_per_line(box, perLine)
            gtk_flow_box_set_column_spacing(box, spacing)
            gtk_flow_box_set_row_spacing(box, spacing)
            gtk_flow_box_set_homogeneous(box, 1)
        }
    }

    /// Whether every child is given the same size (`gtk_flow_box_set_homogeneous`).
    public var isHomogeneous: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_flow_box_get_homogeneous($0.opaque)) } }
        set { withWidget { gtk_flow_box_set_homogeneous($0.opaque, newValue.gboolean) } }
    }

    /// Adds `child` at the end (`gtk_flow_box_insert` at -1); the box then owns it. The
    /// `GtkFlowBoxChild` GTK puts around it takes no focus (Tab goes straight to the child) and
    /// is shown only while the child is (a hidden child would leave an empty place in its row).
    public func append(_ child: Widget) {
        adopt(child) { widget in
            withWidget { gtk_flow_box_insert($0.opaque, widget, -1) }
            if let holder = gtk_widget_get_parent(widget) {
                gtk_widget_set_focusable(holder, 0)
                gtk_widget_set_visible(holder, gtk_widget_get_visible(widget))
            }
        }
        _ = child.connect("notify::visible", shape: .instanceIgnoringPointer, handler: {}) { _ in
            { instance in
                let widget = instance.assumingMemoryBound(to: GtkWidget.self)
                if let holder = gtk_widget_get_parent(widget) { gtk_widget_set_visible(holder, gtk_widget_get_visible(widget)) }
            }
        }
    }
}
