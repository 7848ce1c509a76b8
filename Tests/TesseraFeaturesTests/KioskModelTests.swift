import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// The whole kiosk flow as a customer meets it, on a real store, without a display.
@MainActor @Suite(.sharesTheMainThread) struct KioskModelTests {
    let store: ScriptedStore
    let time = ManualTimeSource()

    init() throws { store = try ScriptedStore() }

    private func kiosk(_ settings: KioskSettings = KioskSettings()) async throws -> KioskModel {
        try await KioskModel.load(store: store, time: time, timing: KioskModel.Timing(settings, issueTimeout: .seconds(45)))
    }

    private func issuedCodes() throws -> [String] { try store.tickets(TicketFilter()).map(\.code) }

    /// A service closed by staff keeps its button, disabled as closed, like one out of hours.
    @Test func offersEveryServiceInCodeOrderAClosedOneDisabled() async throws {
        _ = try store.perform(.closeService("R"), at: time.now())
        let model = try await kiosk()
        #expect(model.services.map(\.code) == ["C", "R", "S"])
        #expect(model.services.map(\.name) == ["Click & Collect", "Returns", "Customer Service"])
        #expect(model.services.map(\.availability) == [.open, .closed, .open])
        #expect(!model.choose("R"), "its button takes no tap")
        #expect(try issuedCodes() == [])
    }

    @Test func aTapIssuesOneTicketShowsItAndReturnsAfterTheTicketTime() async throws {
        let model = try await kiosk()
        #expect(model.choose("C"))
        #expect(model.phase == .issuing("C", overdue: false))
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        guard case .showingTicket(let ticket) = model.phase else { return }
        #expect(ticket.code == "C001")
        #expect(ticket.serviceName == "Click & Collect")
        #expect(ticket.peopleAhead == 0)
        time.advance(by: .seconds(7))
        #expect(model.phase == .showingTicket(ticket))
        time.advance(by: .seconds(1))
        #expect(model.phase == .returning)
        model.servicesShown()
        time.advance(by: .seconds(1))
        #expect(model.phase == .choosing)
        #expect(try issuedCodes() == ["C001"])
    }

    @Test func everyTapUntilTheServicesAreBackIsRefused() async throws {
        let model = try await kiosk()
        store.holdAfterCommit()
        #expect(model.choose("C"))
        // A double tap, another finger on another service: none of them is a new intent.
        #expect(!model.choose("C"))
        #expect(!model.choose("R"))
        store.release()
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        #expect(!model.choose("C"), "a tap while the ticket shows is not a second ticket")
        time.advance(by: .seconds(1))
        #expect(model.dismiss())
        #expect(!model.choose("C"), "a tap while the services come back is not a new intent")
        model.servicesShown()
        time.advance(by: .seconds(1))
        #expect(model.phase == .choosing)
        #expect(try issuedCodes() == ["C001"])
        #expect(store.performCount == 1)
    }

    @Test func aCommitThatLandsAfterTheTimeoutIsShownAndNothingElseIsIssuedMeanwhile() async throws {
        let model = try await kiosk()
        store.holdAfterCommit()
        #expect(model.choose("C"))
        #expect(await eventually { store.performCount == 1 })
        time.advance(by: .seconds(46))
        #expect(model.phase == .issuing("C", overdue: true), "the screen says the store is slow")
        #expect(!model.choose("C") && !model.choose("S"), "and still takes no tap: the commit may land")
        store.release()
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        guard case .showingTicket(let ticket) = model.phase else { return }
        #expect(ticket.code == "C001", "the committed ticket is the customer's, however late")
        #expect(try issuedCodes() == ["C001"])
    }

    @Test func aFailingStoreSaysSoLetsTheCustomerTryAgainAndClearsForTheNextOne() async throws {
        let model = try await kiosk(KioskSettings())
        store.failPerform()
        #expect(model.choose("R"))
        #expect(await eventually { model.phase == .failed("R", .unavailable) })
        #expect(try issuedCodes() == [])
        time.advance(by: .seconds(KioskSettings().idleSeconds))
        #expect(model.phase == .choosing, "the message does not stay for the next customer")
    }

    @Test func aRefusalCarriesTheRuleAndATapAfterItIsANewIntent() async throws {
        let model = try await kiosk()
        _ = try store.perform(.closeService("S"), at: time.now())
        #expect(model.choose("S"))
        #expect(await eventually { model.phase == .failed("S", .refused(.serviceClosed("S"))) })
        #expect(model.choose("C"), "the customer can choose another service at once")
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        #expect(try issuedCodes() == ["C001"])
    }

    @Test func aReadFailingAfterTheCommitStillShowsTheTicket() async throws {
        let model = try await kiosk()
        store.failReads()
        #expect(model.choose("C"))
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        guard case .showingTicket(let ticket) = model.phase else { return }
        #expect(ticket.code == "C001")
        #expect(ticket.peopleAhead == nil, "left out when it cannot be read, never a failure")
    }

    @Test func peopleAheadCountsTheTicketsBeforeThisOne() async throws {
        for _ in 0..<3 { _ = try store.perform(.issue(service: "R"), at: time.now()) }
        let model = try await kiosk()
        #expect(model.choose("R"))
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        guard case .showingTicket(let ticket) = model.phase else { return }
        #expect(ticket.code == "R004")
        #expect(ticket.peopleAhead == 3)
    }

    @Test func theTicketTimeComesFromTheSettings() async throws {
        var settings = KioskSettings()
        settings.ticketSeconds = 3
        let model = try await kiosk(settings)
        model.choose("C")
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        time.advance(by: .seconds(3))
        model.servicesShown()
        time.advance(by: .seconds(1))
        #expect(model.phase == .choosing)
    }
}
