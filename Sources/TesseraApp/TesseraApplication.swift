import GtkKit
import Localization
import QueueStore
import TesseraFeatures
import TesseraStyle

/// The GTK application behind `tessera demo|kiosk|desk|board`: declares the command-line
/// options so GLib parses them (and `--help`), reads the configuration file, then opens the
/// role's window on `activate`. Bad usage or a bad configuration file ends it with exit 2
/// before any window opens: a terminal never starts half-configured.
///
/// Non-unique on purpose: a kiosk, a desk and a board may run as separate processes on one terminal.
@MainActor public final class TesseraApplication {
    /// The version `tessera --version` prints.
    public static let version = "0.1.1"

    /// The options every role takes.
    static let options = [
        CommandOption(name: "version", kind: .flag, help: localized("Print the version and exit")),
        CommandOption(name: "database", kind: .string, argument: "URL",
                      help: localized("Queue database: sqlite:///path, a path, or postgresql://…")),
        CommandOption(name: "config", kind: .string, argument: "FILE",
                      help: localized("Configuration file (default %s if it exists)", TesseraSettings.systemPath)),
        CommandOption(name: "desk", kind: .integer, argument: "N", help: localized("This counter's desk number (desk role)")),
        CommandOption(name: "windowed", kind: .flag, help: localized("Open a normal window instead of full screen")),
        CommandOption(name: "theme", kind: .string, argument: "NAME|FILE",
                      help: localized("Button theme: default, high-contrast or a theme file (overrides [theme])")),
    ]

    private let application = Application(id: AppIdentity.applicationID, flags: [.nonUnique])
    private var launch: LaunchOptions?
    private var settings = TesseraSettings()
    /// Whether GLib got as far as handing us the parsed options (it stops earlier on bad usage).
    private var optionsParsed = false
    private var window: MainWindow?

    public init() {
        for option in Self.options { application.addMainOption(option) }
        application.acceptPositionalArguments("demo|kiosk|desk|board")
        application.onHandleLocalOptions { [weak self] _, options in
            self?.handle(options)
        }
        application.onActivate { [weak self] application in
            self?.activate(application)
        }
    }

    /// Runs the main loop until the window closes; returns the exit status.
    public func run(_ argv: [String]) -> Int32 {
        if let status = LaunchHelp.answer(Array(argv.dropFirst()), options: Self.options) { return status }
        if let problem = CommandOption.switchGivenAValue(in: argv.dropFirst(), options: Self.options, program: "tessera") {
            printError(problem)
            return ExitStatus.badInput
        }
        let status = application.run(argv)
        // GApplication reports options it cannot parse (`--desk` without a value) with exit
        // status 1; Tessera's contract says bad usage is 2.
        return status == 1 && !optionsParsed ? ExitStatus.badInput : status
    }

    private func handle(_ options: ParsedCommandLine) -> Int32? {
        optionsParsed = true
        if options.has("version") {
            return StandardStreams.printOutput("tessera \(Self.version)") ? ExitStatus.success : ExitStatus.outputLost
        }
        do {
            if let problem = options.integerProblem(program: "tessera") { throw UsageError(problem) }
            let launch = try LaunchOptions.parse(
                arguments: options.positional, databaseURL: options.strings["database"],
                configPath: options.strings["config"], desk: options.integers["desk"],
                windowed: options.has("windowed"), theme: options.strings["theme"])
            // A URL that cannot work is bad usage now, not an error page later.
            if let url = launch.databaseURL { try checkDatabaseURL(url) }
            settings = try TesseraSettings.load(configPath: launch.configPath)
            self.launch = launch
            return nil
        } catch let error as UsageError {
            printError(localized("tessera: %s\nRun 'tessera --help' for the options.", error))
            return ExitStatus.of(error)
        } catch {
            printError("tessera: \(error)")
            return ExitStatus.of(error)
        }
    }

    private func activate(_ application: Application) {
        guard window == nil, let launch else { return }
        StopSignals.install(quitting: application)
        ServiceWatchdog.start()
        // The one app-wide stylesheet. A bad theme file is logged (file, line, key) and the default
        // theme used instead: a kiosk never comes up unstyled because of a typo.
        StyleProvider.shared.use(themeNamed: launch.theme ?? settings.theme ?? "default")
        for error in StyleProvider.shared.parseErrors { AppIdentity.log.warning("stylesheet: \(error)") }
        let window = MainWindow(application: application, launch: launch, settings: settings)
        self.window = window
        window.present()
        AppIdentity.log.info("started as \(launch.role.rawValue)" + (settings.file.map { " with \($0)" } ?? ""))
    }
}
