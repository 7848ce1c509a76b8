import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// A counter's day as a model: the common path, double presses, live updates, two desks racing.
@MainActor @Suite(.sharesTheMainThread) struct DeskModelFlowTests {
    let store: ScriptedStore
    let time = ManualTimeSource()
    let ada = StaffMember(id: 1, name: "Ada")

    init() throws {
        store = try ScriptedStore()
        _ = try store.perform(.registerStaff(ada), at: time.now())
        _ = try store.perform(.registerStaff(StaffMember(id: 2, name: "Grace")), at: time.now())
    }

    private func desk(_ number: DeskNumber = 1, idle: Duration? = nil, as member: StaffMember? = nil) async throws -> DeskModel {
        let model = DeskModel(desk: number, store: store, time: time, idleTimeout: idle)
        try await model.follow()
        await model.signIn(member ?? ada)
        return model
    }

    private func issue(_ service: ServiceCode = "C") throws -> Ticket {
        try store.perform(.issue(service: service), at: time.now()).ticket!
    }

    private func events() throws -> [Event] { try store.events(after: .none, limit: 1000).map(\.event) }

    @Test func callNextThenCompleteIsTwoPressesAndRecordsStartAndCompleteByTheStaffMember() async throws {
        let ticket = try issue()
        let model = try await desk()
        #expect(await model.perform(.callNext))
        #expect(model.snapshot?.current?.state == .called)
        #expect(await model.perform(.complete(.served)))
        #expect(try store.ticket(ticket.id)?.state == .completed)
        let kinds = try events().filter { $0.ticket == ticket.id }.map { ($0.details, $0.staff) }
        #expect(kinds.map(\.1) == [nil, 1, 1, 1], "issued by nobody, then every desk event names Ada")
        #expect(kinds.dropFirst().map { "\($0.0)".prefix(while: { $0 != "(" }) } == ["ticketCalled", "serviceStarted", "ticketCompleted"])
        #expect(model.snapshot?.current == nil)
    }

    @Test func aSecondPressWhileTheStoreAnswersIsRefused() async throws {
        _ = try issue()
        _ = try issue()
        let model = try await desk()
        store.holdAfterCommit()
        #expect(model.press(.callNext))
        #expect(!model.press(.callNext), "a double tap is not a second call")
        #expect(await model.perform(.recall) == false)
        #expect(model.availability(of: .callNext) == .disabled(reason: "Waiting for the queue to answer…"))
        store.release()
        #expect(await eventually { model.pending == nil })
        #expect(try store.tickets(TicketFilter(state: .called)).count == 1)
    }

    @Test func anotherProcesssTicketAppearsWithoutARefresh() async throws {
        let model = try await desk()
        #expect(model.snapshot?.waitingCount == 0)
        let ticket = try issue("R")
        #expect(await eventually { model.snapshot?.waiting.map(\.id) == [ticket.id] })
        #expect(model.snapshot?.services.first { $0.code == "R" }?.waiting == 1)
        #expect(model.snapshot?.services.first { $0.code == "R" }?.longestWaitingSince == ticket.issuedAt.date)
        #expect(model.availability(of: .callNext) == .enabled)
    }

    @Test func twoDesksRaceForOneTicketAndTheLoserIsToldItWasTaken() async throws {
        _ = try issue()
        let one = try await desk(1)
        let two = try await desk(2, as: StaffMember(id: 2, name: "Grace"))
        #expect(one.availability(of: .callNext) == .enabled && two.availability(of: .callNext) == .enabled)
        async let first = one.perform(.callNext)
        async let second = two.perform(.callNext)
        _ = await (first, second)
        let holders = [one, two].filter { $0.snapshot?.current != nil }
        #expect(holders.count == 1)
        let loser = one.snapshot?.current == nil ? one : two
        #expect(loser.notice == "Another desk called the waiting ticket first; nobody else is waiting.")
    }

    @Test func aChosenTicketIsCalledOutOfOrderAndATakenOneSaysSo() async throws {
        _ = try issue()
        let second = try issue()
        // Desk 2 reads the list once and does not follow the feed: its list still shows C002.
        let two = DeskModel(desk: 2, store: store, time: time)
        await two.reload()
        await two.signIn(StaffMember(id: 2, name: "Grace"))
        let one = try await desk(1)
        #expect(await one.perform(.call(second.id)))
        #expect(one.snapshot?.current?.code == "C002")
        #expect(try store.tickets(TicketFilter(state: .waiting)).map(\.code) == ["C001"], "the head keeps waiting")
        #expect(two.availability(of: .call(second.id)) == .enabled)
        #expect(await two.perform(.call(second.id)))
        #expect(two.notice == "Ticket C002 was taken by another desk.")
        #expect(two.snapshot?.current == nil)
        #expect(two.availability(of: .call(second.id)) == .disabled(reason: "That ticket is no longer waiting."))
    }

    @Test func parkThenResumeServesAtTheDeskAndANoShowComesBack() async throws {
        let ticket = try issue()
        let model = try await desk()
        #expect(await model.perform(.callNext))
        #expect(await model.perform(.park))
        #expect(model.snapshot?.parked.map(\.id) == [ticket.id])
        #expect(await model.perform(.resume(ticket.id)))
        #expect(model.snapshot?.current?.state == .serving)
        #expect(await model.perform(.transfer(to: "R", position: .front)))
        #expect(try store.ticket(ticket.id)?.service == "R")
        #expect(await model.perform(.callNext))
        #expect(await model.perform(.noShow))
        #expect(model.snapshot?.noShows.map(\.id) == [ticket.id])
        #expect(await model.perform(.reactivate(ticket.id)))
        #expect(try store.ticket(ticket.id)?.state == .waiting)
    }

    @Test func idleStaffAreSignedOutAndTheFreeDeskCloses() async throws {
        let model = try await desk(idle: .seconds(60))
        time.advance(by: .seconds(59))
        model.touch()
        time.advance(by: .seconds(59))
        #expect(model.staff == ada, "a touch restarts the idle time")
        time.advance(by: .seconds(2))
        #expect(await eventually { model.staff == nil })
        #expect(await eventually { (try? store.desks().first { $0.number == 1 }?.status) == .closed })
        #expect(model.availability(of: .callNext) == .disabled(reason: "Sign in first."))
    }

    @Test func theIdleSignOutFallsDueToTheMillisecond() async throws {
        let model = try await desk(idle: .seconds(60))
        var expected = model.flow
        time.advance(by: .milliseconds(59_999))
        #expect(model.flow == expected)
        time.advance(by: .milliseconds(1))
        expected.staff = nil
        #expect(model.flow == expected, "signed out at 60.000 s; the desk's close is not answered yet")
        #expect(await eventually { (try? store.desks().first { $0.number == 1 }?.status) == .closed })
        #expect(time.pendingTimers == 0)
    }

    @Test func signingOutWithATicketPausesTheDeskSoNothingMoreIsCalled() async throws {
        _ = try issue()
        let model = try await desk()
        #expect(await model.perform(.callNext))
        await model.signOut()
        #expect(try store.desks().first { $0.number == 1 }?.status == .paused)
    }
}
