import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// A kiosk and a desk on a PostgreSQL store whose server goes down (`pg_ctl stop -m immediate`)
/// and comes back: while it is down both say they are offline and take no tap, and once it is
/// back they work again without being restarted. Every blocking call (psql, pg_ctl, opening a
/// store) runs off the main actor: the other model suites' tasks need it meanwhile.
@MainActor @Suite(.sharesTheMainThread, .enabled(if: PostgresTestServer.isEnabled), .serialized)
struct OfflineModelTests {
    let time = ManualTimeSource()

    @Test func kioskAndDeskAreOfflineWhileTheServerIsDown() async throws {
        try await PostgresTestServer.takeCrashClusterWhenFree()
        defer { PostgresTestServer.releaseCrashCluster() }
        try await offlineAndBack()
    }

    private func offlineAndBack() async throws {
        let ada = StaffMember(id: 1, name: "Ada")
        let instant = time.now()
        let (url, store, deskStore) = try await Task.detached {
            let url = try PostgresTestServer.freshDatabase(crashable: true)
            let store = try openStore(url: url)
            _ = try store.perform(.registerStaff(ada), at: instant)
            return (url, store, try openStore(url: url))
        }.value
        let kiosk = try await KioskModel.load(store: store, time: time)
        try await kiosk.follow()
        let desk = DeskModel(desk: 1, store: deskStore, time: time)
        try await desk.follow()
        await desk.signIn(ada)
        #expect(!kiosk.isOffline && kiosk.takesTaps)

        try await Task.detached { try PostgresTestServer.stop() }.value
        var restarted = false
        defer { if !restarted { try? PostgresTestServer.start() } }
        #expect(await eventually { kiosk.isOffline && desk.isOffline })
        #expect(!kiosk.takesTaps && !kiosk.choose("C"))
        #expect(desk.availability(of: .callNext) == .disabled(reason: DeskModel.offline))

        try await Task.detached { try PostgresTestServer.start() }.value
        restarted = true
        #expect(await eventually { !kiosk.isOffline && !desk.isOffline })
        #expect(kiosk.choose("C"))
        #expect(await eventually { if case .showingTicket = kiosk.phase { true } else { false } })
        #expect(await eventually { desk.availability(of: .callNext) == .enabled })
        #expect(await desk.perform(.callNext))
        let rows = try await Task.detached { try PostgresTestServer.psql("SELECT code || ' ' || state || ' ' || desk FROM tickets", url: url) }.value
        #expect(rows == "C001 called 1")
    }
}
