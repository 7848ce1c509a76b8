import FoundationEssentials
import QueueCore

/// Everything a terminal reads from the store's configuration file (`/etc/tessera/tessera.conf`
/// or `--config FILE`; the keys are documented in `Resources/tessera.conf`).
public struct TesseraSettings: Equatable, Sendable {
    /// Where the packaged terminal looks when `--config` is not given.
    public static let systemPath = "/etc/tessera/tessera.conf"

    /// The file these settings came from; nil: no file, built-in defaults.
    public var file: String?
    /// What the file says the store is, applied at every start; nil without a file (the store
    /// keeps what it holds, seeded with the built-in services on first use).
    public var setup: StoreSetup?
    public var kiosk = KioskSettings()
    public var board = BoardSettings()
    public var staff = StaffSettings()
    /// `[theme]`: a built-in theme name or a theme file; nil: the default theme.
    public var theme: String?
    /// `[web]`: the ticket page a phone opens from a ticket's QR code.
    public var web = WebSettings()
    /// `[store] target-wait-minutes`: a called ticket is within target when it waited at most
    /// this long (the report's service level).
    public var targetWaitMinutes = QueueReport.defaultTargetWaitMinutes
    /// The lines the store's services and desks are written on (`definition(of:)`).
    public var lines = FileLines()

    public init(file: String? = nil, setup: StoreSetup? = nil) {
        self.file = file
        self.setup = setup
    }

    /// The services the file defines: they are changed by editing the file, not from a desk
    /// or the command line.
    public var servicesDefinedByFile: Set<ServiceCode> {
        Set(setup?.configuration.services.keys ?? [:].keys)
    }

    /// The settings for this process: `--config FILE` (which must exist), else the system file
    /// if there is one, else the built-in defaults. A file with any problem is refused whole.
    public static func load(configPath: String?, systemPath: String = systemPath)
        throws(SettingsFileError) -> TesseraSettings
    {
        if let configPath { return try SettingsFile.read(path: configPath) }
        guard FileManager.default.fileExists(atPath: systemPath) else { return TesseraSettings() }
        return try SettingsFile.read(path: systemPath)
    }
}

/// `[kiosk]`: the customer screen.
public struct KioskSettings: Equatable, Sendable {
    /// How long the ticket page stays before the service buttons return.
    public var ticketSeconds = 8
    /// How long a message (a ticket that could not be issued) stays before the kiosk returns
    /// to its service buttons for the next customer.
    public var idleSeconds = 20
    /// Whether each customer starts in the high-contrast look (and returns to it at idle).
    public var highContrast = false
    /// Whether each customer starts with large text (and returns to it at idle).
    public var largeText = false
    /// The gettext names of the languages customers may choose ("en_GB", "cy"), in button
    /// order; none: the locale's language, no choice.
    public var languages: [String] = []
    /// The language each customer starts in; nil: the first of `languages`.
    public var defaultLanguage: String?
    /// The ticket printer; `.none` on a fresh machine.
    public var printer = PrinterAddress.none
    /// The printer's dots per line: 384 for 58 mm paper, 576 for 80 mm.
    public var printerDots = 384
    /// What the kiosk does while its printer cannot print.
    public var withoutPrinter = WithoutPrinter.showTicket
    /// A line printed at the bottom of every ticket; empty: none.
    public var ticketFooter = ""
    /// What desks and the board call this kiosk ("Kiosk 'Door' printer: out of paper"); nil:
    /// its host name.
    public var name: String?

    public init() {}

    /// The kiosk's name as its printer reports carry it: `name=`, else the host name.
    public var terminalName: String? { name ?? HostName.current }
}

/// `[kiosk] without-printer=`: while the printer cannot print (out of paper, cover open,
/// offline, unreachable).
public enum WithoutPrinter: String, Equatable, Sendable {
    /// Keep issuing; each ticket is shown on screen for three times `ticket-seconds`.
    case showTicket = "show-ticket"
    /// Stop issuing until the printer can print again.
    case stop
}

/// `[board]`: the now-serving board's chime and spoken calls.
public struct BoardSettings: Equatable, Sendable {
    public var chime = true
    public var speech = true
    /// The espeak-ng voice, e.g. `en-gb`.
    public var voice = "en-gb"
    /// The language the board shows and calls are worded in, e.g. `en` (a gettext name).
    public var language = "en"
    /// The languages a ticket's call may be spoken in (the one its customer chose at the kiosk);
    /// a ticket in any other is called in `language`. None: every call in `language`.
    public var languages: [String] = []
    /// 0 to 100.
    public var volume = 80
    /// The least time a call stays highlighted (longer while it is being announced).
    public var highlightSeconds = 6
    /// White on black, every text at 7:1 or more (WCAG 2.2 AAA), thick borders round the banner
    /// and the tiles, tiles filled with a shade of their colour white reads on at 7:1.
    public var highContrast = false
    /// Every text of the board larger, for a waiting area read from further away.
    public var largeText = false

    public init() {}
}

/// `[staff]`: signing in at a desk.
public struct StaffSettings: Equatable, Sendable {
    /// Minutes without a touch or key after which a desk signs its staff member out.
    public var signOutMinutes = 10
    /// How long a break at a desk may last without a PIN to come back (`[staff] break-minutes`).
    public var breakMinutes = 15

    public init() {}
}
