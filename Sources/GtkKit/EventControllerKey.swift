import CGtk

/// The modifier keys (and held mouse buttons) of an input event (`GdkModifierType`).
public struct ModifierType: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `GDK_SHIFT_MASK`.
    public static let shift = ModifierType(rawValue: GDK_SHIFT_MASK.rawValue)
    /// `GDK_LOCK_MASK` (Caps Lock, usually).
    public static let lock = ModifierType(rawValue: GDK_LOCK_MASK.rawValue)
    /// `GDK_CONTROL_MASK`.
    public static let control = ModifierType(rawValue: GDK_CONTROL_MASK.rawValue)
    /// `GDK_ALT_MASK`.
    public static let alt = ModifierType(rawValue: GDK_ALT_MASK.rawValue)
    /// `GDK_SUPER_MASK`.
    public static let `super` = ModifierType(rawValue: GDK_SUPER_MASK.rawValue)
    /// `GDK_HYPER_MASK`.
    public static let hyper = ModifierType(rawValue: GDK_HYPER_MASK.rawValue)
    /// `GDK_META_MASK`.
    public static let meta = ModifierType(rawValue: GDK_META_MASK.rawValue)
    /// `GDK_BUTTON1_MASK`: the primary mouse button is held.
    public static let button1 = ModifierType(rawValue: GDK_BUTTON1_MASK.rawValue)
}

/// Key presses on a widget (`GtkEventControllerKey`). Add it with `Widget.addController(_:)`;
/// with `propagationPhase = .capture` on an ancestor it sees keys before the focused widget
/// does and can stop them.
@MainActor public final class EventControllerKey: EventController {
    /// A `key-pressed` handler: the key symbol (`GDK_KEY_…`), the hardware keycode and the
    /// modifiers held. Returning true stops the key: nothing after this handler sees it.
    public typealias KeyPressHandler = @MainActor (_ keyval: UInt32, _ keycode: UInt32, _ modifiers: ModifierType) -> Bool

    /// Creates a key controller (`gtk_event_controller_key_new`).
    public init() {
        super.init(newController: gtk_event_controller_key_new())
    }

    /// Runs `handler` for every key press the controller sees (`key-pressed` signal; GTK
    /// stops the emission at the first handler that returns true).
    @discardableResult
    public func onKeyPressed(_ handler: @escaping KeyPressHandler) -> SignalConnection<KeyPressHandler> {
        connect("key-pressed", shape: .instanceThreeUIntsBool, handler: handler) { handler in
            { _, keyval, keycode, modifiers in handler(keyval, keycode, ModifierType(rawValue: modifiers)) }
        }
    }
}
