import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// Which desk buttons are enabled, checked against the queue itself: a button is enabled
/// exactly when the store accepts its command, and a disabled one says why.
@MainActor @Suite(.sharesTheMainThread) struct DeskModelRulesTests {
    enum Holding: String, CaseIterable, CustomStringConvertible {
        case nothing, called, serving
        var description: String { rawValue }
    }

    nonisolated static let actions: [DeskAction] = [
        .callNext, .recall, .start, .complete(.served), .noShow, .park, .transfer(to: "R", position: .back), .reprint,
    ]

    /// Desk 1, signed in as a clerk, holding a C ticket in `holding` state, with one more waiting;
    /// a kiosk's printer is ready (a reprint has somewhere to print).
    static func desk(holding: Holding) async throws -> (DeskModel, ScriptedStore, ManualTimeSource) {
        let store = try ScriptedStore()
        let time = ManualTimeSource()
        _ = try store.perform(.registerStaff(StaffMember(id: 1, name: "Ada")), at: time.now())
        _ = try store.perform(.reportPrinter(.ready, terminal: "Door"), at: time.now())
        let first = try store.perform(.issue(service: "C"), at: time.now()).ticket!.id
        _ = try store.perform(.issue(service: "C"), at: time.now())
        if holding != .nothing { _ = try store.perform(.callNext(desk: 1), at: time.now()) }
        if holding == .serving { _ = try store.perform(.start(ticket: first), at: time.now()) }
        let model = DeskModel(desk: 1, store: store, time: time)
        await model.reload()
        await model.signIn(StaffMember(id: 1, name: "Ada"))
        return (model, store, time)
    }

    static func command(_ action: DeskAction, current: TicketID?) -> Command {
        // A desk's ticket actions act on what it holds; holding nothing, they have no ticket.
        let ticket = current ?? TicketID(rawValue: 999)
        return switch action {
        case .callNext: .callNext(desk: 1)
        case .recall: .recall(ticket: ticket)
        case .start: .start(ticket: ticket)
        case .complete(let outcome): .complete(ticket: ticket, outcome: outcome)
        case .noShow: .noShow(ticket: ticket)
        case .park: .park(ticket: ticket)
        case .transfer(let target, let position): .transfer(ticket: ticket, to: target, position: position)
        case .reprint: .reprint(ticket: ticket)
        default: preconditionFailure("not in the table")
        }
    }

    @Test(arguments: Holding.allCases, actions)
    func aButtonIsEnabledExactlyWhenTheQueueAcceptsItsAction(_ holding: Holding, _ action: DeskAction) async throws {
        let (model, store, time) = try await Self.desk(holding: holding)
        let availability = model.availability(of: action)
        let current = model.snapshot?.current?.id
        let accepted: Bool
        do {
            _ = try store.perform(Self.command(action, current: current), at: time.now())
            accepted = true
        } catch {
            accepted = false
        }
        if case .complete = action, holding == .called {
            // The queue completes only served tickets; the desk starts service itself first.
            #expect(!accepted)
            #expect(availability == .enabled)
        } else {
            #expect(availability.isEnabled == accepted, "\(holding) + \(action): \(availability)")
            if !accepted { #expect(availability.reason?.isEmpty == false) }
        }
    }

    @Test func signedOutEveryActionSaysSignInFirst() async throws {
        let store = try ScriptedStore()
        let model = DeskModel(desk: 1, store: store, time: ManualTimeSource())
        await model.reload()
        for action in Self.actions { #expect(model.availability(of: action) == .disabled(reason: "Sign in first.")) }
        #expect(await model.perform(.callNext) == false)
        #expect(store.performCount == 0)
    }

    @Test func theReasonsNameWhatIsMissing() async throws {
        let store = try ScriptedStore()
        let time = ManualTimeSource()
        _ = try store.perform(.registerStaff(StaffMember(id: 1, name: "Ada")), at: time.now())
        _ = try store.perform(.setDesk(Desk(number: 1, name: "Returns desk", services: ["R"])), at: time.now())
        let model = DeskModel(desk: 1, store: store, time: time)
        await model.signIn(StaffMember(id: 1, name: "Ada"))
        #expect(model.availability(of: .callNext) == .disabled(reason: "Nobody is waiting for Returns."))
        #expect(model.availability(of: .start) == .disabled(reason: "This desk has no ticket; call one first."))
        _ = try store.perform(.issue(service: "R"), at: time.now())
        await model.reload()
        #expect(await model.perform(.callNext))
        #expect(model.availability(of: .callNext).reason?.contains("still handling ticket R001") == true)
        #expect(model.availability(of: .transfer(to: "R", position: .back))
            == .disabled(reason: "Ticket R001 is already in service R."))
    }

    @Test func onlyAnAdministratorOpensAndClosesServices() async throws {
        let (model, store, _) = try await Self.desk(holding: .nothing)
        #expect(model.availability(of: .closeService("C"))
            == .disabled(reason: "Only an administrator can open or close a service."))
        #expect(await model.perform(.closeService("C")) == false)
        #expect(try store.configuration().services["C"]?.isOpen == true)
        await model.signOut()
        await model.signIn(StaffMember(id: 1, name: "Ada", role: .administrator))
        #expect(model.availability(of: .openService("C")) == .disabled(reason: "Service C is already open."))
        #expect(await model.perform(.closeService("C")))
        #expect(try store.configuration().services["C"]?.isOpen == false)
        let closed = try store.events(after: .none, limit: 1000).map(\.event).last
        #expect(closed?.details == .serviceClosed("C") && closed?.staff == 1, "the event names who closed it")
    }
}
