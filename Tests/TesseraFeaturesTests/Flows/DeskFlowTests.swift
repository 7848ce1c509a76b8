import Foundation
import QueueCore
import QueueStore
import Testing
@testable import TesseraFeatures

/// The desk's rules as values: each test sends events to a `DeskFlow` and checks, after every
/// one, the exact effects and the whole state (what changed is written out; the rest must not).
@Suite struct DeskFlowTests {
    typealias Effect = DeskFlow.Effect

    static let ada = StaffMember(id: 1, name: "Ada")
    static let admin = StaffMember(id: 2, name: "Grace", role: .administrator)
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let later = now.addingTimeInterval(0.25)

    static func ticket(_ id: TicketID, _ code: String, _ state: TicketState = .waiting) -> Ticket {
        var ticket = Ticket(id: id, businessDay: BusinessDay(year: 2027, month: 1, day: 15), service: "C",
                            sequence: id.rawValue, number: Int(id.rawValue), code: code, priority: .normal,
                            issuedAt: Instant(unixSeconds: 1_800_000_000), orderingKey: OrderingKey(rawValue: id.rawValue),
                            arrivalKey: OrderingKey(rawValue: id.rawValue))
        ticket.state = state
        if state != .waiting { ticket.desk = 1 }
        return ticket
    }

    /// Desk 1 serving C, `status`, holding `current`, with `waiting` in line and one kiosk printer.
    static func snapshot(_ event: Int64, status: DeskStatus = .open, current: Ticket? = nil, staff: StaffID? = nil,
                         waiting: [Ticket] = [], printers: [PrinterReport] = [PrinterReport(.ready, terminal: "Door")]) -> DeskSnapshot {
        let line = DeskSnapshot.ServiceLine(code: "C", name: "Click & Collect", isOpen: true, waiting: waiting.count,
                                            longestWaitingSince: waiting.first.map { $0.issuedAt.date })
        return DeskSnapshot(desk: Desk(number: 1, name: "Desk 1", services: ["C"], status: status, currentTicket: current?.id,
                                            staff: staff),
                            services: [line], current: current, waiting: waiting, parked: [], noShows: [],
                            allServices: [line], lastEventID: EventID(rawValue: event), printers: printers)
    }

    /// Signed in as `member` at an open desk showing `snapshot`.
    func signedIn(_ snapshot: DeskSnapshot, as member: StaffMember = ada, idle: Duration? = nil) -> DeskFlow {
        var flow = DeskFlow(desk: 1, idleTimeout: idle)
        _ = flow.handle(.queueRead(.success(snapshot), after: nil))
        _ = flow.handle(.signIn(member, now: Self.now))
        return flow
    }

    // MARK: One tap, one action

    @Test func oneTapOneActionRefusesEveryPressWhileAnActionWaits() {
        var flow = signedIn(Self.snapshot(10, waiting: [Self.ticket(1, "C001"), Self.ticket(2, "C002")]))
        #expect(flow.oneTapOneAction(.callNext) == .enabled)
        send(&flow, .pressed(.callNext, now: Self.now), [.perform([.callNext(desk: 1, staff: 1)], at: Self.now, for: .action)]) {
            $0.pending = DeskFlow.PendingAction(action: .callNext, waitingAtPress: 2, reprintKioskAtPress: "Door")
        }
        #expect(flow.oneTapOneAction(.callNext) == .disabled(reason: "Waiting for the queue to answer…"))
        #expect(flow.oneTapOneAction(.call(2)) == .disabled(reason: "Another action is still running."))
        #expect(flow.availability(of: .callNext) == flow.oneTapOneAction(.callNext), "availability reads the rule")
        send(&flow, .pressed(.callNext, now: Self.now), [], "a double tap is not a second call")
        send(&flow, .pressed(.call(2), now: Self.now), [])
        send(&flow, .pressed(.reprint, now: Self.now), [])
    }

    @Test func oneTapOneActionHoldsUntilTheAnswerIsReadBack() {
        let head = Self.ticket(1, "C001")
        var flow = signedIn(Self.snapshot(10, waiting: [head]))
        _ = flow.handle(.pressed(.callNext, now: Self.now))
        send(&flow, .performed(.action, failure: nil, now: Self.later), [.readQueue(at: Self.later, after: .action)])
        #expect(flow.oneTapOneAction(.recall) != .enabled, "answered but not yet read: still waiting")
        // The change feed's read may come first: it shows the queue but frees nothing.
        let called = Self.snapshot(11, current: Self.ticket(1, "C001", .called))
        send(&flow, .queueRead(.success(called), after: nil), []) { $0.snapshot = called }
        #expect(flow.oneTapOneAction(.recall) != .enabled)
        send(&flow, .queueRead(.success(called), after: .action), []) { $0.pending = nil }
        #expect(flow.oneTapOneAction(.recall) == .enabled)
        #expect(flow.availability(of: .recall) == .enabled)
    }

    @Test func oneTapOneActionFreesTheDeskAfterARefusalToo() {
        var flow = signedIn(Self.snapshot(10, waiting: [Self.ticket(1, "C001")]))
        _ = flow.handle(.pressed(.callNext, now: Self.now))
        send(&flow, .performed(.action, failure: .refused(.nothingWaiting(1)), now: Self.later),
             [.readQueue(at: Self.later, after: .action)]) {
            $0.pending?.noticeAfterRead = "Another desk called the waiting ticket first; nobody else is waiting."
        }
        let empty = Self.snapshot(12)
        send(&flow, .queueRead(.success(empty), after: .action), []) {
            $0.snapshot = empty
            $0.pending = nil
            $0.notice = "Another desk called the waiting ticket first; nobody else is waiting."
        }
        #expect(flow.availability(of: .callNext) == .disabled(reason: "Nobody is waiting for Click & Collect."))
    }

    // MARK: Presses

    @Test func aPressTheDeskWouldRefuseChangesNothing() {
        var signedOut = DeskFlow(desk: 1)
        _ = signedOut.handle(.queueRead(.success(Self.snapshot(10, waiting: [Self.ticket(1, "C001")])), after: nil))
        #expect(signedOut.availability(of: .callNext) == .disabled(reason: "Sign in first."))
        send(&signedOut, .pressed(.callNext, now: Self.now), [])
        var flow = signedIn(Self.snapshot(10))
        send(&flow, .pressed(.callNext, now: Self.now), [], "nobody waits")
        send(&flow, .pressed(.closeService("C"), now: Self.now), [], "a clerk")
    }

    @Test func completeOnACalledTicketRecordsStartThenCompleteByTheStaffMember() {
        var flow = signedIn(Self.snapshot(10, current: Self.ticket(1, "C001", .called)))
        send(&flow, .pressed(.complete(.served), now: Self.now),
             [.perform([.start(ticket: 1, staff: 1), .complete(ticket: 1, outcome: .served, staff: 1)], at: Self.now, for: .action)]) {
            $0.pending = DeskFlow.PendingAction(action: .complete(.served), waitingAtPress: 0, reprintKioskAtPress: "Door")
        }
        var serving = signedIn(Self.snapshot(10, current: Self.ticket(1, "C001", .serving)))
        #expect(serving.handle(.pressed(.complete(.served), now: Self.now))
            == [.perform([.complete(ticket: 1, outcome: .served, staff: 1)], at: Self.now, for: .action)])
    }

    @Test func aReprintSaysWhichKioskPrintsUntilTheNextPress() {
        let current = Self.ticket(1, "C001", .called)
        let printers = [PrinterReport(.ready, terminal: "Back"), PrinterReport(.ready, terminal: "Door")]  // as read: by name
        var flow = signedIn(Self.snapshot(10, current: current, printers: printers))
        send(&flow, .pressed(.reprint, now: Self.now), [.perform([.reprint(ticket: 1, staff: 1, terminal: "Back")], at: Self.now, for: .action)]) {
            $0.pending = DeskFlow.PendingAction(action: .reprint, waitingAtPress: 0, reprintKioskAtPress: "Back")
        }
        send(&flow, .performed(.action, failure: nil, now: Self.now), [.readQueue(at: Self.now, after: .action)]) {
            $0.pending?.noticeAfterRead = "Printing a copy at kiosk “Back”"
        }
        send(&flow, .queueRead(.success(Self.snapshot(11, current: current, printers: printers)), after: .action), []) {
            $0.snapshot = Self.snapshot(11, current: current, printers: printers)
            $0.pending = nil
            $0.notice = "Printing a copy at kiosk “Back”"
        }
        send(&flow, .pressed(.start, now: Self.later), [.perform([.start(ticket: 1, staff: 1)], at: Self.later, for: .action)]) {
            $0.pending = DeskFlow.PendingAction(action: .start, waitingAtPress: 0, reprintKioskAtPress: "Back")
            $0.notice = nil
        }
    }

    @Test func aTakenChosenTicketSaysSoEvenWhenTheReadAfterItFails() {
        var flow = signedIn(Self.snapshot(10, waiting: [Self.ticket(2, "C002")]))
        _ = flow.handle(.pressed(.call(2), now: Self.now))
        _ = flow.handle(.performed(.action, failure: .refused(.notAllowed(ticket: "C002", state: .called, action: .call)), now: Self.now))
        send(&flow, .queueRead(.failure(.unavailable(file: "queue.db", problem: .busy, detail: "locked")), after: .action), []) {
            $0.pending = nil
            $0.notice = "Ticket C002 was taken by another desk."
        }
    }

    // MARK: Reads

    @Test func anOlderReadNeverReplacesANewerOne() {
        var flow = DeskFlow(desk: 1)
        send(&flow, .refresh(now: Self.now), [.readQueue(at: Self.now, after: nil)])
        send(&flow, .queueRead(.success(Self.snapshot(12)), after: nil), []) { $0.snapshot = Self.snapshot(12) }
        send(&flow, .queueRead(.success(Self.snapshot(11, waiting: [Self.ticket(1, "C001")])), after: nil), [])
        send(&flow, .queueRead(.success(Self.snapshot(12, status: .paused)), after: nil), []) { $0.snapshot = Self.snapshot(12, status: .paused) }
    }

    @Test func aFailedReadSaysWhyAndKeepsTheLastQueue() {
        var flow = DeskFlow(desk: 1)
        _ = flow.handle(.queueRead(.success(Self.snapshot(10)), after: nil))
        send(&flow, .queueRead(.failure(.unavailable(file: "queue.db", problem: .unreachable, detail: "down")), after: nil), []) {
            $0.notice = "The queue is not answering; nothing was changed. Try again in a moment."
        }
    }

    @Test func offlineEveryActionSaysSoAndBackOnlineTheQueueIsReadAgain() {
        var flow = signedIn(Self.snapshot(10, waiting: [Self.ticket(1, "C001")]))
        send(&flow, .reachability(.reconnecting, now: Self.now), []) { $0.isOffline = true }
        #expect(flow.availability(of: .callNext) == .disabled(reason: DeskFlow.offline))
        send(&flow, .pressed(.callNext, now: Self.now), [])
        send(&flow, .reachability(.reconnecting, now: Self.now), [])
        send(&flow, .reachability(.online, now: Self.later), [.readQueue(at: Self.later, after: nil)]) { $0.isOffline = false }
        send(&flow, .reachability(.online, now: Self.later), [], "already online: no read")
        #expect(flow.availability(of: .callNext) == .enabled)
    }

    // MARK: Signing in and out

    @Test func signingInOpensAClosedDeskAndStartsTheIdleTimer() {
        var flow = DeskFlow(desk: 1, idleTimeout: .seconds(60))
        _ = flow.handle(.queueRead(.success(Self.snapshot(10, status: .closed)), after: nil))
        send(&flow, .signIn(Self.ada, now: Self.now),
             [.startTimer(.idle, after: .seconds(60)), .perform([.openDesk(1, staff: 1)], at: Self.now, for: .deskStatus)]) {
            $0.staff = Self.ada
        }
        send(&flow, .performed(.deskStatus, failure: .refused(.deskNotFound(1)), now: Self.now),
             [.readQueue(at: Self.now, after: .deskStatus)], "opening's refusal is not a notice")
        send(&flow, .queueRead(.success(Self.snapshot(11)), after: .deskStatus), []) { $0.snapshot = Self.snapshot(11) }
        var theirs = DeskFlow(desk: 1)
        _ = theirs.handle(.queueRead(.success(Self.snapshot(10, staff: Self.ada.id)), after: nil))
        send(&theirs, .signIn(Self.ada, now: Self.now), [], "their open desk is not opened again") { $0.staff = Self.ada }
    }

    /// A desk open for nobody (a new store's) serves nobody: whoever signs in takes it over, and
    /// from then on it counts among the desks a wait is forecast with.
    @Test func signingInAtADeskOpenForNobodyMakesItTheirs() {
        var flow = DeskFlow(desk: 1)
        _ = flow.handle(.queueRead(.success(Self.snapshot(10)), after: nil))
        send(&flow, .signIn(Self.ada, now: Self.now), [.perform([.openDesk(1, staff: Self.ada.id)], at: Self.now, for: .deskStatus)]) {
            $0.staff = Self.ada
        }
    }

    @Test func signingOutClosesAFreeDeskAndPausesOneHoldingATicket() {
        var free = signedIn(Self.snapshot(10), idle: .seconds(60))
        send(&free, .signOut(now: Self.later), [.cancelTimer(.idle), .perform([.closeDesk(1)], at: Self.later, for: .deskStatus)]) {
            $0.staff = nil
        }
        send(&free, .signOut(now: Self.later), [], "nobody is signed in")
        var holding = signedIn(Self.snapshot(10, current: Self.ticket(1, "C001", .serving)))
        send(&holding, .signOut(now: Self.now), [.cancelTimer(.idle), .perform([.pauseDesk(1)], at: Self.now, for: .deskStatus)]) {
            $0.staff = nil
        }
        var paused = signedIn(Self.snapshot(10, status: .paused, current: Self.ticket(1, "C001", .serving)))
        send(&paused, .signOut(now: Self.now), [.cancelTimer(.idle)], "already paused") { $0.staff = nil }
    }

    @Test func aTouchRestartsTheIdleTimerOnlyWhileSignedIn() {
        var flow = signedIn(Self.snapshot(10), idle: .seconds(60))
        send(&flow, .touched, [.startTimer(.idle, after: .seconds(60))])
        send(&flow, .timerFired(.idle, now: Self.later), [.cancelTimer(.idle), .perform([.closeDesk(1)], at: Self.later, for: .deskStatus)]) {
            $0.staff = nil
        }
        send(&flow, .touched, [])
        send(&flow, .timerFired(.idle, now: Self.later), [], "a late timer signs nobody out")
        var never = signedIn(Self.snapshot(10))
        send(&never, .touched, [], "no idle timeout set")
    }

    @Test func aPressRestartsTheIdleTimer() {
        var flow = signedIn(Self.snapshot(10, waiting: [Self.ticket(1, "C001")]), idle: .seconds(90))
        send(&flow, .pressed(.callNext, now: Self.now),
             [.startTimer(.idle, after: .seconds(90)), .perform([.callNext(desk: 1, staff: 1)], at: Self.now, for: .action)]) {
            $0.pending = DeskFlow.PendingAction(action: .callNext, waitingAtPress: 1, reprintKioskAtPress: "Door")
        }
    }

    @Test func onlyAnAdministratorOpensAndClosesServices() {
        var clerk = signedIn(Self.snapshot(10))
        #expect(clerk.availability(of: .closeService("C")) == .disabled(reason: "Only an administrator can open or close a service."))
        send(&clerk, .pressed(.closeService("C"), now: Self.now), [])
        var admin = signedIn(Self.snapshot(10), as: Self.admin)
        send(&admin, .pressed(.closeService("C"), now: Self.now), [.perform([.closeService("C", staff: 2)], at: Self.now, for: .action)]) {
            $0.pending = DeskFlow.PendingAction(action: .closeService("C"), waitingAtPress: 0, reprintKioskAtPress: "Door")
        }
    }
}
