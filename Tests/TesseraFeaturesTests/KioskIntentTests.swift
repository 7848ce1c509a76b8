import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// One intent, one ticket, through every page change: the rest of a double tap or a burst, a
/// second finger, or a tap while the services fade back in never reaches a service.
@MainActor @Suite(.sharesTheMainThread) struct KioskIntentTests {
    let store: ScriptedStore
    let time = ManualTimeSource()

    init() throws { store = try ScriptedStore() }

    private func kioskShowingATicket() async throws -> KioskModel {
        let model = try await KioskModel.load(store: store, time: time)
        #expect(model.choose("C"))
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        return model
    }

    @Test func theRestOfATapThatLandsOnDoneIsNotADismissal() async throws {
        let model = try await kioskShowingATicket()
        #expect(!model.dismiss(), "a tap right after the ticket appears belongs to the tap that asked for it")
        time.advance(by: .milliseconds(599))
        #expect(!model.dismiss())
        time.advance(by: .milliseconds(1))
        #expect(model.dismiss(), "a deliberate Done after the guard")
        #expect(model.phase == .returning)
    }

    @Test func noTapCountsUntilTheServicesAreFullyBackAndTheGuardHasPassed() async throws {
        let model = try await kioskShowingATicket()
        time.advance(by: .seconds(1))
        #expect(model.dismiss())
        #expect(!model.takesTaps && !model.choose("S"), "while the services fade back in")
        model.servicesShown()
        #expect(!model.choose("S"), "the second tap of a double tap on Done lands on a service")
        time.advance(by: .milliseconds(600))
        #expect(model.phase == .choosing && model.takesTaps)
        #expect(try store.tickets(TicketFilter()).map(\.code) == ["C001"])
    }

    @Test func theGuardAloneDoesNotReopenTheButtonsWhileThePageIsStillFading() async throws {
        let model = try await kioskShowingATicket()
        time.advance(by: .seconds(8))
        #expect(model.phase == .returning, "the ticket time ran out")
        time.advance(by: .seconds(5))
        #expect(model.phase == .returning, "the screen has not said the services are back")
        #expect(!model.choose("C"))
        model.servicesShown()
        #expect(model.phase == .choosing)
    }

    @Test func theServicesFollowTheStore() async throws {
        let model = try await KioskModel.load(store: store, time: time)
        try await model.follow()
        defer { model.stopFollowing() }
        _ = try store.perform(.closeService("R"), at: time.now())
        #expect(await eventually { model.services.map(\.availability) == [.open, .closed, .open] },
                "a closed service stays, disabled as closed")
        #expect(model.services.map(\.code) == ["C", "R", "S"])
        _ = try store.perform(.openService("R"), at: time.now())
        #expect(await eventually { model.services.map(\.availability) == [.open, .open, .open] }, "and opens again")
        var renamed = try #require(try store.configuration().services["C"])
        renamed.name = "Collect your order"
        _ = try store.perform(.setService(renamed), at: time.now())
        #expect(await eventually { model.services.first?.name == "Collect your order" }, "a rename shows")
        for code: ServiceCode in ["C", "R", "S"] { _ = try store.perform(.closeService(code), at: time.now()) }
        #expect(await eventually { model.services.allSatisfy { $0.availability == .closed } }, "every service closed")
    }

    @Test func thePeopleAheadFollowTheQueueWhileTheTicketShows() async throws {
        let first = try #require(try store.perform(.issue(service: "C"), at: time.now()).ticket)
        let model = try await KioskModel.load(store: store, time: time)
        try await model.follow()
        defer { model.stopFollowing() }
        #expect(model.choose("C"))
        #expect(await eventually { if case .showingTicket(let t) = model.phase { t.peopleAhead == 1 } else { false } })
        _ = try store.perform(.cancel(ticket: first.id), at: time.now())
        #expect(await eventually { if case .showingTicket(let t) = model.phase { t.peopleAhead == 0 } else { false } },
                "the ticket before it left the queue")
    }
}
