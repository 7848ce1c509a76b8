import Localization
import Testing
import TesseraFeatures

/// How a customer is told their wait: rounded, a range where the forecast is uncertain, and
/// plainly unknown when nobody serves.
@Suite struct WaitWordsTests {
    let words = WaitWords(.locale)

    private func said(_ ahead: Int?, _ minutes: Double?) -> String? {
        words.wait(peopleAhead: ahead, estimate: minutes.map { .seconds(Int64($0 * 60)) })
    }

    @Test func aLongQueueIsGivenARangeNeverAConfidentSmallNumber() {
        // 63 people ahead, 40 minutes forecast: its spread is 5 minutes; half of it either side
        // is 37.5–42.5, said to the nearest five.
        #expect(said(63, 40) == "Expected wait: 40–45 minutes")
        // Three ahead of slow calls: the same 12 minutes is far less certain.
        #expect(said(3, 12) == "Expected wait: 10–15 minutes")
        #expect(WaitWords.range(minutes: 30, peopleAhead: 8) == (25, 35))
    }

    @Test func shortWaitsAreRoundedAndTheNextCustomerIsToldNothingMore() {
        #expect(said(0, 0) == nil, "you are next, and a desk is free")
        #expect(said(0, 4) == "Expected wait: about 4 minutes")
        #expect(said(2, 1) == "Expected wait: a minute or two")
        #expect(said(5, 75) == "Expected wait: over an hour")
    }

    @Test func withNoDeskThatServesTheWaitIsUnknownAndAFailedReadSaysNothing() {
        #expect(said(4, nil) == "Waiting time unknown: no desk is open right now")
        #expect(said(0, nil) == "Waiting time unknown: no desk is open right now")
        #expect(said(nil, nil) == nil)
    }

    /// A service button and a board tile say the same wait in a few words.
    @Test func theShortWordingSaysTheSameWait() {
        let short = { (ahead: Int, minutes: Double?) in words.short(peopleAhead: ahead, estimate: minutes.map { .seconds(Int64($0 * 60)) }) }
        #expect(short(63, 40) == "40–45 min")
        #expect(short(3, 12) == "10–15 min")
        #expect(short(0, 4) == "about 4 min")
        #expect(short(2, 1) == "a minute or two")
        #expect(short(5, 75) == "over an hour")
        #expect(short(0, 0) == "no wait")
        #expect(short(4, nil) == "no desk open")
    }
}
