import CGtk

/// A `GtkWidget`: the base of every GtkKit widget wrapper.
///
/// Ownership (see `GtkKit.docc/Lifetime.md`): a new widget's floating reference is sunk and owned by
/// its wrapper until a GtkKit container adopts it; from then on the GTK parent owns it and
/// the wrapper is only a handle, guarded by a GObject weak reference (`isDestroyed`).
@MainActor open class Widget: NativeObject {
    /// Wraps a newly created widget (`transfer none`, usually floating).
    init(newWidget pointer: UnsafeMutablePointer<GtkWidget>?) {
        guard let pointer else { preconditionFailure("GtkKit: GTK returned no widget") }
        super.init(pointer, adoption: .sinkIfFloating)
    }

    /// Wraps a widget someone else owns, checking its GType first
    /// (`g_type_check_instance_is_a`).
    init(borrowing pointer: UnsafeMutableRawPointer, checkedAs type: GType) {
        precondition(Bool(gboolean: tessera_is_a(pointer, type)), "GtkKit: wrong GType for wrapper")
        super.init(pointer, adoption: .borrow)
    }

    /// The wrapped `GtkWidget *`. Valid only while `isDestroyed` is false.
    public var widgetPointer: UnsafeMutablePointer<GtkWidget> { objectPointer.cast() }

    /// Runs `body` with the widget if it is alive; otherwise logs and returns `fallback`.
    func withWidget<R>(_ fallback: R, _ operation: String = #function,
                       _ body: (UnsafeMutablePointer<GtkWidget>) -> R) -> R {
        ifAlive(fallback, operation) { _ in body(widgetPointer) }
    }

    /// Runs `body` with the widget if it is alive; otherwise logs and does nothing.
    func withWidget(_ operation: String = #function, _ body: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        ifAlive((), operation) { _ in body(widgetPointer) }
    }

    /// Attaches `child` with `attach`, then hands ownership to the GTK parent.
    func adopt(_ child: Widget, _ attach: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        guard !child.isDestroyed else {
            Log.gtkKit.warning("ignored adding a destroyed \(type(of: child))")
            return
        }
        withWidget { _ in
            attach(child.widgetPointer)
            child.parentDidTakeOwnership(parented: gtk_widget_get_parent(child.widgetPointer) != nil)
        }
    }

    /// Takes ownership back from the GTK parent, then detaches `child` with `remove`,
    /// so the child survives and can be added elsewhere.
    func detach(_ child: Widget, _ remove: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        guard !child.isDestroyed, gtk_widget_get_parent(child.widgetPointer) == widgetPointer else { return }
        child.reclaimOwnership()
        remove(child.widgetPointer)
    }

    // MARK: CSS classes

    /// The widget's CSS classes (`gtk_widget_get_css_classes` / `gtk_widget_set_css_classes`).
    public var cssClasses: [String] {
        get { withWidget([]) { strings(taking: gtk_widget_get_css_classes($0)) } }
        set { withWidget { widget in withCStringArray(newValue) { gtk_widget_set_css_classes(widget, $0) } } }
    }

    /// Adds a CSS class (`gtk_widget_add_css_class`).
    public func addCSSClass(_ name: String) {
        withWidget { gtk_widget_add_css_class($0, name) }
    }

    /// Removes a CSS class (`gtk_widget_remove_css_class`).
    public func removeCSSClass(_ name: String) {
        withWidget { gtk_widget_remove_css_class($0, name) }
    }

    /// Whether the widget has a CSS class (`gtk_widget_has_css_class`).
    public func hasCSSClass(_ name: String) -> Bool {
        withWidget(false) { Bool(gboolean: gtk_widget_has_css_class($0, name)) }
    }

    /// The CSS name used for `#id` selectors (`gtk_widget_get_name` / `gtk_widget_set_name`).
    public var name: String {
        get { withWidget("") { string(borrowing: gtk_widget_get_name($0)) ?? "" } }
        set { withWidget { gtk_widget_set_name($0, newValue) } }
    }

    // MARK: State

    /// Whether the widget reacts to input; an insensitive container disables its children
    /// (`gtk_widget_get_sensitive` / `gtk_widget_set_sensitive`).
    public var isSensitive: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_widget_get_sensitive($0)) } }
        set { withWidget { gtk_widget_set_sensitive($0, newValue.gboolean) } }
    }

    /// Whether the widget and all its ancestors are sensitive (`gtk_widget_is_sensitive`).
    public var isEffectivelySensitive: Bool {
        withWidget(false) { Bool(gboolean: gtk_widget_is_sensitive($0)) }
    }

    /// Whether the widget is shown (`gtk_widget_get_visible` / `gtk_widget_set_visible`).
    public var isVisible: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_widget_get_visible($0)) } }
        set { withWidget { gtk_widget_set_visible($0, newValue.gboolean) } }
    }

    /// Whether pointer and touch input can target the widget
    /// (`gtk_widget_get_can_target` / `gtk_widget_set_can_target`).
    public var canTarget: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_widget_get_can_target($0)) } }
        set { withWidget { gtk_widget_set_can_target($0, newValue.gboolean) } }
    }

    /// Whether the widget can take keyboard focus (`gtk_widget_get_can_focus` / `gtk_widget_set_can_focus`).
    public var canFocus: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_widget_get_can_focus($0)) } }
        set { withWidget { gtk_widget_set_can_focus($0, newValue.gboolean) } }
    }

    /// Whether the widget has the keyboard focus (`gtk_widget_has_focus`).
    public var hasFocus: Bool { withWidget(false) { Bool(gboolean: gtk_widget_has_focus($0)) } }

    /// Moves the keyboard focus to the widget (`gtk_widget_grab_focus`); false if it cannot take it.
    @discardableResult
    public func grabFocus() -> Bool {
        withWidget(false) { Bool(gboolean: gtk_widget_grab_focus($0)) }
    }

    /// Plain-text tooltip (`gtk_widget_get_tooltip_text` / `gtk_widget_set_tooltip_text`).
    public var tooltipText: String? {
        get { withWidget(nil) { string(borrowing: gtk_widget_get_tooltip_text($0)) } }
        set { withWidget { gtk_widget_set_tooltip_text($0, newValue) } }
    }

    /// Whether the widget is realized (`gtk_widget_get_realized`).
    public var isRealized: Bool { withWidget(false) { Bool(gboolean: gtk_widget_get_realized($0)) } }

    /// Whether the widget is mapped, i.e. on screen (`gtk_widget_get_mapped`).
    public var isMapped: Bool { withWidget(false) { Bool(gboolean: gtk_widget_get_mapped($0)) } }

    /// Activates the widget as a key press would (`gtk_widget_activate`): a button
    /// presses and emits `clicked`. False if the widget is not activatable.
    @discardableResult
    public func activate() -> Bool {
        withWidget(false) { Bool(gboolean: gtk_widget_activate($0)) }
    }

    /// Runs `handler` when the widget is realized (`realize` signal).
    @discardableResult
    public func onRealize(_ handler: @escaping @MainActor () -> Void) -> SignalConnection<@MainActor () -> Void> {
        connect("realize", handler)
    }

    /// Runs `handler` when GTK disposes the widget (`destroy` signal).
    @discardableResult
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalConnection<@MainActor () -> Void> {
        connect("destroy", handler)
    }
}
