import CGtk

/// How a widget uses extra space along one axis (`GtkAlign`).
public enum Align: Sendable, CaseIterable {
    case fill, start, end, center, baseline

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        case .baseline: GTK_ALIGN_BASELINE
        }
    }

    init(_ value: GtkAlign) {
        self = Align.allCases.first { $0.gtk == value } ?? .fill
    }
}

/// Horizontal or vertical (`GtkOrientation`).
public enum Orientation: Sendable {
    case horizontal, vertical

    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
    init(_ value: GtkOrientation) { self = value == GTK_ORIENTATION_HORIZONTAL ? .horizontal : .vertical }
}

/// Space around a widget, in pixels.
public struct EdgeInsets: Sendable, Equatable {
    public var top: Int32, bottom: Int32, start: Int32, end: Int32

    public init(top: Int32 = 0, bottom: Int32 = 0, start: Int32 = 0, end: Int32 = 0) {
        self.top = top
        self.bottom = bottom
        self.start = start
        self.end = end
    }

    /// The same margin on every side.
    public init(all value: Int32) { self.init(top: value, bottom: value, start: value, end: value) }
}

extension Widget {
    /// Whether the widget takes extra horizontal space (`gtk_widget_get_hexpand` / `gtk_widget_set_hexpand`).
    public var hexpand: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_widget_get_hexpand($0)) } }
        set { withWidget { gtk_widget_set_hexpand($0, newValue.gboolean) } }
    }

    /// Whether the widget takes extra vertical space (`gtk_widget_get_vexpand` / `gtk_widget_set_vexpand`).
    public var vexpand: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_widget_get_vexpand($0)) } }
        set { withWidget { gtk_widget_set_vexpand($0, newValue.gboolean) } }
    }

    /// Horizontal alignment (`gtk_widget_get_halign` / `gtk_widget_set_halign`).
    public var halign: Align {
        get { withWidget(.fill) { Align(gtk_widget_get_halign($0)) } }
        set { withWidget { gtk_widget_set_halign($0, newValue.gtk) } }
    }

    /// Vertical alignment (`gtk_widget_get_valign` / `gtk_widget_set_valign`).
    public var valign: Align {
        get { withWidget(.fill) { Align(gtk_widget_get_valign($0)) } }
        set { withWidget { gtk_widget_set_valign($0, newValue.gtk) } }
    }

    /// Margins (`gtk_widget_get_margin_top` … / `gtk_widget_set_margin_top` …).
    public var margins: EdgeInsets {
        get {
            withWidget(EdgeInsets()) {
                EdgeInsets(top: gtk_widget_get_margin_top($0), bottom: gtk_widget_get_margin_bottom($0),
                           start: gtk_widget_get_margin_start($0), end: gtk_widget_get_margin_end($0))
            }
        }
        set {
            withWidget {
                gtk_widget_set_margin_top($0, newValue.top)
                gtk_widget_set_margin_bottom($0, newValue.bottom)
                gtk_widget_set_margin_start($0, newValue.start)
                gtk_widget_set_margin_end($0, newValue.end)
            }
        }
    }

    /// The minimum size; -1 keeps the natural size on that axis (`gtk_widget_set_size_request`).
    public func setSizeRequest(width: Int32, height: Int32) {
        withWidget { gtk_widget_set_size_request($0, width, height) }
    }

    /// The current size request (`gtk_widget_get_size_request`).
    public var sizeRequest: (width: Int32, height: Int32) {
        var width: Int32 = -1, height: Int32 = -1
        withWidget { gtk_widget_get_size_request($0, &width, &height) }
        return (width, height)
    }

    /// The allocated width, 0 before the first layout (`gtk_widget_get_width`).
    public var allocatedWidth: Int32 { withWidget(0) { gtk_widget_get_width($0) } }

    /// The allocated height, 0 before the first layout (`gtk_widget_get_height`).
    public var allocatedHeight: Int32 { withWidget(0) { gtk_widget_get_height($0) } }

    /// Where this widget lies in `target`'s coordinates; nil before both are laid out in one
    /// window (`gtk_widget_compute_bounds`).
    public func bounds(in target: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        var rect = graphene_rect_t()
        let found = withWidget(false) { widget in
            target.withWidget(false) { gtk_widget_compute_bounds(widget, $0, &rect) != 0 }
        }
        guard found, rect.size.width > 0 else { return nil }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }

    /// The opacity, 0…1 (`gtk_widget_get_opacity` / `gtk_widget_set_opacity`).
    public var opacity: Double {
        get { withWidget(0) { gtk_widget_get_opacity($0) } }
        set { withWidget { gtk_widget_set_opacity($0, newValue) } }
    }
}

extension Widget {
    /// The narrowest width GTK can lay this widget out in (`gtk_widget_measure`, horizontal,
    /// for any height): what a window must give it before anything is cut off.
    public var minimumWidth: Int32 {
        withWidget(0) { widget in
            var minimum: Int32 = 0, natural: Int32 = 0, baseline: Int32 = 0, naturalBaseline: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, &baseline, &naturalBaseline)
            return minimum
        }
    }
}
