import Foundation
import QueueCore
import Testing
@testable import TesseraFeatures

/// The board's rules that follow the clock alone, with `BoardFlowTests`' readings.
extension BoardFlowTests {
    /// A service opens or closes by its hours, or a new day lifts a cap, with no event to bring
    /// it: the board reads the availability again when the reading said the clock could change it.
    @Test func theAvailabilityIsReadAgainWhenTheClockAloneCanChangeIt() {
        var board = BoardSteps(flow: BoardFlow(timing: timing))
        board.send(.followRequested(now: Self.start), [.stopFollowing, .readHistory(generation: 1, at: Self.start)]) {
            $0.generation = 1
            $0.isFollowing = true
        }
        let hours = OpeningHours(opens: TimeOfDay(hour: 9), closes: TimeOfDay(hour: 17))
        var first = reading()
        first.availability = ["C": .outOfHours(hours)]
        first.clockChange = .seconds(600)
        board.send(.historyRead(history(first), generation: 1),
                   [.startTimer(.availabilityClock, after: .seconds(600)), .watchReachability, .readNextBatch(generation: 1)]) {
            $0.storeName = "High Street"
            var closed = line(waiting: 0)
            closed.availability = .outOfHours(hours)
            $0.services = [closed]
        }
        board.send(.timerFired(.availabilityClock), [.readAvailability(generation: 1)])
        board.send(.availabilityRead(["C": .open], clockChange: .seconds(3600), generation: 1),
                   [.startTimer(.availabilityClock, after: .seconds(3600))]) {
            $0.services[0].availability = .open
        }
        board.send(.availabilityRead(["C": .closed], clockChange: nil, generation: 0), [])  // an earlier follow's read is dropped
        board.send(.stopRequested, [.stopFollowing]) { $0.generation = 2; $0.isFollowing = false }
        board.send(.timerFired(.availabilityClock), [])  // a stopped board reads nothing
    }
}

/// A flow under test: `send` handles one event and expects exactly `effects`, and the state
/// before changed by `change` and by nothing else.
struct BoardSteps {
    var flow: BoardFlow

    mutating func send(_ event: BoardFlow.Event, _ effects: [BoardFlow.Effect],
                       sourceLocation: SourceLocation = #_sourceLocation, change: (inout BoardFlow) -> Void = { _ in }) {
        TesseraFeaturesTests.send(&flow, event, effects, sourceLocation: sourceLocation, change)
    }
}
