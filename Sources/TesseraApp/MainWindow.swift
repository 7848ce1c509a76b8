import GtkKit

/// The one toplevel window of a Tessera process. Screens are persistent pages of a `Stack`,
/// so switching screens never rebuilds a widget a finger may be on.
///
/// Full screen and not closable by the customer unless `--windowed` (the demo is windowed).
@MainActor final class MainWindow {
    private let window: ApplicationWindow
    private let screens = Stack()

    init(application: Application, launch: LaunchOptions) {
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
    }
}
