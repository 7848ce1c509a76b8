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

    /// Quits `application` on the first of `handled` that arrives; call before its main loop runs.
    static func install(quitting application: Application) {
        // The signal mask survives exec: a parent that blocks these (cage blocks signals it
        // reads through a signalfd, some test runners too) would otherwise keep them from us.
        var signals = sigset_t()
        sigemptyset(&signals)
        for entry in handled { sigaddset(&signals, entry.signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for entry in handled {
            MainContext.onUnixSignal(entry.signal) { [weak application] in
                AppIdentity.log.message("stopping on \(entry.name)")
                application?.quit()
            }
        }
    }
}
