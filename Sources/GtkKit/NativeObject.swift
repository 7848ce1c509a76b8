import CGtk

/// The base of every GtkKit wrapper: a GObject pointer, whether the wrapper owns a
/// reference to it, and a liveness flag (see `GtkKit.docc/Lifetime.md`).
@MainActor open class NativeObject {
    /// How a new wrapper takes hold of the object it is given.
    enum Adoption {
        /// Sink a floating reference (`g_object_ref_sink`) and own it; if the object is not
        /// floating (GTK already owns it, as with windows), own nothing.
        case sinkIfFloating
        /// The pointer came with a full reference (`transfer full`): own it.
        case takeFull
        /// Someone else owns the object: own nothing.
        case borrow
    }

    /// The wrapped GObject. Valid only while `isDestroyed` is false.
    public let objectPointer: UnsafeMutablePointer<GObject>
    let liveness: Liveness
    /// Whether this wrapper holds a strong reference it must drop (`g_object_unref`).
    private(set) var ownsReference: Bool

    init(_ pointer: UnsafeMutableRawPointer, adoption: Adoption) {
        let object = pointer.assumingMemoryBound(to: GObject.self)
        precondition(Bool(gboolean: tessera_is_object(object)), "GtkKit: not a GObject")
        objectPointer = object
        switch adoption {
        case .sinkIfFloating:
            ownsReference = Bool(gboolean: g_object_is_floating(object))
            if ownsReference { g_object_ref_sink(object) }
        case .takeFull:
            ownsReference = true
        case .borrow:
            ownsReference = false
        }
        liveness = Liveness.watch(object)
    }

    isolated deinit {
        liveness.stopWatching(objectPointer)
        if ownsReference && liveness.isAlive { g_object_unref(objectPointer) }
    }

    /// True once GTK has finalized the object; the wrapper then ignores every call.
    /// Watched with a GObject weak reference (`g_object_weak_ref`).
    public var isDestroyed: Bool { !liveness.isAlive }

    /// The GType name (`G_OBJECT_TYPE_NAME`), for messages; empty once destroyed.
    public var typeName: String {
        guard liveness.isAlive else { return "" }
        return objectPointer.withMemoryRebound(to: GTypeInstance.self, capacity: 1) {
            string(borrowing: g_type_name_from_instance($0)) ?? ""
        }
    }

    /// Runs `body` with the object if it is alive; otherwise logs and returns `fallback`.
    func ifAlive<R>(_ fallback: R, _ operation: String = #function, _ body: (UnsafeMutablePointer<GObject>) -> R) -> R {
        guard liveness.isAlive else {
            Log.gtkKit.warning("ignored \(operation) on a destroyed \(Self.self)")
            return fallback
        }
        return body(objectPointer)
    }

    /// The parent now holds its own reference, so this wrapper gives its reference up
    /// (the GTK parent owns widgets in a tree). Does nothing if the attach failed.
    func parentDidTakeOwnership(parented: Bool) {
        guard ownsReference, parented, liveness.isAlive else { return }
        ownsReference = false
        g_object_unref(objectPointer)
    }

    /// Before GTK removes the object from its parent: take a reference so the object
    /// survives and this wrapper owns it again.
    func reclaimOwnership() {
        guard !ownsReference, liveness.isAlive else { return }
        g_object_ref(objectPointer)
        ownsReference = true
    }
}
