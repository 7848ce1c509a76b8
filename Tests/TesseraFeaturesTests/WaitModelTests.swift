import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// The wait a customer is told, as the kiosk and the desk meet it on a real store: what a call
/// costs is what it took, only desks somebody works at count, a desk's time is shared among its
/// services, and with nobody serving the wait is unknown. The store's desks 1–3 (every service)
/// start open for nobody; the default is 240 s a call.
@MainActor @Suite(.sharesTheMainThread) struct WaitModelTests {
    let store: ScriptedStore
    let time = ManualTimeSource()
    let ada = StaffMember(id: 1, name: "Ada")

    init() throws {
        store = try ScriptedStore()
        _ = try store.perform(.registerStaff(ada), at: time.now())
    }

    /// Ada signs in at desk 1 on its screen, as a clerk does.
    private func adaAtDeskOne() async throws -> DeskModel {
        let desk = DeskModel(desk: 1, store: store, time: time)
        try await desk.follow()
        await desk.signIn(ada)
        return desk
    }

    /// A customer's tap on `service`, and the ticket the kiosk shows for it.
    private func ticket(_ service: ServiceCode, at kiosk: KioskModel) async throws -> KioskTicket {
        #expect(await eventually { kiosk.takesTaps })
        #expect(kiosk.choose(service))
        #expect(await eventually { if case .showingTicket = kiosk.phase { true } else { false } })
        guard case .showingTicket(let ticket) = kiosk.phase else { throw CancellationError() }
        time.advance(by: .seconds(1))
        #expect(kiosk.dismiss())
        kiosk.servicesShown()
        time.advance(by: .seconds(1))
        return ticket
    }

    private func issue(_ service: ServiceCode) throws -> Ticket {
        try store.perform(.issue(service: service), at: time.now()).ticket!
    }

    @Test func theTwoPressPathCountsTheTimeTheCustomerWasAtTheDesk() async throws {
        let waiting = try (0..<3).map { _ in try issue("C") }
        let desk = try await adaAtDeskOne()
        #expect(await desk.perform(.callNext))
        time.advance(by: .seconds(420))
        #expect(await desk.perform(.complete(.served)))  // no Start: the desk's two-press path
        // Seven minutes a call now: the third ticket waits for the second's call.
        let standing = try store.standing(of: waiting[2].id, at: time.now())
        #expect(standing == TicketStanding(peopleAhead: 1, estimatedWait: .seconds(420)))
    }

    @Test func aDeskNobodyIsSignedInAtAddsNothing() async throws {
        _ = try await adaAtDeskOne()
        _ = try (0..<2).map { _ in try issue("C") }
        let kiosk = try await KioskModel.load(store: store, time: time)
        let shown = try await ticket("C", at: kiosk)
        // Desks 2 and 3 are open for nobody: one desk serves, 240 s a call, two calls ahead.
        #expect(shown.peopleAhead == 2 && shown.estimatedWait == .seconds(480))
    }

    @Test func aDeskSharedByTwoServicesSplitsItsTime() async throws {
        _ = try await adaAtDeskOne()
        _ = try issue("C")
        time.advance(by: .seconds(60))
        let kiosk = try await KioskModel.load(store: store, time: time)
        let shown = try await ticket("R", at: kiosk)
        // Nobody waits for R, but desk 1 calls from C too, and the C customer came first.
        #expect(shown.peopleAhead == 0 && shown.estimatedWait == .seconds(240))
    }

    @Test func withNobodyServingTheKioskSaysTheWaitIsUnknown() async throws {
        _ = try issue("C")
        let kiosk = try await KioskModel.load(store: store, time: time)
        let shown = try await ticket("C", at: kiosk)
        #expect(shown.peopleAhead == 1 && shown.estimatedWait == nil)
        #expect(WaitWords(.locale).wait(peopleAhead: shown.peopleAhead, estimate: shown.estimatedWait)
            == "Waiting time unknown: no desk is open right now")
    }

    /// One figure everywhere: the wait the kiosk's button gives a ticket taken now is the one
    /// its page shows, the one the store keeps with the ticket, and the one the desk's clerk
    /// sees beside the service.
    @Test func theButtonThePageTheStoredQuoteAndTheDeskGiveOneWait() async throws {
        let desk = try await adaAtDeskOne()
        _ = try (0..<2).map { _ in try issue("C") }
        let kiosk = try await KioskModel.load(store: store, time: time)
        try await kiosk.follow()
        // Desk 1 alone serves, 240 s a call: a third C ticket waits for two calls.
        let promised = TicketStanding(peopleAhead: 2, estimatedWait: .seconds(480))
        #expect(await eventually { kiosk.services.first { $0.code == "C" }?.newTicket == promised })
        #expect(await eventually { desk.snapshot?.services.first { $0.code == "C" }?.newTicket == promised })
        let shown = try await ticket("C", at: kiosk)
        #expect(shown.peopleAhead == 2 && shown.estimatedWait == .seconds(480))
        let kept = try #require(try store.tickets(TicketFilter(state: .waiting)).first { $0.id == shown.id })
        #expect(kept.quotedWait == 480_000)
        #expect(WaitWords(.locale).short(peopleAhead: 2, estimate: shown.estimatedWait) == "about 8 min")
    }
}
