import GtkKit
import QueueCore
import TesseraStyle

/// The one toplevel window of a Tessera process. Screens are persistent pages of a `Stack`,
/// so switching screens never rebuilds a widget a finger may be on.
///
/// Full screen and not closable by the customer unless `--windowed` (the demo is windowed).
@MainActor final class MainWindow {
    private let window: ApplicationWindow
    private let screens = Stack()
    private let launch: LaunchOptions
    private var kiosk: KioskScreen?
    private var waiting: WaitingStrip?

    init(application: Application, launch: LaunchOptions) {
        self.launch = launch
        window = ApplicationWindow(application: application)
        // The accessible name of the window is its title, even where no title bar is drawn.
        window.title = "Tessera"
        window.setDefaultSize(width: 1280, height: 800)
        screens.transition = .crossfade
        screens.addNamed(WelcomeScreen(role: launch.role).root, name: "welcome", title: "Welcome")
        window.child = screens
        if !launch.isWindowed {
            window.isFullscreen = true
            window.isDeletable = false
            // A kiosk is closed by its session (cage, systemd), never by a tap.
            window.onCloseRequest { _ in true }
        }
    }

    func present() {
        window.present()
        guard launch.role == .demo || launch.role == .kiosk else { return }
        Task { await openQueue() }
    }

    /// Opens the store off the GTK thread, then adds the kiosk page (or says what is wrong).
    private func openQueue() async {
        do {
            let connection = try await QueueConnection.open(url: launch.databaseURL)
            let services = try await Task.detached { try connection.store.configuration() }.value.services.values
                .sorted { $0.code < $1.code }
            let kiosk = KioskScreen(connection: connection, services: Array(services))
            let page = Box(orientation: .vertical, spacing: 0)
            kiosk.root.vexpand = true
            page.append(kiosk.root)
            if launch.role == .demo {
                let strip = WaitingStrip(connection: connection)
                try await strip.follow()
                page.append(strip.root)
                waiting = strip
            }
            self.kiosk = kiosk
            screens.addNamed(page, name: "kiosk", title: "Kiosk")
            screens.visibleChildName = "kiosk"
        } catch {
            Log.error("cannot open the queue: \(error)")
            let message = Label("The queue cannot be opened.\n\(error)")
            message.wraps = true
            message.justification = .center
            screens.addNamed(message, name: "unavailable", title: "Unavailable")
            screens.visibleChildName = "unavailable"
        }
    }
}
