import CGtk

/// A labelled check box (`GtkCheckButton`): on or off, toggled by a tap, Space or a screen
/// reader's action; AT-SPI reports it as a check box with its checked state.
@MainActor public final class CheckButton: Widget {
    /// Creates a check button with `label` (`gtk_check_button_new_with_label`).
    public init(label: String) {
        super.init(newWidget: gtk_check_button_new_with_label(label))
    }

    /// Whether it is checked (`gtk_check_button_get_active` / `gtk_check_button_set_active`).
    /// Setting it emits `toggled` only when the state changes.
    public var isActive: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_check_button_get_active($0.cast())) } }
        set { withWidget { gtk_check_button_set_active($0.cast(), newValue.gboolean) } }
    }

    /// The text beside the box (`gtk_check_button_get_label` / `gtk_check_button_set_label`).
    public var label: String {
        get { withWidget("") { string(borrowing: gtk_check_button_get_label($0.cast())) ?? "" } }
        set { withWidget { gtk_check_button_set_label($0.cast(), newValue) } }
    }

    /// Runs `handler` whenever the state changes, by a person or by code (`toggled` signal).
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection<@MainActor () -> Void> {
        connect("toggled", handler)
    }
}
