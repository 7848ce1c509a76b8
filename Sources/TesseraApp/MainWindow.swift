import GtkKit
import Localization
import QueueCore
import QueueStore
import TesseraFeatures
import TesseraStyle

/// The window's layout and the kiosk's patience.
private enum Layout {
    /// The windowed size (the demo, development); full screen fills the display instead.
    static let windowSize = (width: Int32(1280), height: Int32(800))
    static let unavailableChars: Int32 = 40
    /// How long a kiosk waits before it tries its store again.
    static let storeRetry = Duration.seconds(5)
}

/// The one toplevel window of a Tessera process. Screens are persistent pages of a `Stack`,
/// so switching screens never rebuilds a widget a finger may be on.
///
/// Full screen and not closable by the customer unless `--windowed` (the demo is windowed).
@MainActor final class MainWindow {
    private let window: ApplicationWindow
    private let application: Application
    private let screens = ScreenPages()
    private let launch: LaunchOptions
    private let settings: TesseraSettings
    private let time = GLibTimeSource()
    private var kiosk: KioskScreen?
    private var demo: DemoLayout?
    private var desk: DeskPage?
    private var board: BoardScreen?
    private var admin: AdminRolePage?
    private var unavailable: Label?

    init(application: Application, launch: LaunchOptions, settings: TesseraSettings) {
        self.launch = launch
        self.settings = settings
        self.application = application
        window = ApplicationWindow(application: application)
        // The accessible name of the window is its title, even where no title bar is drawn.
        window.title = "Tessera"
        window.setDefaultSize(width: Layout.windowSize.width, height: Layout.windowSize.height)
        screens.stack.transition = .crossfade
        screens.add(WelcomeScreen(role: launch.role).root, name: "welcome", title: localized("Welcome"))
        screens.show("welcome")
        window.child = screens.stack
        if !launch.isWindowed {
            window.isFullscreen = true
            window.isDeletable = false
            // A kiosk is closed by its session (cage, systemd), never by a tap.
            window.onCloseRequest { _ in true }
            KioskLockDown.apply(to: window)
        }
    }

    /// The page shown while the store cannot be opened: the reason for staff in the demo, calm
    /// customer words at a kiosk (the reason goes to the log).
    private func showUnavailable(_ error: any Error) {
        AppIdentity.log.error("cannot open the queue: \(error)")
        let message = unavailable ?? Label()
        if unavailable == nil {
            message.wraps = true
            message.justification = .center
            message.maxWidthChars = Layout.unavailableChars
            screens.add(message, name: "unavailable", title: localized("Unavailable"))
            unavailable = message
        }
        if launch.role == .kiosk {
            KioskText.set(message, localized("Sorry, tickets are not available just now.\nPlease wait a moment, or ask a member of staff."), .title)
        } else {
            message.text = localized("The queue cannot be opened.\n%s", "\(error)")
        }
        screens.show("unavailable")
    }

    func present() {
        window.present()
        ServiceWatchdog.reportReady(afterFirstPaintOf: window, role: launch.role.rawValue)
        if !launch.isWindowed, launch.role == .kiosk || launch.role == .board {
            KioskLockDown.faceCustomers(window, application: application)
        }
        Task {
            // A kiosk waits calmly for its store (a server restarting, a disk remounted) and
            // recovers by itself; the other roles say why and wait for staff.
            while await !openRole(), launch.role == .kiosk {
                try? await Task.sleep(for: Layout.storeRetry)
            }
        }
    }

    /// The one way a role opens its store: off the GTK thread (applying the configuration
    /// file), then the role's page on it, or the page that says what is wrong.
    private func openRole() async -> Bool {
        do {
            let (settings, url) = (settings, launch.databaseURL)
            let store = try await Blocking.run { try settings.openConfiguredStore(url: url) }
            try await showRole(on: store)
            return true
        } catch {
            showUnavailable(error)
            return false
        }
    }

    /// The role's page on `store`: the kiosk, the desk's sign-in then desk (`DeskPage`), the
    /// board, or the demo's three side by side (`DemoLayout`).
    private func showRole(on store: any QueueStore) async throws {
        switch launch.role {
        case .kiosk:
            let kiosk = try await KioskScreen.make(store: store, time: time, settings: settings)
            self.kiosk = kiosk
            show(kiosk.root, name: "kiosk", title: "")
            if FirstFrameReport.isRequested { FirstFrameReport.arm(on: kiosk.root) { [application] in application.quit() } }
        case .desk:
            let page = try await DeskPage.open(desk: DeskNumber(rawValue: launch.desk ?? 1), store: store, time: time,
                                               settings: settings.staff, admin: AdminOptions(settings))
            desk = page
            page.takeKeys(of: window)
            show(page.root, name: "desk", title: localized("Desk"))
        case .board:
            let screen = try await BoardScreen.make(store: store, settings: settings, time: time)
            board = screen
            show(screen.root, name: "board", title: screen.language.localized("Now serving"))
        case .admin:
            let page = try await AdminRolePage.open(store: store, time: time, options: AdminOptions(settings))
            admin = page
            page.takeKeys(of: window)
            show(page.root, name: "admin", title: localized("Manage the store"))
        case .demo:
            let layout = try await DemoLayout.open(store: store, settings: settings, time: time)
            demo = layout
            layout.desk.takeKeys(of: window)
            show(layout.root, name: "demo", title: localized("Demo"))
        }
    }

    private func show(_ page: Widget, name: String, title: String) {
        screens.add(page, name: name, title: title)
        screens.show(name)
    }
}
