import CGtk

// One `@convention(c)` trampoline per C signal signature GtkKit uses. Each finds its box in
// `user_data`, copies the closure out (so a handler may replace itself safely), and calls it
// on the main actor: GTK emits signals on the thread that runs the main loop, which is the
// main thread (see `GtkKit.docc/Lifetime.md`). Pointers cross into the main-actor closure as integer
// addresses (`Sendable`): `assumeIsolated` has just checked that this *is* the main thread,
// so the objects they point to are used only there.

/// A C signal signature and the trampoline that adapts it to a Swift closure of type `Call`.
struct SignalShape<Call> {
    let trampoline: GCallback
}

/// `void handler(Instance *self, gpointer user_data)`: `clicked`, `activate`, `after-paint`…
typealias InstanceCall = @MainActor (UnsafeMutableRawPointer) -> Void

/// `gboolean handler(Instance *self, gpointer user_data)`: `close-request`.
typealias InstanceBoolCall = @MainActor (UnsafeMutableRawPointer) -> Bool

/// `void handler(Instance *self, gpointer a, gpointer b, gpointer user_data)`: `parsing-error`.
typealias InstanceTwoPointersCall = @MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

/// `gint handler(Instance *self, gpointer a, gpointer user_data)`: `handle-local-options`, `command-line`.
typealias InstancePointerIntCall = @MainActor (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Int32

/// `gboolean handler(Instance *self, guint a, guint b, <flags> c, gpointer user_data)`: `key-pressed`.
typealias InstanceThreeUIntsBoolCall = @MainActor (UnsafeMutableRawPointer, UInt32, UInt32, UInt32) -> Bool

/// `void handler(Instance *self, gint n, gdouble x, gdouble y, gpointer user_data)`: `pressed`, `released`.
typealias InstanceIntTwoDoublesCall = @MainActor (UnsafeMutableRawPointer, Int32, Double, Double) -> Void

private typealias RawPointer = UnsafeMutableRawPointer

extension SignalShape where Call == InstanceCall {
    static var instance: SignalShape {
        let trampoline: @convention(c) (RawPointer?, RawPointer?) -> Void = { instance, data in
            guard let instance, let data else { return }
            let box = CallbackBox<InstanceCall>.from(data), instanceBits = bits(instance)
            MainActor.assumeIsolated {
                let call = box.call
                call(pointer(instanceBits))
            }
        }
        return SignalShape(trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension SignalShape where Call == InstanceBoolCall {
    static var instanceBool: SignalShape {
        let trampoline: @convention(c) (RawPointer?, RawPointer?) -> gboolean = { instance, data in
            guard let instance, let data else { return 0 }
            let box = CallbackBox<InstanceBoolCall>.from(data), instanceBits = bits(instance)
            return MainActor.assumeIsolated {
                let call = box.call
                return call(pointer(instanceBits)).gboolean
            }
        }
        return SignalShape(trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension SignalShape where Call == InstanceTwoPointersCall {
    static var instanceTwoPointers: SignalShape {
        let trampoline: @convention(c) (RawPointer?, RawPointer?, RawPointer?, RawPointer?) -> Void = { instance, first, second, data in
            guard let instance, let data else { return }
            let box = CallbackBox<InstanceTwoPointersCall>.from(data), instanceBits = bits(instance)
            let firstBits = first.map(bits), secondBits = second.map(bits)
            MainActor.assumeIsolated {
                let call = box.call
                call(pointer(instanceBits), firstBits.map(pointer), secondBits.map(pointer))
            }
        }
        return SignalShape(trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension SignalShape where Call == InstancePointerIntCall {
    static var instancePointerInt: SignalShape {
        let trampoline: @convention(c) (RawPointer?, RawPointer?, RawPointer?) -> Int32 = { instance, argument, data in
            guard let instance, let data else { return -1 }
            let box = CallbackBox<InstancePointerIntCall>.from(data), instanceBits = bits(instance)
            let argumentBits = argument.map(bits)
            return MainActor.assumeIsolated {
                let call = box.call
                return call(pointer(instanceBits), argumentBits.map(pointer))
            }
        }
        return SignalShape(trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension SignalShape where Call == InstanceThreeUIntsBoolCall {
    /// The third value is a flags type (`GdkModifierType`): C passes it as an `unsigned int`.
    static var instanceThreeUIntsBool: SignalShape {
        let trampoline: @convention(c) (RawPointer?, guint, guint, guint, RawPointer?) -> gboolean = { instance, first, second, third, data in
            guard let instance, let data else { return 0 }
            let box = CallbackBox<InstanceThreeUIntsBoolCall>.from(data), instanceBits = bits(instance)
            return MainActor.assumeIsolated {
                let call = box.call
                return call(pointer(instanceBits), first, second, third).gboolean
            }
        }
        return SignalShape(trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension SignalShape where Call == InstanceIntTwoDoublesCall {
    static var instanceIntTwoDoubles: SignalShape {
        let trampoline: @convention(c) (RawPointer?, gint, gdouble, gdouble, RawPointer?) -> Void = { instance, count, x, y, data in
            guard let instance, let data else { return }
            let box = CallbackBox<InstanceIntTwoDoublesCall>.from(data), instanceBits = bits(instance)
            MainActor.assumeIsolated {
                let call = box.call
                call(pointer(instanceBits), count, x, y)
            }
        }
        return SignalShape(trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// A pointer's address as a `Sendable` integer.
private func bits(_ pointer: RawPointer) -> UInt { UInt(bitPattern: pointer) }

/// The pointer back from an address `bits(_:)` produced (never zero).
private func pointer(_ bits: UInt) -> RawPointer { RawPointer(bitPattern: bits).unsafelyUnwrapped }

/// `void handler(Instance *self, <flags> a, gpointer user_data)`: `state-flags-changed`.
typealias InstanceUIntCall = @MainActor (UnsafeMutableRawPointer, UInt32) -> Void

extension SignalShape where Call == InstanceUIntCall {
    /// The value is a flags type (`GtkStateFlags`): C passes it as an `unsigned int`.
    static var instanceUInt: SignalShape {
        let trampoline: @convention(c) (RawPointer?, guint, RawPointer?) -> Void = { instance, value, data in
            guard let instance, let data else { return }
            let box = CallbackBox<InstanceUIntCall>.from(data), instanceBits = bits(instance)
            MainActor.assumeIsolated {
                let call = box.call
                call(pointer(instanceBits), value)
            }
        }
        return SignalShape(trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension SignalShape where Call == InstanceCall {
    /// `void handler(Instance *self, gpointer a, gpointer user_data)` with `a` unused: `notify::…`
    /// (its `GParamSpec` names the property the handler was connected for anyway).
    static var instanceIgnoringPointer: SignalShape {
        let trampoline: @convention(c) (RawPointer?, RawPointer?, RawPointer?) -> Void = { instance, _, data in
            guard let instance, let data else { return }
            let box = CallbackBox<InstanceCall>.from(data), instanceBits = bits(instance)
            MainActor.assumeIsolated {
                let call = box.call
                call(pointer(instanceBits))
            }
        }
        return SignalShape(trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}
