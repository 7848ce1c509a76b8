import Foundation
import QueueCore
import QueueStore
import Testing
@testable import TesseraFeatures

/// The desk over a shift: Sign out that asks first, and the break.
extension DeskFlowTests {
    /// A stray Enter or tap on Sign out never walks away from a customer: with a ticket at the
    /// desk the first press asks and the second signs out (the desk pauses with the ticket); the
    /// question lapses after ten seconds, or with any other action. A free desk signs out at once.
    @Test func signOutAsksFirstWhileATicketIsAtTheDesk() {
        let asked = "C001 is still at this desk. Press Sign out again to leave it paused for the next person."
        var holding = signedIn(Self.snapshot(10, current: Self.ticket(1, "C001", .serving)))
        send(&holding, .signOutPressed(now: Self.now), [.startTimer(.signOutConfirmation, after: .seconds(10))]) {
            $0.confirmingSignOut = true
            $0.notice = asked
        }
        send(&holding, .signOutPressed(now: Self.now),
             [.cancelTimer(.signOutConfirmation), .cancelTimer(.idle), .perform([.pauseDesk(1)], at: Self.now, for: .deskStatus)]) {
            $0.staff = nil
            $0.notice = nil
            $0.confirmingSignOut = false
        }
        var lapsing = signedIn(Self.snapshot(10, current: Self.ticket(1, "C001", .serving)))
        _ = lapsing.handle(.signOutPressed(now: Self.now))
        send(&lapsing, .timerFired(.signOutConfirmation, now: Self.later), [], "ten seconds later, no longer asked") {
            $0.confirmingSignOut = false
            $0.notice = nil
        }
        send(&lapsing, .signOutPressed(now: Self.later), [.startTimer(.signOutConfirmation, after: .seconds(10))], "asked again") {
            $0.confirmingSignOut = true
            $0.notice = asked
        }
        var free = signedIn(Self.snapshot(10))
        send(&free, .signOutPressed(now: Self.now), [.cancelTimer(.idle), .perform([.closeDesk(1)], at: Self.now, for: .deskStatus)]) {
            $0.staff = nil
        }
    }

    /// "On a break" pauses the desk (it calls nobody and counts for no wait) and keeps the clerk
    /// signed in without the idle sign-out; "Back from break" opens it for them again, no PIN.
    /// A break past its limit signs them out: coming back then takes their PIN. No break with
    /// a customer at the desk.
    @Test func aBreakPausesTheDeskAndComingBackInTimeTakesNoPin() {
        var busy = signedIn(Self.snapshot(10, current: Self.ticket(1, "C001", .serving)), idle: .seconds(600))
        #expect(busy.availability(of: .takeBreak) == .disabled(reason: "Finish, park or transfer C001 before a break."))
        var flow = DeskFlow(desk: 1, idleTimeout: .seconds(600), breakLimit: .seconds(900))
        _ = flow.handle(.queueRead(.success(Self.snapshot(10, staff: Self.ada.id)), after: nil))
        _ = flow.handle(.signIn(Self.ada, now: Self.now))
        #expect(flow.availability(of: .endBreak) == .disabled(reason: "You are not on a break."))
        send(&flow, .pressed(.takeBreak, now: Self.now),
             [.cancelTimer(.idle), .startTimer(.breakOver, after: .seconds(900)), .perform([.pauseDesk(1)], at: Self.now, for: .action)]) {
            $0.onBreakSince = Self.now
            $0.pending = DeskFlow.PendingAction(action: .takeBreak, waitingAtPress: 0, reprintKioskAtPress: "Door")
        }
        _ = flow.handle(.performed(.action, failure: nil, now: Self.now))
        _ = flow.handle(.queueRead(.success(Self.snapshot(11, status: .paused, staff: Self.ada.id)), after: .action))
        send(&flow, .touched, [], "a break has its own limit, not the idle sign-out")
        #expect(flow.availability(of: .callNext) != .enabled, "a desk on a break calls nobody")
        send(&flow, .pressed(.endBreak, now: Self.later),
             [.cancelTimer(.breakOver), .startTimer(.idle, after: .seconds(600)),
              .perform([.openDesk(1, staff: Self.ada.id)], at: Self.later, for: .action)]) {
            $0.onBreakSince = nil
            $0.pending = DeskFlow.PendingAction(action: .endBreak, waitingAtPress: 0, reprintKioskAtPress: "Door")
        }
        busy = flow
        _ = busy.handle(.performed(.action, failure: nil, now: Self.later))
        _ = busy.handle(.queueRead(.success(Self.snapshot(12, staff: Self.ada.id)), after: .action))
        _ = busy.handle(.pressed(.takeBreak, now: Self.later))
        _ = busy.handle(.performed(.action, failure: nil, now: Self.later))
        _ = busy.handle(.queueRead(.success(Self.snapshot(13, status: .paused, staff: Self.ada.id)), after: .action))
        send(&busy, .timerFired(.breakOver, now: Self.later),
             [.cancelTimer(.breakOver), .cancelTimer(.idle), .perform([.closeDesk(1)], at: Self.later, for: .deskStatus)],
             "past its limit the break signs Ada out") {
            $0.staff = nil
            $0.onBreakSince = nil
        }
    }
}
