import Foundation
import Localization
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// The board as the waiting area meets it, on a real store, without a display or a sound card.
@MainActor @Suite(.sharesTheMainThread) struct BoardModelTests {
    let store: ScriptedStore
    let time = ManualTimeSource()
    let announcer = RecordingAnnouncer()

    init() throws { store = try ScriptedStore() }

    private func board() async throws -> BoardModel {
        let model = BoardModel(store: store, time: time, announcer: announcer,
                               timing: BoardModel.Timing(minimumHighlight: .seconds(6), freshness: .seconds(60)))
        try await model.follow()
        return model
    }

    @discardableResult
    private func issue(_ service: ServiceCode = "C", count: Int = 1) throws -> [Ticket] {
        try (0..<count).map { _ in try store.perform(.issue(service: service), at: time.now()).ticket! }
    }

    @discardableResult
    private func call(desk: Int, at instant: Date? = nil) throws -> Ticket {
        try store.perform(.callNext(desk: DeskNumber(rawValue: desk)), at: instant ?? time.now()).ticket!
    }

    private func finish(_ ticket: Ticket) throws {
        _ = try store.perform(.start(ticket: ticket.id), at: time.now())
        _ = try store.perform(.complete(ticket: ticket.id), at: time.now())
    }

    @Test func aStartingBoardShowsTheCurrentStateAtOnceAndAnnouncesNothing() async throws {
        try issue(count: 4)
        try call(desk: 1)
        let second = try call(desk: 2)
        try finish(second)
        try call(desk: 2)
        let model = try await board()
        #expect(model.current.map(\.ticketCode) == ["C003", "C001"])
        #expect(model.previous.map(\.ticketCode) == ["C002"])
        #expect(model.banner?.ticketCode == "C003")
        #expect(!model.isHighlighted)
        #expect(model.pending.isEmpty)
        #expect(model.services.first { $0.code == "C" }?.waiting == 1)
        time.advance(by: .seconds(30))
        try await Task.sleep(for: .milliseconds(200))
        #expect(announcer.log.isEmpty, "old calls are never replayed")
    }

    @Test func aCallIsHighlightedForTheMinimumTimeAndAnnounced() async throws {
        try issue()
        let model = try await board()
        try call(desk: 1)
        #expect(await eventually { model.banner?.ticketCode == "C001" && announcer.finished == 1 && !model.isAnnouncing })
        #expect(model.isHighlighted)
        #expect(announcer.codes == ["C001"])
        #expect(model.current.map(\.ticketCode) == ["C001"])
        time.advance(by: .milliseconds(5999))
        #expect(model.isHighlighted, "shown for the minimum time even though the announcement ended")
        time.advance(by: .milliseconds(1))
        #expect(!model.isHighlighted)
        #expect(model.banner?.ticketCode == "C001", "the newest call stays in the banner")
    }

    /// Calls reach the board in batches of the change feed: every call of a batch is shown and
    /// announced, not only its newest.
    @Test func twoCallsInOneFeedBatchAreBothAnnounced() async throws {
        try issue(count: 2)
        let model = try await board()
        store.holdFeed()
        try call(desk: 1)
        try call(desk: 2)
        #expect(await eventually { store.heldFeedEvents == 2 }, "both calls wait in one batch")
        store.releaseFeed()
        #expect(await eventually { announcer.finished == 1 && !model.isAnnouncing })
        #expect(model.banner?.ticketCode == "C001")
        time.advance(by: .seconds(6))
        #expect(await eventually { announcer.finished == 2 && !model.isAnnouncing })
        #expect(model.banner?.ticketCode == "C002")
        #expect(announcer.codes == ["C001", "C002"])
        #expect(Set(model.current.map(\.ticketCode)) == ["C001", "C002"])
    }

    @Test func fiveCallsWithinOneSecondAreAllShownAndAnnouncedOneAfterTheOther() async throws {
        try issue(count: 5)
        let model = try await board()
        let first = try call(desk: 1)
        let second = try call(desk: 2)
        try call(desk: 3)
        try finish(first)
        try call(desk: 1)
        _ = try store.perform(.recall(ticket: second.id), at: time.now())
        let expected: [(String, BoardCall.Kind)] = [("C001", .call), ("C002", .call), ("C003", .call), ("C004", .call),
                                                    ("C002", .recall)]
        for (index, (code, kind)) in expected.enumerated() {
            #expect(await eventually { announcer.finished == index + 1 && !model.isAnnouncing })
            #expect(model.banner?.ticketCode == code && model.banner?.kind == kind && model.isHighlighted)
            time.advance(by: .seconds(5))
            #expect(model.banner?.ticketCode == code, "\(code) is not cut short by the calls behind it")
            time.advance(by: .seconds(1))
        }
        #expect(announcer.codes == expected.map(\.0))
        #expect(announcer.log.map(\.desk.rawValue) == [1, 2, 3, 1, 2])
        #expect(!model.isHighlighted && model.pending.isEmpty)
        #expect(Set(model.current.map(\.ticketCode)) == ["C002", "C003", "C004"])
    }

    @Test func aLongAnnouncementKeepsTheHighlightUntilItEnds() async throws {
        try issue(count: 2)
        let model = try await board()
        announcer.hold()
        try call(desk: 1)
        try call(desk: 2)
        #expect(await eventually { model.pending.count == 1 && announcer.log.count == 1 })
        time.advance(by: .seconds(30))
        #expect(model.banner?.ticketCode == "C001" && model.isHighlighted)
        #expect(announcer.codes == ["C001"], "the next call never talks over the one playing")
        announcer.release()
        #expect(await eventually { model.banner?.ticketCode == "C002" })
        #expect(await eventually { announcer.finished == 2 })
        #expect(announcer.codes == ["C001", "C002"])
    }

    @Test func aBoardThatFollowsAgainShowsWhatHappenedMeanwhileWithoutAnnouncingIt() async throws {
        try issue(count: 2)
        let model = try await board()
        model.stop()
        try call(desk: 1)
        try call(desk: 2)
        try await model.follow()
        #expect(model.current.map(\.ticketCode) == ["C002", "C001"])
        #expect(model.banner?.ticketCode == "C002" && !model.isHighlighted)
        try issue()
        #expect(await eventually { model.services.first { $0.code == "C" }?.waiting == 1 })
        #expect(announcer.log.isEmpty)
    }

    @Test func aCallThatReachesTheBoardLateIsListedNotAnnounced() async throws {
        try issue(count: 2)
        let model = try await board()
        try call(desk: 1, at: time.now().addingTimeInterval(-120))
        #expect(await eventually { model.current.map(\.ticketCode) == ["C001"] })
        try call(desk: 2)
        #expect(await eventually { announcer.finished == 1 })
        #expect(announcer.codes == ["C002"])
    }

    @Test func transfersToADeskAreAnnounced() async throws {
        try issue()
        let model = try await board()
        let ticket = try call(desk: 1)
        #expect(await eventually { announcer.finished == 1 && !model.isAnnouncing })
        _ = try store.perform(.park(ticket: ticket.id), at: time.now())
        _ = try store.perform(.resume(ticket: ticket.id, to: .desk(2)), at: time.now())
        time.advance(by: .seconds(6))
        #expect(await eventually { announcer.finished == 2 })
        #expect(announcer.log.last?.kind == .toDesk && announcer.log.last?.desk == 2)
        #expect(model.current.map(\.desk) == [2])
    }

    @Test func waitingCountsAndEstimatedWaitsPerService() async throws {
        try issue("C", count: 2)
        try issue("S")
        // Somebody serves at desk 1: only then can a wait be forecast.
        _ = try store.perform(.registerStaff(StaffMember(id: 1, name: "Ada")), at: time.now())
        _ = try store.perform(.openDesk(1, staff: 1), at: time.now())
        let model = try await board()
        let lines = Dictionary(uniqueKeysWithValues: model.services.map { ($0.code, $0) })
        #expect(lines["C"]?.waiting == 2 && lines["S"]?.waiting == 1 && lines["R"]?.waiting == 0)
        #expect(lines["C"]?.estimatedWait != nil)
        #expect(model.storeName.isEmpty == false)
    }

    /// Each line says whether its service gives tickets now, by QueueCore's one rule, and follows a close.
    @Test func eachServiceLineHasItsAvailabilityAndFollowsAClose() async throws {
        let model = try await board()
        #expect(model.services.map(\.availability) == [.open, .open, .open])
        _ = try store.perform(.closeService("R"), at: time.now())
        #expect(await eventually { model.services.first { $0.code == "R" }?.availability == .closed })
    }

    /// Out of hours, a service's tile says when it opens, and it opens on the board by the clock
    /// alone, with no event to bring it.
    @Test func aServiceOutOfHoursOpensOnTheBoardByTheClockAlone() async throws {
        let calendar = try store.configuration().calendar
        let local = (calendar.localSecondsSinceMidnight(of: Instant(time.now())) + 2 * 3600) % (24 * 3600)
        let opens = TimeOfDay(hour: local / 3600, minute: local % 3600 / 60)
        let hours = OpeningHours(opens: opens, closes: TimeOfDay(hour: (opens.hour + 8) % 24, minute: opens.minute))
        var returns = try #require(try store.configuration().services["R"])
        returns.openingHours = hours
        _ = try store.perform(.setService(returns), at: time.now())
        let model = try await board()
        defer { model.stop() }
        #expect(model.services.first { $0.code == "R" }?.availability == .outOfHours(hours))
        for _ in 0..<2 {  // an hour at a time, as the board looks again at least hourly
            #expect(await eventually { time.pendingTimers >= 1 }, "the clock check is set")
            time.advance(by: .seconds(3600))
        }
        #expect(await eventually { model.services.first { $0.code == "R" }?.availability == .open },
                "open by the clock alone")
    }

    @Test func eachServiceLineHasTheStoresColourAndFollowsAChange() async throws {
        let model = try await board()
        #expect(model.services.first { $0.code == "C" }?.colour == "#2E7D32")
        var returns = try #require(try store.configuration().services["R"])
        returns.colour = "#FFC107"
        _ = try store.perform(.setService(returns), at: time.now())
        // A change of colour is an event: the next batch brings it, without a restart.
        #expect(await eventually { model.services.first { $0.code == "R" }?.colour == "#FFC107" })
    }
}

/// The sentence a call is spoken as.
@Suite(.offThePool) struct CallSentenceTests {
    init() { Catalog.startOnce() }

    private func call(_ code: String, desk: Int) -> BoardCall {
        BoardCall(ticketCode: code, desk: DeskNumber(rawValue: desk), kind: .call, eventID: .none)
    }

    @Test func numbersAreSpokenAsAPersonSaysThem() {
        let english = CallSentence(language: "en")
        #expect(english.sentence(for: call("C012", desk: 3)) == "Ticket C 12, please go to desk 3")
        #expect(english.sentence(for: call("R100", desk: 1)) == "Ticket R 100, please go to desk 1")
        #expect(english.sentence(for: call("S000", desk: 2)) == "Ticket S 0, please go to desk 2")
        #expect(english.sentence(for: call("CC007", desk: 12)) == "Ticket C C 7, please go to desk 12")
    }

    @Test func welshWording() {
        #expect(CallSentence(language: "cy").sentence(for: call("C012", desk: 3)) == "Tocyn C 12, ewch i ddesg 3")
    }

    /// `[desk:N] name[cy]`: a call in Welsh sends the customer to the desk's Welsh name, one in
    /// English to its own; a desk with the default name and a Welsh one is called by the Welsh.
    @Test func aCallInWelshUsesTheDesksWelshName() {
        let sentence = CallSentence(language: "en_GB", languages: ["en_GB", "cy"])
        var named = call("C012", desk: 3)
        named.deskName = "Front Office"
        named.localizedDeskNames = ["cy": "Swyddfa Flaen"]
        #expect(sentence.sentence(for: named) == "Ticket C 12, please go to Front Office")
        named.language = "cy"
        #expect(sentence.sentence(for: named) == "Tocyn C 12, ewch i Swyddfa Flaen")
        var numbered = call("C013", desk: 2)
        numbered.localizedDeskNames = ["cy": "Desg y Drws"]
        #expect(sentence.sentence(for: numbered) == "Ticket C 13, please go to desk 2")
        numbered.language = "cy"
        #expect(sentence.sentence(for: numbered) == "Tocyn C 13, ewch i Desg y Drws")
    }
}
