import CGtk

/// The process's `GtkApplication`: app id, command line, lifetime of the main loop.
@MainActor public final class Application: NativeObject {
    /// `GApplicationFlags` Tessera uses.
    public struct Flags: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Each process runs on its own, e.g. one kiosk and one desk on a machine
        /// (`G_APPLICATION_NON_UNIQUE`).
        public static let nonUnique = Flags(rawValue: G_APPLICATION_NON_UNIQUE.rawValue)
    }

    /// A handler for the options GLib parsed; return an exit code to stop, or nil to go on.
    public typealias OptionsHandler = @MainActor (Application, ParsedCommandLine) -> Int32?

    private var options: [CommandOption] = []

    /// Creates the application (`gtk_application_new`); `id` is a reverse-DNS application id.
    public init(id: String, flags: Flags = []) {
        guard let app = gtk_application_new(id, GApplicationFlags(rawValue: flags.rawValue)) else {
            preconditionFailure("GtkKit: invalid application id \(id)")
        }
        super.init(app, adoption: .takeFull)
    }

    /// Wraps an application GTK owns; used to hand handlers an application whose wrapper is gone.
    init(borrowing pointer: UnsafeMutableRawPointer) {
        precondition(Bool(gboolean: tessera_is_application(pointer)), "GtkKit: not a GtkApplication")
        super.init(pointer, adoption: .borrow)
    }

    private var application: UnsafeMutablePointer<GApplication> { objectPointer.cast() }

    /// Declares an option (`g_application_add_main_option`). Call before `run(_:)`.
    public func addMainOption(_ option: CommandOption) {
        options.append(option)
        ifAlive(()) { _ in
            g_application_add_main_option(application, option.name, option.shortName,
                                          GOptionFlags(rawValue: option.hidden ? G_OPTION_FLAG_HIDDEN.rawValue : 0),
                                          option.argumentKind, option.help, option.argument)
        }
    }

    /// Accepts arguments that are not options (`G_OPTION_REMAINING`), e.g. a role word; they
    /// arrive as `ParsedCommandLine.positional`. `argument` is how `--help` names them.
    public func acceptPositionalArguments(_ argument: String) {
        ifAlive(()) { _ in
            g_application_add_main_option(application, G_OPTION_REMAINING, 0, GOptionFlags(rawValue: 0),
                                          G_OPTION_ARG_STRING_ARRAY, "", argument)
        }
    }

    /// Runs `handler` after GLib parsed the command line in this process
    /// (`handle-local-options`). Returning an exit code ends `run(_:)` with it.
    @discardableResult
    public func onHandleLocalOptions(_ handler: @escaping OptionsHandler) -> SignalConnection<OptionsHandler> {
        connect("handle-local-options", shape: .instancePointerInt, handler: handler) { [weak self] handler in
            { instance, dict in
                guard let dict, let self else { return -1 }
                return handler(self, ParsedCommandLine(dict.assumingMemoryBound(to: GVariantDict.self), declared: self.options)) ?? -1
            }
        }
    }

    /// Runs `handler` when the application starts in the primary instance (`activate`).
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Application) -> Void) -> SignalConnection<@MainActor (Application) -> Void> {
        connect("activate", shape: .instance, handler: handler) { [weak self] handler in
            { instance in handler(self ?? Application(borrowing: instance)) }
        }
    }

    /// Installs the main-queue bridge and runs the main loop until the application quits
    /// (`g_application_run`); returns the exit status. `argv` includes the program name.
    public func run(_ argv: [String]) -> Int32 {
        MainQueueBridge.install()
        return ifAlive(1) { _ in
            withCStringArray(argv) { pointers in
                pointers.withMemoryRebound(to: UnsafeMutablePointer<CChar>?.self, capacity: argv.count + 1) {
                    g_application_run(application, Int32(argv.count), $0)
                }
            }
        }
    }

    /// What an inhibit asks the session not to do while the application runs.
    public struct Inhibit: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// No screen blanking, screensaver or idle suspend (`GTK_APPLICATION_INHIBIT_IDLE`).
        public static let idle = Inhibit(rawValue: GTK_APPLICATION_INHIBIT_IDLE.rawValue)
    }

    /// Asks the session not to do `what` while `window` shows, for `reason`
    /// (`gtk_application_inhibit`: the Wayland idle-inhibit protocol for idle on Wayland, else
    /// the session manager or the desktop portal on D-Bus). Returns the cookie for `uninhibit`,
    /// or 0 when nothing in the session took the request.
    @discardableResult
    public func inhibit(_ what: Inhibit, window: Window?, reason: String) -> UInt32 {
        ifAlive(0) { _ in
            gtk_application_inhibit(application.cast(), window?.widgetPointer.cast(),
                                    GtkApplicationInhibitFlags(rawValue: what.rawValue), reason)
        }
    }

    /// Ends an `inhibit` (`gtk_application_uninhibit`).
    public func uninhibit(_ cookie: UInt32) {
        guard cookie != 0 else { return }
        ifAlive(()) { _ in gtk_application_uninhibit(application.cast(), cookie) }
    }

    /// Stops the main loop (`g_application_quit`).
    public func quit() { ifAlive(()) { _ in g_application_quit(application) } }
}
