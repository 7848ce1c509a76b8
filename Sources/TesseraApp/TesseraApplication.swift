import GtkKit
import QueueStore
import TesseraStyle

/// The GTK application behind `tessera demo|kiosk|desk|board`: declares the command-line
/// options so GLib parses them (and `--help`), then opens the role's window on `activate`.
///
/// Non-unique on purpose: a kiosk, a desk and a board may run as separate processes on one terminal.
@MainActor public final class TesseraApplication {
    /// The version `tessera --version` prints.
    public static let version = "0.1.0"

    private let application = Application(id: Application.tesseraID, flags: [.nonUnique])
    private var launch: LaunchOptions?
    /// Whether GLib got as far as handing us the parsed options (it stops earlier on bad usage).
    private var optionsParsed = false
    private var window: MainWindow?

    public init() {
        application.addMainOption(ApplicationOption("version", description: "Print the version and exit"))
        application.addMainOption(ApplicationOption(
            "database", kind: .string, description: "Queue database: sqlite:///path, a path, or postgresql://…",
            argumentDescription: "URL"))
        application.addMainOption(ApplicationOption(
            "config", kind: .string, description: "Configuration file (default /etc/tessera/tessera.conf)",
            argumentDescription: "FILE"))
        application.addMainOption(ApplicationOption(
            "desk", kind: .int, description: "This counter's desk number (desk role)", argumentDescription: "N"))
        application.addMainOption(ApplicationOption(
            "windowed", description: "Open a normal window instead of full screen"))
        application.addMainOption(ApplicationOption(
            "theme", kind: .string, description: "Button theme: default, high-contrast or a theme file",
            argumentDescription: "NAME|FILE"))
        application.addMainOption(.remaining(argumentDescription: "demo|kiosk|desk|board"))

        application.onHandleLocalOptions { [weak self] _, options in
            self?.handle(options)
        }
        application.onActivate { [weak self] application in
            self?.activate(application)
        }
    }

    /// Runs the main loop until the window closes; returns the exit status.
    public func run(_ argv: [String]) -> Int32 {
        let status = application.run(argv)
        // GApplication reports options it cannot parse (`--desk abc`) with exit status 1;
        // Tessera's contract says bad usage is 2.
        return status == 1 && !optionsParsed ? 2 : status
    }

    private func handle(_ options: ParsedOptions) -> Int32? {
        optionsParsed = true
        if options.flags.contains("version") {
            print("tessera \(Self.version)")
            return 0
        }
        do {
            launch = try LaunchOptions.parse(
                arguments: options.remaining, databaseURL: options.strings["database"],
                configPath: options.strings["config"], desk: options.ints["desk"],
                windowed: options.flags.contains("windowed"), theme: options.strings["theme"])
            // A URL that cannot work is bad usage now, not an error page later.
            if let url = launch?.databaseURL { _ = try DatabaseLocation.parse(url) }
            return nil
        } catch {
            printError("tessera: \(error)\nRun 'tessera --help' for the options.")
            return 2
        }
    }

    private func activate(_ application: Application) {
        guard window == nil, let launch else { return }
        // The one app-wide stylesheet. A bad theme file is logged (file, line, key) and the default
        // theme used instead: a kiosk never comes up unstyled because of a typo.
        StyleProvider.shared.use(themeNamed: launch.theme ?? "default")
        for error in StyleProvider.shared.parseErrors { Log.warning("stylesheet: \(error)") }
        let window = MainWindow(application: application, launch: launch)
        self.window = window
        window.present()
        Log.info("started as \(launch.role.rawValue)")
    }
}
