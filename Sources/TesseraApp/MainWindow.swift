import GtkKit
import Localization
import QueueCore
import QueueStore
import TesseraFeatures
import TesseraStyle

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
    private var unavailable: Label?

    init(application: Application, launch: LaunchOptions, settings: TesseraSettings) {
        self.launch = launch
        self.settings = settings
        self.application = application
        window = ApplicationWindow(application: application)
        // The accessible name of the window is its title, even where no title bar is drawn.
        window.title = "Tessera"
        window.setDefaultSize(width: 1280, height: 800)
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
            message.maxWidthChars = 40
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
        if launch.role == .desk { Task { await openDesk() } }
        if launch.role == .board {
            Task { board = await BoardScreen.open(on: screens, launch: launch, settings: settings, time: time) }
        }
        if launch.role == .demo { Task { await openDemo() } }
        guard launch.role == .kiosk else { return }
        Task {
            // A kiosk waits calmly for its store (a server restarting, a disk remounted) and
            // recovers by itself.
            while await !openQueue(), launch.role == .kiosk {
                try? await Task.sleep(for: .seconds(5))
            }
        }
    }

    /// The desk role: the sign-in page, then the desk (`DeskPage`).
    private func openDesk() async {
        do {
            let (settings, url) = (settings, launch.databaseURL)
            let store = try await Blocking.run { try settings.openConfiguredStore(url: url) }
            let page = try await DeskPage.open(desk: DeskNumber(rawValue: launch.desk ?? 1), store: store, time: time,
                                           settings: settings.staff)
            desk = page
            screens.add(page.root, name: "desk", title: localized("Desk"))
            screens.show("desk")
        } catch {
            showUnavailable(error)
        }
    }

    /// The demo role: kiosk, desk 1 and board side by side on one store (`DemoLayout`).
    private func openDemo() async {
        do {
            let (settings, url) = (settings, launch.databaseURL)
            let store = try await Blocking.run { try settings.openConfiguredStore(url: url) }
            let layout = try await DemoLayout.open(store: store, settings: settings, time: time)
            demo = layout
            screens.add(layout.root, name: "demo", title: localized("Demo"))
            screens.show("demo")
        } catch {
            showUnavailable(error)
        }
    }

    /// Opens the store off the GTK thread (applying the configuration file), then adds the
    /// kiosk page, or a page that says what is wrong.
    private func openQueue() async -> Bool {
        do {
            let (settings, url) = (settings, launch.databaseURL)
            let store = try await Blocking.run { try settings.openConfiguredStore(url: url) }
            let kiosk = try await KioskScreen.make(store: store, time: time, settings: settings)
            self.kiosk = kiosk
            screens.add(kiosk.root, name: "kiosk", title: "")
            screens.show("kiosk")
            if FirstFrameReport.isRequested { FirstFrameReport.arm(on: kiosk.root) { [application] in application.quit() } }
            return true
        } catch {
            showUnavailable(error)
            return false
        }
    }
}
