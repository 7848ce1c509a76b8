import Glibc
import GtkKit

/// SIGTERM and SIGINT end the application through its main loop, with exit status 0.
///
/// Without this the default action kills the process mid-frame and the exit looks like a crash
/// (status 143 or 130). The packaged unit stops a screen by sending SIGTERM to tessera, not to
/// cage (tessera@.service `ExecStop=`): cage 0.1.4 aborts on SIGTERM, but exits cleanly once its
/// client is gone, so a prompt clean exit here is what makes `systemctl stop` clean.
@MainActor enum StopSignals {
    static let handled: [(signal: Int32, name: String)] = [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")]

    /// Quits `application` when one of `handled` arrives; call once, as its window opens.
    static func install(quitting application: Application) {
        for entry in handled {
            MainContext.onUnixSignal(entry.signal) { [weak application] in
                AppIdentity.log.message("stopping on \(entry.name)")
                application?.quit()
            }
        }
        // The signal mask survives exec: a parent that blocks these (a test runner) would keep
        // them from us. Unblocked only now that GLib handles them, so one already pending
        // also ends the process through the main loop.
        var signals = sigset_t()
        sigemptyset(&signals)
        for entry in handled { sigaddset(&signals, entry.signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
