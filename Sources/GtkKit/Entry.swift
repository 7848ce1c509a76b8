import CGtk

/// A one-line text field (`GtkEntry`). The text lives in the entry's buffer; GTK keeps the
/// caret and selection while the text is read, so reading it never disturbs typing.
@MainActor public final class Entry: Widget {
    /// Creates an empty entry (`gtk_entry_new`).
    public init() {
        super.init(newWidget: gtk_entry_new())
    }


    /// The text typed (`gtk_editable_get_text` / `gtk_editable_set_text`).
    public var text: String {
        get { withWidget("") { string(borrowing: gtk_editable_get_text($0.opaque)) ?? "" } }
        set { withWidget { gtk_editable_set_text($0.opaque, newValue) } }
    }

    /// Grey text shown while the entry is empty (`gtk_entry_set_placeholder_text`).
    public var placeholder: String? {
        get { withWidget(nil) { string(borrowing: gtk_entry_get_placeholder_text($0.cast())) } }
        set { withWidget { gtk_entry_set_placeholder_text($0.cast(), newValue) } }
    }

    /// False shows dots instead of the text, for a PIN (`gtk_entry_set_visibility`).
    public var isTextVisible: Bool {
        get { withWidget(true) { Bool(gboolean: gtk_entry_get_visibility($0.cast())) } }
        set { withWidget { gtk_entry_set_visibility($0.cast(), newValue.gboolean) } }
    }

    /// Digits only, for an on-screen keyboard and input methods (`gtk_entry_set_input_purpose`).
    public func expectDigits(secret: Bool) {
        withWidget { gtk_entry_set_input_purpose($0.cast(), secret ? GTK_INPUT_PURPOSE_PIN : GTK_INPUT_PURPOSE_DIGITS) }
    }

    /// Width in characters the entry asks for (`gtk_editable_set_width_chars`).
    public var widthChars: Int32 {
        get { withWidget(0) { gtk_editable_get_width_chars($0.opaque) } }
        set { withWidget { gtk_editable_set_width_chars($0.opaque, newValue) } }
    }

    /// Runs `handler` when Enter is pressed in the entry (`activate` signal).
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection<@MainActor () -> Void> {
        connect("activate", handler)
    }

    /// Runs `handler` after every change of the text (`changed` signal of `GtkEditable`).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection<@MainActor () -> Void> {
        connect("changed", handler)
    }
}
