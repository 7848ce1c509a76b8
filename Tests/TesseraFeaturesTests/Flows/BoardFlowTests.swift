import Foundation
import QueueCore
@testable import QueueStore
import Testing
@testable import TesseraFeatures

/// The board's rules, on the flow alone: each test sends events one at a time and checks,
/// after each, every effect returned and the whole state (the state before, changed only as
/// the step says).
@Suite struct BoardFlowTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let highlight = BoardFlow.Effect.startTimer(.highlight, after: .seconds(6))
    let timing = BoardFlow.Timing(minimumHighlight: .seconds(6), freshness: .seconds(60), previousLimit: 2)

    // MARK: Starting and following again

    @Test func aStartingBoardShowsTheRecentCallsAtOnceAndAnnouncesNone() {
        var board = BoardSteps(flow: BoardFlow(timing: timing))
        board.send(.followRequested(now: Self.start), [.stopFollowing, .readHistory(generation: 1, at: Self.start)]) {
            $0.generation = 1
            $0.isFollowing = true
        }
        let (first, second, third) = (call("C001", desk: 1, id: 5), call("C002", desk: 2, id: 6), call("C003", desk: 2, id: 9))
        // Made just now, yet history: a starting board replays nothing.
        let history = history(reading([arrived(first), arrived(second), arrived(third)],
                                      desks: [1: "C001", 2: "C003"], waiting: 1))
        board.send(.historyRead(history, generation: 1), [.watchReachability, .readNextBatch(generation: 1)]) {
            $0.storeName = "High Street"
            $0.recent = [third, second, first]
            $0.atDesks = [1: "C001", 2: "C003"]
            $0.current = [third, first]
            $0.previous = [second]
            $0.services = [line(waiting: 1)]
            $0.banner = third
        }
    }

    @Test func aBoardThatFollowsAgainAnnouncesNoneOfTheCallsMadeMeanwhile() {
        var board = followed()
        board.send(.stopRequested, [.stopFollowing]) { $0.generation = 2; $0.isFollowing = false }
        let (first, second) = (call("C001", desk: 1, id: 5), call("C002", desk: 2, id: 6))
        board.send(.followRequested(now: Self.start), [.stopFollowing, .readHistory(generation: 3, at: Self.start)]) {
            $0.generation = 3
            $0.isFollowing = true
        }
        board.send(.historyRead(history(reading([arrived(first), arrived(second)], desks: [1: "C001", 2: "C002"])),
                                generation: 3),
                   [.watchReachability, .readNextBatch(generation: 3)]) {
            $0.recent = [second, first]
            $0.atDesks = [1: "C001", 2: "C002"]
            $0.current = [second, first]
            $0.banner = second
        }
    }

    @Test func aBatchReadForAnEarlierFollowIsDropped() {
        var board = followed()
        board.send(.stopRequested, [.stopFollowing]) { $0.generation = 2; $0.isFollowing = false }
        let late = reading([arrived(call("C001", desk: 1, id: 5))], desks: [1: "C001"])
        board.send(.batchRead(late, generation: 1, now: Self.start), [])
    }

    @Test func aHistoryReadForAnEarlierFollowEndsItsFeedAndShowsNothing() {
        var board = BoardSteps(flow: BoardFlow(timing: timing))
        board.send(.followRequested(now: Self.start), [.stopFollowing, .readHistory(generation: 1, at: Self.start)]) {
            $0.generation = 1
            $0.isFollowing = true
        }
        board.send(.followRequested(now: Self.start), [.stopFollowing, .readHistory(generation: 2, at: Self.start)]) {
            $0.generation = 2
            $0.isFollowing = true
        }
        board.send(.historyRead(history(reading(waiting: 3)), generation: 1), [.endFeed(generation: 1)])
        board.send(.historyRead(history(reading(waiting: 4)), generation: 2),
                   [.watchReachability, .readNextBatch(generation: 2)]) {
            $0.storeName = "High Street"
            $0.services = [line(waiting: 4)]
        }
    }

    // MARK: Calls queued, never skipped or cut short

    @Test func aCallIsHighlightedForTheMinimumTimeEvenIfItsAnnouncementEndsFirst() {
        var board = followed()
        let first = call("C001", desk: 1, id: 5)
        firstCallArrives(&board, first)
        board.send(.announcerFinished(first), []) { $0.isAnnouncing = false }
        board.send(.timerFired(.highlight), []) {
            $0.shownLongEnough = true
            $0.isHighlighted = false
        }
    }

    @Test func aLongAnnouncementKeepsTheHighlightUntilItEnds() {
        var board = followed()
        let (first, second) = (call("C001", desk: 1, id: 5), call("C002", desk: 2, id: 6))
        firstCallArrives(&board, first)
        // The next call waits: it never talks over the one playing nor cuts its highlight short.
        board.send(.batchRead(reading([arrived(second)], desks: [1: "C001", 2: "C002"]), generation: 1, now: Self.start),
                   [.readNextBatch(generation: 1)]) {
            $0.recent = [second, first]
            $0.atDesks = [1: "C001", 2: "C002"]
            $0.current = [second, first]
            $0.pending = [second]
        }
        board.send(.timerFired(.highlight), []) { $0.shownLongEnough = true }
        board.send(.announcerFinished(first), [Self.highlight, .announce(second)]) {
            $0.pending = []
            $0.banner = second
            $0.shownLongEnough = false
        }
    }

    /// Calls reach the board in batches of the change feed: every call of a batch is shown and
    /// announced, not only its newest.
    @Test func twoCallsInOneFeedBatchAreBothAnnounced() {
        var board = followed()
        let (first, second) = (call("C001", desk: 1, id: 5), call("C002", desk: 2, id: 6))
        let batch = reading([arrived(first), arrived(second)], desks: [1: "C001", 2: "C002"])
        board.send(.batchRead(batch, generation: 1, now: Self.start), [Self.highlight, .announce(first), .readNextBatch(generation: 1)]) {
            $0.recent = [second, first]
            $0.atDesks = [1: "C001", 2: "C002"]
            $0.current = [second, first]
            $0.pending = [second]
            $0.banner = first
            $0.isHighlighted = true
            $0.isAnnouncing = true
        }
        board.send(.announcerFinished(first), []) { $0.isAnnouncing = false }
        board.send(.timerFired(.highlight), [Self.highlight, .announce(second)]) {
            $0.pending = []
            $0.banner = second
            $0.isAnnouncing = true
        }
        board.send(.announcerFinished(second), []) { $0.isAnnouncing = false }
        board.send(.timerFired(.highlight), []) {
            $0.shownLongEnough = true
            $0.isHighlighted = false
        }
    }

    @Test func callsRecallsAndTransfersAreTakenFromPendingInCommitOrder() {
        var board = followed()
        let first = call("C001", desk: 1, id: 5), second = call("C002", desk: 2, id: 6)
        let recall = call("C002", desk: 2, .recall, id: 7), transfer = call("C001", desk: 3, .toDesk, id: 8)
        board.send(.batchRead(reading([arrived(first), arrived(second)], desks: [1: "C001", 2: "C002"]),
                              generation: 1, now: Self.start),
                   [Self.highlight, .announce(first), .readNextBatch(generation: 1)]) {
            $0.recent = [second, first]
            $0.atDesks = [1: "C001", 2: "C002"]
            $0.current = [second, first]
            $0.pending = [second]
            $0.banner = first
            $0.isHighlighted = true
            $0.isAnnouncing = true
        }
        board.send(.batchRead(reading([arrived(recall), arrived(transfer)], desks: [2: "C002", 3: "C001"]),
                              generation: 1, now: Self.start),
                   [.readNextBatch(generation: 1)]) {
            $0.recent = [transfer, recall]
            $0.atDesks = [2: "C002", 3: "C001"]
            $0.current = [transfer, recall]
            $0.pending = [second, recall, transfer]
        }
        for (shown, next) in [(first, second), (second, recall), (recall, transfer)] {
            board.send(.timerFired(.highlight), []) { $0.shownLongEnough = true }
            board.send(.announcerFinished(shown), [Self.highlight, .announce(next)]) {
                $0.pending = Array($0.pending.dropFirst())
                $0.banner = next
                $0.shownLongEnough = false
            }
        }
        board.send(.announcerFinished(transfer), []) { $0.isAnnouncing = false }
        board.send(.timerFired(.highlight), []) {
            $0.shownLongEnough = true
            $0.isHighlighted = false
        }
    }

    @Test func anAnnouncerThatFinishesAnotherCallChangesNothing() {
        var board = followed()
        let first = call("C001", desk: 1, id: 5)
        firstCallArrives(&board, first)
        board.send(.announcerFinished(call("C009", desk: 4, id: 2)), [])
    }

    // MARK: Late calls, failed reads

    @Test func aCallOlderThanFreshnessIsListedNotAnnounced() {
        var board = followed()
        let now = Self.start.addingTimeInterval(600)
        let late = call("C001", desk: 1, id: 5), justInTime = call("C002", desk: 2, id: 6)
        board.send(.batchRead(reading([arrived(late, at: now.addingTimeInterval(-60.001))], desks: [1: "C001"]),
                              generation: 1, now: now),
                   [.readNextBatch(generation: 1)]) {
            $0.recent = [late]
            $0.atDesks = [1: "C001"]
            $0.current = [late]
        }
        board.send(.batchRead(reading([arrived(justInTime, at: now.addingTimeInterval(-60))], desks: [1: "C001", 2: "C002"]),
                              generation: 1, now: now),
                   [Self.highlight, .announce(justInTime), .readNextBatch(generation: 1)]) {
            $0.recent = [justInTime, late]
            $0.atDesks = [1: "C001", 2: "C002"]
            $0.current = [justInTime, late]
            $0.banner = justInTime
            $0.isHighlighted = true
            $0.isAnnouncing = true
        }
    }

    @Test func aBatchThatCouldNotBeReadIsSkippedAndTheNextOneIsRead() {
        var board = followed()
        board.send(.batchRead(nil, generation: 1, now: Self.start), [.readNextBatch(generation: 1)])
    }

    // MARK: What else the board lists

    @Test func theBoardListsAtMostPreviousLimitEarlierCalls() {
        var board = followed()
        let calls = (1...4).map { call("C00\($0)", desk: 1, id: Int64($0)) }
        board.send(.batchRead(reading(calls.map { arrived($0, at: Self.start.addingTimeInterval(-600)) }, waiting: 2),
                              generation: 1, now: Self.start),
                   [.readNextBatch(generation: 1)]) {
            $0.recent = [calls[3], calls[2], calls[1]]
            $0.previous = [calls[3], calls[2]]
            $0.services = [line(waiting: 2)]
        }
    }

    @Test func theBoardIsOfflineWhileTheStoreIsBeingReconnectedTo() {
        var board = followed()
        board.send(.reachability(.reconnecting), []) { $0.isOffline = true }
        board.send(.reachability(.reconnecting), [])
        board.send(.reachability(.online), []) { $0.isOffline = false }
    }

    // MARK: Helpers

    /// A board that has followed (generation 1) a store with nothing called yet.
    private func followed() -> BoardSteps {
        var board = BoardSteps(flow: BoardFlow(timing: timing))
        board.send(.followRequested(now: Self.start), [.stopFollowing, .readHistory(generation: 1, at: Self.start)]) {
            $0.generation = 1
            $0.isFollowing = true
        }
        board.send(.historyRead(history(reading()), generation: 1), [.watchReachability, .readNextBatch(generation: 1)]) {
            $0.storeName = "High Street"
            $0.services = [line(waiting: 0)]
        }
        return board
    }

    /// C001 called to desk 1 reaches an idle board in a batch of its own: shown in the banner,
    /// highlighted and announced at once, and the next batch asked for.
    private func firstCallArrives(_ board: inout BoardSteps, _ first: BoardCall, sourceLocation: SourceLocation = #_sourceLocation) {
        board.send(.batchRead(reading([arrived(first)], desks: [1: "C001"]), generation: 1, now: Self.start),
                   [Self.highlight, .announce(first), .readNextBatch(generation: 1)], sourceLocation: sourceLocation) {
            $0.recent = [first]
            $0.atDesks = [1: "C001"]
            $0.current = [first]
            $0.banner = first
            $0.isHighlighted = true
            $0.isAnnouncing = true
        }
    }

    func call(_ code: String, desk: DeskNumber, _ kind: BoardCall.Kind = .call, id: Int64) -> BoardCall {
        BoardCall(ticketCode: code, desk: desk, kind: kind, eventID: EventID(rawValue: id))
    }

    func arrived(_ call: BoardCall, at instant: Date = start) -> BoardReading.Arrived {
        BoardReading.Arrived(call: call, instant: instant)
    }

    func history(_ reading: BoardReading) -> BoardHistory {
        BoardHistory(storeName: "High Street", timeZone: .utc, reading: reading)
    }

    /// A read of one service ("C", `waiting` waiting, 5 minutes' wait) and the desks holding a
    /// called ticket.
    func reading(_ calls: [BoardReading.Arrived] = [], desks: [DeskNumber: String] = [:], waiting: Int = 0) -> BoardReading {
        let lines = desks.sorted { $0.key < $1.key }.map {
            QueueStatus.DeskLine(number: $0.key, name: "Desk \($0.key)", status: .open, ticketCode: $0.value, ticketState: .called)
        }
        let status = QueueStatus(businessDay: BusinessDay(year: 2027, month: 1, day: 15),
                                 services: [QueueStatus.ServiceLine(code: "C", name: "Counter", isOpen: true, waiting: waiting,
                                                                    waitingPriority: 0)],
                                 desks: lines, lastEventID: .none)
        return BoardReading(status: status, waits: ["C": TicketStanding(peopleAhead: waiting, estimatedWait: .seconds(300))],
                            printers: [], calls: calls)
    }

    func line(waiting: Int) -> BoardFlow.ServiceLine {
        BoardFlow.ServiceLine(code: "C", name: "Counter", waiting: waiting, estimatedWait: .seconds(300))
    }
}
