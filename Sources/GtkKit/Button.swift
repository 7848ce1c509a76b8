import CGtk

/// A push button (`GtkButton`). Pressed is GTK's own `:active` state, tracked by GTK's
/// gesture on this widget, so restyling never interrupts a press.
@MainActor public final class Button: Widget {
    /// A `clicked` handler; it receives the button that was clicked.
    public typealias ClickHandler = @MainActor (Button) -> Void

    private var childWrapper: Widget?

    /// Creates a button, with a text label if `label` is given
    /// (`gtk_button_new_with_label` / `gtk_button_new`).
    public init(label: String? = nil) {
        super.init(newWidget: label.map { gtk_button_new_with_label($0) } ?? gtk_button_new())
    }

    /// Creates a button around `child` (`gtk_button_new` + `gtk_button_set_child`).
    public convenience init(child: Widget) {
        self.init()
        self.child = child
    }

    /// Wraps a button GTK owns; used to hand handlers a button whose wrapper is gone.
    init(borrowing pointer: UnsafeMutableRawPointer) {
        super.init(borrowing: pointer, checkedAs: tessera_type_button())
    }

    private var button: UnsafeMutablePointer<GtkButton> { widgetPointer.cast() }

    /// The text label, `nil` if the button shows something else
    /// (`gtk_button_get_label` / `gtk_button_set_label`, which replaces any child).
    public var label: String? {
        get { withWidget(nil) { string(borrowing: gtk_button_get_label($0.cast())) } }
        set {
            guard let newValue else { return }
            releaseChildWrapper()
            withWidget { gtk_button_set_label($0.cast(), newValue) }
        }
    }

    /// The content widget (`gtk_button_get_child` / `gtk_button_set_child`).
    public var child: Widget? {
        get { currentChild(childWrapper) { gtk_button_get_child($0.cast()) } }
        set {
            replaceChild(child, with: newValue) { gtk_button_set_child(button, $0) }
            childWrapper = newValue
        }
    }

    /// Shows a themed icon instead of a label (`gtk_button_get_icon_name` / `gtk_button_set_icon_name`).
    public var iconName: String? {
        get { withWidget(nil) { string(borrowing: gtk_button_get_icon_name($0.cast())) } }
        set {
            guard let newValue else { return }
            releaseChildWrapper()
            withWidget { gtk_button_set_icon_name($0.cast(), newValue) }
        }
    }

    /// Whether the button draws its frame (`gtk_button_get_has_frame` / `gtk_button_set_has_frame`).
    public var hasFrame: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_button_get_has_frame($0.cast())) } }
        set { withWidget { gtk_button_set_has_frame($0.cast(), newValue.gboolean) } }
    }

    /// Runs `handler` on every click (`clicked` signal). The handler does not keep this
    /// wrapper alive; if the wrapper is gone it gets a new one for the same button.
    @discardableResult
    public func onClicked(_ handler: @escaping ClickHandler) -> SignalConnection<ClickHandler> {
        connect("clicked", shape: .instance, handler: handler) { [weak self] handler in
            { instance in handler(self ?? Button(borrowing: instance)) }
        }
    }

    /// A label or icon is about to replace the child: keep the child's wrapper usable.
    private func releaseChildWrapper() {
        if let wrapper = child { wrapper.reclaimOwnership() }
        childWrapper = nil
    }
}

extension Button {
    /// Lets the text label end in "…" when the button is given less than the text's width
    /// (`gtk_label_set_ellipsize` on the `GtkLabel` `gtk_button_set_label` made, which later
    /// labels reuse): a long service name then cannot widen the screen.
    public func ellipsizeLabel() {
        withWidget { widget in
            guard let child = gtk_button_get_child(widget.cast()),
                  g_type_check_instance_is_a(UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self),
                                             tessera_type_label()) != 0 else { return }
            gtk_label_set_ellipsize(OpaquePointer(child), PANGO_ELLIPSIZE_END)
        }
    }
}
