import CGtk

/// Text (`GtkLabel`).
@MainActor public final class Label: Widget {
    /// Horizontal alignment of wrapped lines (`GtkJustification`).
    public enum Justification: Sendable, CaseIterable {
        case left, right, center, fill

        var gtk: GtkJustification {
            switch self {
            case .left: GTK_JUSTIFY_LEFT
            case .right: GTK_JUSTIFY_RIGHT
            case .center: GTK_JUSTIFY_CENTER
            case .fill: GTK_JUSTIFY_FILL
            }
        }
    }

    /// Creates a label (`gtk_label_new`).
    public init(_ text: String = "") {
        super.init(newWidget: gtk_label_new(text))
    }

    /// The text (`gtk_label_get_text` / `gtk_label_set_text`).
    public var text: String {
        get { withWidget("") { string(borrowing: gtk_label_get_text($0.opaque)) ?? "" } }
        set { withWidget { gtk_label_set_text($0.opaque, newValue) } }
    }

    /// Sets Pango markup (`gtk_label_set_markup`). Every text inside it goes through
    /// ``Markup/escaped(_:)`` first: a name with `&` or `<` would otherwise break the markup.
    public func setMarkup(_ markup: String) {
        withWidget { gtk_label_set_markup($0.opaque, markup) }
    }

    /// Whether long text wraps (`gtk_label_get_wrap` / `gtk_label_set_wrap`).
    public var wraps: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_label_get_wrap($0.opaque)) } }
        set { withWidget { gtk_label_set_wrap($0.opaque, newValue.gboolean) } }
    }

    /// Alignment of wrapped lines (`gtk_label_get_justify` / `gtk_label_set_justify`).
    public var justification: Justification {
        get {
            withWidget(.left) { widget in
                let value = gtk_label_get_justify(widget.opaque)
                return Justification.allCases.first { $0.gtk == value } ?? .left
            }
        }
        set { withWidget { gtk_label_set_justify($0.opaque, newValue.gtk) } }
    }

    /// Horizontal text position, 0…1 (`gtk_label_get_xalign` / `gtk_label_set_xalign`).
    public var xalign: Float {
        get { withWidget(0) { gtk_label_get_xalign($0.opaque) } }
        set { withWidget { gtk_label_set_xalign($0.opaque, newValue) } }
    }

    /// Vertical text position, 0…1 (`gtk_label_get_yalign` / `gtk_label_set_yalign`).
    public var yalign: Float {
        get { withWidget(0) { gtk_label_get_yalign($0.opaque) } }
        set { withWidget { gtk_label_set_yalign($0.opaque, newValue) } }
    }

    /// Whether text can be selected (`gtk_label_get_selectable` / `gtk_label_set_selectable`).
    public var isSelectable: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_label_get_selectable($0.opaque)) } }
        set { withWidget { gtk_label_set_selectable($0.opaque, newValue.gboolean) } }
    }

    /// Desired width in characters, -1 for none
    /// (`gtk_label_get_max_width_chars` / `gtk_label_set_max_width_chars`).
    public var maxWidthChars: Int32 {
        get { withWidget(-1) { gtk_label_get_max_width_chars($0.opaque) } }
        set { withWidget { gtk_label_set_max_width_chars($0.opaque, newValue) } }
    }
}

extension Label {
    /// The width to ask for, in characters, -1 for the text's own
    /// (`gtk_label_get_width_chars` / `gtk_label_set_width_chars`): codes of one width line up.
    public var widthChars: Int32 {
        get { withWidget(-1) { gtk_label_get_width_chars($0.opaque) } }
        set { withWidget { gtk_label_set_width_chars($0.opaque, newValue) } }
    }
}
