import Localization
import QueueCore
import QueueStore
import ReportCharts
import TesseraFeatures

/// What the configuration file tells the admin page: what it locks, and the target wait the
/// figures measure against.
struct AdminOptions: Sendable {
    let locks: ConfigurationLocks
    let targetWaitMinutes: Int

    init(_ settings: TesseraSettings) {
        locks = .of(settings)
        targetWaitMinutes = settings.targetWaitMinutes
    }
}

/// What it takes to open the admin page for a signed-in administrator: the store, its staff
/// credentials, the clock and the file's options. A desk and the `admin` role each keep one and
/// make a fresh page (and models) for each administrator who opens it.
@MainActor struct AdminAccess {
    let store: any QueueStore
    let credentials: any StaffCredentials
    let time: any TimeSource
    let options: AdminOptions

    func screen(for member: StaffMember, leaveLabel: String) -> AdminScreen {
        let model = AdminModel(admin: member, store: store, credentials: credentials, time: time, locks: options.locks)
        let figures = AdminFigures(store: store, time: time, targetWaitMinutes: options.targetWaitMinutes,
                                   folder: AdminFigures.defaultFolder) { sheet, path in
            try ReportPDF.write(sheet, to: path)
        }
        let screen = AdminScreen(model: model, figures: figures, leaveLabel: leaveLabel)
        Task {
            do { try await model.follow() } catch { AppIdentity.log.error("admin page cannot follow the store: \(error)") }
            await figures.reload()
        }
        return screen
    }
}
