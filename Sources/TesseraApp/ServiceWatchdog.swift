import Glibc
import GtkKit

/// Tells systemd that the app is up and that its UI is alive (tessera@.service: `Type=notify`,
/// `WatchdogSec=`, `NotifyAccess=all`, since the app is cage's child, not the unit's main process).
///
/// The pings come from a GLib timeout on the main loop, never from a thread of their own: a UI
/// that stops handling events stops pinging, and systemd restarts the unit. The interval is half
/// of `$WATCHDOG_USEC`, as sd_watchdog_enabled(3) recommends. `$WATCHDOG_PID` is ignored on
/// purpose: systemd sets it to cage's PID.
@MainActor enum ServiceWatchdog {
    /// Debug hook, for tests and for checking a terminal's restart-on-hang: with this variable
    /// set to 1, SIGUSR1 makes a main-loop callback that never returns (after a `STATUS=` message
    /// saying so), exactly as a hung UI would look to the watchdog.
    static let stallHookVariable = "TESSERA_DEBUG_STALL_ON_SIGUSR1"

    private static var notifier: ServiceNotifier?
    private static var pings: MainContextSource?

    /// Starts the pings if systemd asked for them; call once the main loop runs.
    static func start() {
        guard pings == nil, let notifier = ServiceNotifier(socketPath: environment("NOTIFY_SOCKET")) else { return }
        self.notifier = notifier
        if let text = environment("WATCHDOG_USEC"), let microseconds = UInt64(text), microseconds > 0 {
            let interval = UInt32(clamping: max(1, microseconds / 2 / 1000))
            notifier.send("WATCHDOG=1")
            pings = MainContext.timeout(milliseconds: interval) {
                notifier.send("WATCHDOG=1")
                return true
            }
        }
        if environment(stallHookVariable) == "1" {
            // The signal mask is inherited across exec: a parent that blocks SIGUSR1 (a test
            // runner) would otherwise keep the hook from ever firing.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGUSR1)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            MainContext.onUnixSignal(SIGUSR1) {
                notifier.send("STATUS=main loop stalled on purpose (\(stallHookVariable))")
                while true { pause() }
            }
        }
    }

    /// `READY=1` after the next paint of `window`: the unit counts as started once the screen shows.
    static func reportReady(afterFirstPaintOf window: Widget, role: String) {
        guard let notifier else { return }
        window.afterNextPaint { _ in notifier.send("READY=1\nSTATUS=showing the \(role)") }
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
