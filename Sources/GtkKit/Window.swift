import CGtk

/// A toplevel window (`GtkWindow`). GTK owns toplevels: the wrapper holds no reference,
/// and a window lives until `destroy()` (or a close that is not refused).
@MainActor public class Window: Widget {
    /// A `close-request` handler; return true to keep the window open.
    public typealias CloseRequestHandler = @MainActor (Window) -> Bool

    private var childWrapper: Widget?

    /// Creates a window (`gtk_window_new`).
    public init() {
        super.init(newWidget: gtk_window_new())
    }

    /// Wraps a window created elsewhere in GtkKit (an application window).
    override init(newWidget pointer: UnsafeMutablePointer<GtkWidget>?) {
        super.init(newWidget: pointer)
    }

    /// Wraps a window GTK owns; used to hand handlers a window whose wrapper is gone.
    init(borrowing pointer: UnsafeMutableRawPointer) {
        super.init(borrowing: pointer, checkedAs: tessera_type_window())
    }

    /// The title (`gtk_window_get_title` / `gtk_window_set_title`).
    public var title: String? {
        get { withWidget(nil) { string(borrowing: gtk_window_get_title($0.cast())) } }
        set { withWidget { gtk_window_set_title($0.cast(), newValue) } }
    }

    /// The content (`gtk_window_get_child` / `gtk_window_set_child`).
    public var child: Widget? {
        get { currentChild(childWrapper) { gtk_window_get_child($0.cast()) } }
        set {
            replaceChild(child, with: newValue) { gtk_window_set_child(widgetPointer.cast(), $0) }
            childWrapper = newValue
        }
    }

    /// Whether the window is fullscreen (`gtk_window_is_fullscreen`); setting it asks the
    /// window manager (`gtk_window_fullscreen` / `gtk_window_unfullscreen`), which answers later.
    public var isFullscreen: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_window_is_fullscreen($0.cast())) } }
        set { withWidget { newValue ? gtk_window_fullscreen($0.cast()) : gtk_window_unfullscreen($0.cast()) } }
    }

    /// Whether the title bar offers a close button (`gtk_window_get_deletable` / `gtk_window_set_deletable`).
    public var isDeletable: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_window_get_deletable($0.cast())) } }
        set { withWidget { gtk_window_set_deletable($0.cast(), newValue.gboolean) } }
    }

    /// Whether the window has decorations (`gtk_window_get_decorated` / `gtk_window_set_decorated`).
    public var isDecorated: Bool {
        get { withWidget(false) { Bool(gboolean: gtk_window_get_decorated($0.cast())) } }
        set { withWidget { gtk_window_set_decorated($0.cast(), newValue.gboolean) } }
    }

    /// Whether the window is the active toplevel (`gtk_window_is_active`).
    public var isActive: Bool { withWidget(false) { Bool(gboolean: gtk_window_is_active($0.cast())) } }

    /// The size the window opens with (`gtk_window_get_default_size`).
    public var defaultSize: (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        withWidget { gtk_window_get_default_size($0.cast(), &width, &height) }
        return (width, height)
    }

    /// Sets the size the window opens with (`gtk_window_set_default_size`).
    public func setDefaultSize(width: Int32, height: Int32) {
        withWidget { gtk_window_set_default_size($0.cast(), width, height) }
    }

    /// Shows the window and raises it (`gtk_window_present`).
    public func present() {
        withWidget { gtk_window_present($0.cast()) }
    }

    /// Asks the window to close as the close button would (`gtk_window_close`):
    /// `close-request` handlers may refuse.
    public func close() {
        withWidget { gtk_window_close($0.cast()) }
    }

    /// Destroys the window now (`gtk_window_destroy`); its widgets go with it.
    public func destroy() {
        guard !isDestroyed else { return }
        gtk_window_destroy(widgetPointer.cast())
    }

    /// Runs `handler` when the user or `close()` asks to close (`close-request` signal);
    /// returning true keeps the window open. The handler does not keep this wrapper alive.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping CloseRequestHandler) -> SignalConnection<CloseRequestHandler> {
        connect("close-request", shape: .instanceBool, handler: handler) { [weak self] handler in
            { instance in handler(self ?? Window(borrowing: instance)) }
        }
    }
}

/// A window that belongs to an `Application` (`GtkApplicationWindow`); the application
/// keeps running while it has one.
@MainActor public final class ApplicationWindow: Window {
    /// Creates a window for `application` (`gtk_application_window_new`). The application
    /// must be running (`activate` or later).
    public init(application: Application) {
        super.init(newWidget: gtk_application_window_new(application.objectPointer.cast()))
    }
}
