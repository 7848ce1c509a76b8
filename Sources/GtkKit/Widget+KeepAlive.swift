import CGtk

extension Widget {
    /// Keeps `owner` (a Swift controller of this widget: the object that holds its handlers
    /// and state) alive for as long as GTK keeps the widget, so a screen that drops its
    /// reference to the controller cannot leave a widget that shows but does nothing.
    ///
    /// The widget holds `owner` strongly while GTK owns the widget: while it has a parent, or
    /// is a window (`GtkRoot`). GTK finalizing the widget releases it. While the widget has no
    /// parent its wrapper owns it, and the widget holds `owner` only weakly: `owner` keeps the
    /// wrapper, the wrapper keeps the widget, so a strong hold would be a cycle that nothing
    /// breaks. See `GtkKit.docc/Lifetime.md`.
    ///
    /// Call it on the outermost widget `owner` builds. Adding the same owner again does nothing.
    public func keepAlive(_ owner: AnyObject) {
        withWidget { widget in
            let owners = KeptOwners.of(widget) ?? KeptOwners.attach(to: widget)
            owners.add(owner)
            owners.update(for: widget)
        }
    }

    /// Whether the widget holds `owner` strongly now (see ``keepAlive(_:)``).
    public func isKeepingAlive(_ owner: AnyObject) -> Bool {
        withWidget(false) { KeptOwners.of($0)?.isHolding(owner) ?? false }
    }
}

/// The owners one widget keeps alive, stored on the widget itself
/// (`g_object_set_data_full`; GLib releases it when the widget is finalized). The widget's
/// `notify::parent` switches the hold between strong and weak as GTK adopts or drops it.
@MainActor final class KeptOwners {
    private struct Entry {
        weak var owner: AnyObject?
        var strong: AnyObject?
    }

    private static let key = "gtkkit-kept-owners"
    private var entries: [Entry] = []
    private var holding = false

    private init() {}

    static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> KeptOwners? {
        g_object_get_data(widget.cast(), key).map { Unmanaged<KeptOwners>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Stores a new list on `widget` and follows its parent. GLib owns one retain for the
    /// data and one for the handler; each is released by its own destroy notify.
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>) -> KeptOwners {
        let owners = KeptOwners()
        g_object_set_data_full(widget.cast(), key, Unmanaged.passRetained(owners).toOpaque(), releaseKeptOwners)
        g_signal_connect_data(widget.cast(), "notify::parent", unsafeBitCast(parentChanged, to: GCallback.self),
                              Unmanaged.passRetained(owners).toOpaque(), releaseKeptOwnersClosure,
                              GConnectFlags(rawValue: 0))
        return owners
    }

    func add(_ owner: AnyObject) {
        guard !entries.contains(where: { $0.owner === owner }) else { return }
        entries.append(Entry(owner: owner, strong: holding ? owner : nil))
    }

    func isHolding(_ owner: AnyObject) -> Bool {
        entries.contains { $0.strong === owner }
    }

    /// Holds the owners strongly while GTK owns `widget`, weakly otherwise.
    func update(for widget: UnsafeMutablePointer<GtkWidget>) {
        let ownedByGTK = gtk_widget_get_parent(widget) != nil || tessera_is_a(widget, gtk_root_get_type()) != 0
        guard ownedByGTK != holding else { return }
        holding = ownedByGTK
        // Owners let go here may be freed (and free their wrappers) only after the list is
        // consistent again: their deinit must not find it half-updated.
        var released: [AnyObject] = []
        for index in entries.indices {
            if let strong = entries[index].strong { released.append(strong) }
            entries[index].strong = holding ? entries[index].owner : nil
        }
        entries.removeAll { $0.owner == nil }
        withExtendedLifetime(released) {}
    }
}

/// `GDestroyNotify` for the widget's data: the widget is finalized, its owners go.
private let releaseKeptOwners: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<KeptOwners>.fromOpaque(data).release()
}

/// `GClosureNotify` for the `notify::parent` handler.
private let releaseKeptOwnersClosure: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<KeptOwners>.fromOpaque(data).release()
}

/// `void handler(GObject *self, GParamSpec *pspec, gpointer user_data)` for `notify::parent`.
private let parentChanged: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { instance, _, data in
    guard let instance, let data else { return }
    // Addresses cross into the main-actor closure as integers, as in `SignalShapes.swift`.
    let widgetBits = UInt(bitPattern: instance), ownersBits = UInt(bitPattern: data)
    MainActor.assumeIsolated {
        guard let widget = UnsafeMutablePointer<GtkWidget>(bitPattern: widgetBits),
              let owners = UnsafeMutableRawPointer(bitPattern: ownersBits) else { return }
        Unmanaged<KeptOwners>.fromOpaque(owners).takeUnretainedValue().update(for: widget)
    }
}
