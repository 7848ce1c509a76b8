import Localization
import QueueCore
import QueueStore
import TesseraFeatures

/// What it takes to open the admin page for a signed-in administrator: the store, its staff
/// credentials, the clock and what the configuration file locks. A desk and the `admin` role
/// each keep one and make a fresh page (and model) for each administrator who opens it.
@MainActor struct AdminAccess {
    let store: any QueueStore
    let credentials: any StaffCredentials
    let time: any TimeSource
    let locks: ConfigurationLocks

    func screen(for member: StaffMember, leaveLabel: String) -> AdminScreen {
        let model = AdminModel(admin: member, store: store, credentials: credentials, time: time, locks: locks)
        let screen = AdminScreen(model: model, leaveLabel: leaveLabel)
        Task {
            do { try await model.follow() } catch { AppIdentity.log.error("admin page cannot follow the store: \(error)") }
        }
        return screen
    }
}
