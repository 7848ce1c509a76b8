import CGtk
import Synchronization

/// A flag GLib clears when the GObject it watches is finalized (a `g_object_weak_ref`).
///
/// Wrappers check it before every call into GTK, so a wrapper that outlives its object
/// never touches freed memory. It is `Sendable` because its only state is an atomic.
final class Liveness: Sendable {
    private let alive = Atomic<Bool>(true)
    private let registered = Atomic<Bool>(true)

    /// Whether the watched object still exists.
    var isAlive: Bool { alive.load(ordering: .acquiring) }

    private init() {}

    /// Starts watching `object` with `g_object_weak_ref`. GLib holds one retain on the flag
    /// until the weak-ref notify runs or `stopWatching(_:)` removes it.
    static func watch(_ object: UnsafeMutablePointer<GObject>) -> Liveness {
        let flag = Liveness()
        g_object_weak_ref(object, livenessNotify, Unmanaged.passRetained(flag).toOpaque())
        return flag
    }

    /// Removes the weak ref (`g_object_weak_unref`) if the object is still alive.
    func stopWatching(_ object: UnsafeMutablePointer<GObject>) {
        guard isAlive, registered.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let token = Unmanaged.passUnretained(self)
        g_object_weak_unref(object, livenessNotify, token.toOpaque())
        token.release()
    }

    fileprivate func markFinalized() {
        registered.store(false, ordering: .releasing)
        alive.store(false, ordering: .releasing)
    }
}

/// `GWeakNotify`: runs while the object is being finalized; balances `watch`'s retain.
private let livenessNotify: GWeakNotify = { data, _ in
    guard let data else { return }
    Unmanaged<Liveness>.fromOpaque(data).takeRetainedValue().markFinalized()
}
