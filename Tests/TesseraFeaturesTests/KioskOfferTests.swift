import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// A service that cannot give a ticket now is offered disabled with the reason before anyone
/// taps it: outside its opening hours until it opens, past its daily cap until the next day.
/// The rule is QueueCore's; the kiosk only asks it ahead of the tap.
@MainActor @Suite(.sharesTheMainThread) struct KioskOfferTests {
    let store: ScriptedStore
    let time = ManualTimeSource()

    init() throws { store = try ScriptedStore() }

    private func change(_ code: ServiceCode, _ edit: (inout Service) -> Void) throws {
        var service = try #require(try store.configuration().services[code])
        edit(&service)
        _ = try store.perform(.setService(service), at: time.now())
    }

    /// Store-local wall clock `seconds` from now, as a time of day.
    private func localTime(inSeconds seconds: Int) throws -> TimeOfDay {
        let calendar = try store.configuration().calendar
        let local = (calendar.localSecondsSinceMidnight(of: Instant(time.now())) + seconds) % (24 * 3600)
        return TimeOfDay(hour: local / 3600, minute: local % 3600 / 60)
    }

    private func refusal(_ model: KioskModel, _ code: ServiceCode) -> QueueError?? {
        model.services.first { $0.code == code }.map(\.refusal)
    }

    private func tickets() throws -> [String] { try store.tickets(TicketFilter()).map(\.code) }

    /// Moves the clock on as a running kiosk lives it: an hour at most at a time (the longest
    /// the kiosk waits before looking again), each time until the read the clock check started
    /// has armed the next one.
    private func advance(by total: Duration) async {
        var left = total
        while left > .zero {
            let step = min(left, .seconds(3600))
            time.advance(by: step)
            left -= step
            #expect(await eventually { time.pendingTimers == 1 }, "the next clock check is set")
        }
    }

    @Test func aServiceOutsideItsHoursIsDisabledUntilItOpens() async throws {
        let hours = OpeningHours(opens: try localTime(inSeconds: 2 * 3600), closes: try localTime(inSeconds: 10 * 3600))
        try change("R") { $0.openingHours = hours }
        let model = try await KioskModel.load(store: store, time: time)
        try await model.follow()
        defer { model.stopFollowing() }
        #expect(refusal(model, "R") == .outsideOpeningHours("R", hours), "shown, but disabled with the hours")
        #expect(await eventually { time.pendingTimers == 1 }, "a clock check for the opening")
        #expect(refusal(model, "C") == .some(nil))
        #expect(!model.choose("R"), "a press that reaches it anyway (assistive technology) is refused")
        #expect(try tickets() == [])
        await advance(by: .seconds(2 * 3600))
        #expect(await eventually { refusal(model, "R") == .some(nil) }, "it opens by the clock alone")
        #expect(model.choose("R"))
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        #expect(try tickets() == ["R001"])
    }

    /// Closed by staff, a service stays on the kiosk disabled with "Closed", as one out of hours
    /// stays with "Opens at …"; it takes taps again once opened.
    @Test func aServiceClosedByStaffIsShownDisabledUntilItIsOpened() async throws {
        let model = try await KioskModel.load(store: store, time: time)
        try await model.follow()
        defer { model.stopFollowing() }
        _ = try store.perform(.closeService("R"), at: time.now())
        #expect(await eventually { refusal(model, "R") == .serviceClosed("R") }, "shown, but disabled as closed")
        #expect(model.services.map(\.code) == ["C", "R", "S"], "its button stays where it was")
        #expect(!model.choose("R"))
        #expect(try tickets() == [])
        _ = try store.perform(.openService("R"), at: time.now())
        #expect(await eventually { refusal(model, "R") == .some(nil) }, "opened, it takes taps again")
        #expect(model.choose("R"))
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        #expect(try tickets() == ["R001"])
    }

    @Test func aServiceAtItsDailyCapIsDisabledUntilTheNextDay() async throws {
        try change("C") { $0.dailyCap = 2 }
        _ = try store.perform(.issue(service: "C"), at: time.now())
        let model = try await KioskModel.load(store: store, time: time)
        try await model.follow()
        defer { model.stopFollowing() }
        #expect(refusal(model, "C") == .some(nil), "one of two issued")
        #expect(model.choose("C"))
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        #expect(await eventually { refusal(model, "C") == .dailyCapReached("C", cap: 2) },
                "the kiosk's own ticket was the last of the day")
        #expect(refusal(model, "R") == .some(nil), "other services are not capped")
        let calendar = try store.configuration().calendar
        let now = Instant(time.now())
        let nextDay = calendar.start(of: calendar.businessDay(containing: now).next)
        await advance(by: .milliseconds(nextDay.milliseconds(since: now)))
        #expect(await eventually { refusal(model, "C") == .some(nil) }, "a new business day, a new cap")
    }

    @Test func aTicketTakenElsewhereCanReachTheCap() async throws {
        try change("S") { $0.dailyCap = 1 }
        let model = try await KioskModel.load(store: store, time: time)
        try await model.follow()
        defer { model.stopFollowing() }
        #expect(refusal(model, "S") == .some(nil))
        _ = try store.perform(.issue(service: "S"), at: time.now())
        #expect(await eventually { refusal(model, "S") == .dailyCapReached("S", cap: 1) })
        #expect(!model.choose("S"))
        #expect(try tickets() == ["S001"])
    }

    @Test func noClockCheckIsSetWithoutHoursOrCaps() async throws {
        let model = try await KioskModel.load(store: store, time: time)
        try await model.follow()
        defer { model.stopFollowing() }
        _ = try store.perform(.closeService("R"), at: time.now())
        #expect(await eventually { refusal(model, "R") == .serviceClosed("R") }, "the offer was read again")
        #expect(time.pendingTimers == 0, "a store without hours or caps sets no timer")
    }
}
