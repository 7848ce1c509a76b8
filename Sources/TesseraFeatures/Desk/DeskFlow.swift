import FoundationEssentials
import Localization
import QueueCore
import QueueStore

/// A staff desk's decisions as a value: who is signed in, the newest read of the queue, the
/// action waiting for the store, the notice, reachability and the idle sign-out. `handle` takes
/// what happened and returns what `DeskModel` must do (store commands, reads, timers); it never
/// waits, reads a clock or calls the store, so every rule here is tested as a sequence of values.
public struct DeskFlow: ScreenFlow {
    /// The flow's timers (one of each at a time).
    public enum Timer: Hashable, Sendable {
        /// Signs idle staff out.
        case idle
        /// Ends the wait for a second Sign out press.
        case signOutConfirmation
        /// A break past `breakLimit` signs the staff member out: coming back takes a PIN.
        case breakOver
    }

    /// How long a first Sign out press with a ticket at the desk waits for the second.
    public static let signOutConfirmationTime: Duration = .seconds(10)

    /// Why the store was asked to do something: an action's answer fills the notice and frees
    /// the desk for the next press; opening or leaving the desk only re-reads the queue.
    public enum Request: Hashable, Sendable {
        case action
        case deskStatus
    }

    /// An action pressed and not yet answered, with what the desk showed at the press: the
    /// notice is worded from that (another desk may change the queue before the answer).
    public struct PendingAction: Equatable, Sendable {
        public var action: DeskAction
        var waitingAtPress: Int
        var reprintKioskAtPress: String?
        /// Shown once the queue is read again (nil: the notice stays as the read left it).
        var noticeAfterRead: String?
    }

    public enum Event: Equatable, Sendable {
        /// `member` proved who they are (the PIN was checked).
        case signIn(StaffMember, now: Date)
        case signOut(now: Date)
        /// The Sign out button: with a ticket at the desk, the first press only asks (a stray
        /// Enter or tap must not walk away from a customer); a second within
        /// `signOutConfirmationTime` signs out.
        case signOutPressed(now: Date)
        /// A button or function key. Refused unless `availability(of:)` enables it.
        case pressed(DeskAction, now: Date)
        /// The store's answer to a `.perform` (nil: every command was recorded).
        case performed(Request, failure: StoreError?, now: Date)
        /// The change feed or the screen asks for a fresh read of the queue.
        case refresh(now: Date)
        /// A read's answer; `after` names the request it followed (nil: a refresh).
        case queueRead(Result<DeskSnapshot, StoreError>, after: Request?)
        case reachability(StoreReachability, now: Date)
        /// Any touch or key on the screen.
        case touched
        case timerFired(Timer, now: Date)
    }

    public enum Effect: Equatable, Sendable {
        /// Starts `timer`, replacing a running one of that name.
        case startTimer(Timer, after: Duration)
        case cancelTimer(Timer)
        /// Records `commands` in order at `at`, stopping at the first refusal; answer `.performed`.
        case perform([Command], at: Date, for: Request)
        /// Reads the desk's snapshot as of `at`; answer `.queueRead(_, after: request)`.
        case readQueue(at: Date, after: Request?)
    }

    public let deskNumber: DeskNumber
    /// Signed-in staff are signed out after this long without a touch (nil: never).
    public let idleTimeout: Duration?
    /// How long a break may last before it signs the staff member out (`[staff] break-minutes`).
    public let breakLimit: Duration

    // Settable inside the module so a flow test can write the whole state it expects.

    /// The staff member working the desk; nil shows the sign-in page.
    public internal(set) var staff: StaffMember?
    /// The newest read of the queue; nil until the first read.
    public internal(set) var snapshot: DeskSnapshot?
    /// The action waiting for the store (its button shows loading).
    public internal(set) var pending: PendingAction?
    /// Why the last action gave nothing, or where a reprint comes out. Cleared by the next action.
    public internal(set) var notice: String?
    /// True while a shared store's server is lost and being reconnected to.
    public internal(set) var isOffline = false
    /// True after a Sign out press with a ticket at the desk, until the second press or the
    /// confirmation time runs out.
    public internal(set) var confirmingSignOut = false
    /// When the staff member went on a break; nil while they work (or nobody is signed in).
    public internal(set) var onBreakSince: Date?

    public init(desk: DeskNumber, idleTimeout: Duration? = nil, breakLimit: Duration = .seconds(15 * 60)) {
        deskNumber = desk
        self.idleTimeout = idleTimeout
        self.breakLimit = breakLimit
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .signIn(let member, let now):
            staff = member
            notice = nil
            // The desk opens for them if it was not (a paused desk too: they finish its ticket),
            // and becomes theirs if it was open for nobody or for someone else: only then does
            // it count among the desks that serve.
            let theirs = snapshot?.desk.status == .open && snapshot?.desk.staff == member.id
            let opening: [Effect] = theirs
                ? [] : [.perform([.openDesk(deskNumber, staff: member.id)], at: now, for: .deskStatus)]
            return idleRestart() + opening
        case .signOut(let now), .timerFired(.idle, let now):
            return signOut(at: now)
        case .timerFired(.breakOver, let now):
            guard onBreakSince != nil else { return [] }
            return signOut(at: now)
        case .signOutPressed(let now):
            guard staff != nil else { return [] }
            guard confirmingSignOut || snapshot?.current == nil else {
                confirmingSignOut = true
                notice = localized("%s is still at this desk. Press Sign out again to leave it paused for the next person.",
                                   snapshot?.current?.code ?? "")
                return idleRestart() + [.startTimer(.signOutConfirmation, after: Self.signOutConfirmationTime)]
            }
            return signOut(at: now)
        case .timerFired(.signOutConfirmation, _):
            guard confirmingSignOut else { return [] }
            confirmingSignOut = false
            notice = nil
            return []
        case .pressed(let action, let now):
            return press(action, at: now)
        case .performed(let request, let failure, let now):
            if request == .action, let pressed = pending {
                pending?.noticeAfterRead = failure.map {
                    DeskFlow.message(for: $0, action: pressed.action, expectedWaiting: pressed.waitingAtPress)
                } ?? (pressed.action == .reprint ? DeskFlow.reprintConfirmation(kiosk: pressed.reprintKioskAtPress) : nil)
            }
            return [.readQueue(at: now, after: request)]
        case .refresh(let now):
            return [.readQueue(at: now, after: nil)]
        case .queueRead(let read, let request):
            show(read)
            if request == .action, let answered = pending {
                if let words = answered.noticeAfterRead { notice = words }
                pending = nil
            }
            return []
        case .reachability(let state, let now):
            let wasOffline = isOffline
            isOffline = state != .online
            return wasOffline && !isOffline ? [.readQueue(at: now, after: nil)] : []
        case .touched:
            return idleRestart()
        }
    }

    /// One tap, one action: while an action waits for the store, every action, the same one
    /// again included, is refused (a double tap is not a second call). The desk is free again
    /// once the store has answered and the queue is read again.
    public func oneTapOneAction(_ action: DeskAction) -> DeskAvailability {
        guard let pending else { return .enabled }
        return .disabled(reason: pending.action == action
            ? localized("Waiting for the queue to answer…") : localized("Another action is still running."))
    }

    private mutating func press(_ action: DeskAction, at now: Date) -> [Effect] {
        guard availability(of: action).isEnabled, let staff else { return [] }
        let confirming: [Effect] = confirmingSignOut ? [.cancelTimer(.signOutConfirmation)] : []
        confirmingSignOut = false
        var breakTimer: [Effect] = []
        if action == .takeBreak {
            onBreakSince = now
            breakTimer = [.cancelTimer(.idle), .startTimer(.breakOver, after: breakLimit)]
        } else if action == .endBreak {
            onBreakSince = nil
            breakTimer = [.cancelTimer(.breakOver)]
        }
        pending = PendingAction(action: action, waitingAtPress: snapshot?.waitingCount ?? 0,
                                reprintKioskAtPress: snapshot?.reprintKiosk)
        notice = nil
        return confirming + breakTimer + idleRestart() + [.perform(commands(for: action, by: staff.id), at: now, for: .action)]
    }

    /// A desk holding nothing closes; one still holding a ticket pauses (no more calls until
    /// someone signs in and finishes it).
    private mutating func signOut(at now: Date) -> [Effect] {
        guard staff != nil else { return [] }
        let holding = snapshot?.current != nil
        let status = snapshot?.desk.status
        let confirming: [Effect] = (confirmingSignOut ? [.cancelTimer(.signOutConfirmation)] : [])
            + (onBreakSince != nil ? [.cancelTimer(.breakOver)] : [])
        staff = nil
        notice = nil
        confirmingSignOut = false
        onBreakSince = nil
        let leaving: Command? = if holding, status == .open { .pauseDesk(deskNumber) }
            else if !holding, status != .closed { .closeDesk(deskNumber) } else { nil }
        return confirming + [.cancelTimer(.idle)] + (leaving.map { [.perform([$0], at: now, for: .deskStatus)] } ?? [])
    }

    /// The idle sign-out starts counting again (only while someone is signed in and at work:
    /// a break has its own limit).
    private func idleRestart() -> [Effect] {
        guard staff != nil, onBreakSince == nil, let idleTimeout else { return [] }
        return [.startTimer(.idle, after: idleTimeout)]
    }

    /// Reads may finish out of order: an older one never replaces a newer one.
    private mutating func show(_ read: Result<DeskSnapshot, StoreError>) {
        switch read {
        case .success(let fresh):
            if let shown = snapshot, fresh.lastEventID < shown.lastEventID { return }
            snapshot = fresh
        case .failure(let error):
            notice = DeskFlow.message(for: error)
        }
    }

    /// The commands an action records. Complete on a called ticket is two honest events: the
    /// desk starts service for the staff member, then completes it (service time ≈ 0 shows it).
    func commands(for action: DeskAction, by id: StaffID) -> [Command] {
        let desk = deskNumber
        let current = snapshot?.current
        let ticket = current?.id ?? TicketID(rawValue: 0)
        switch action {
        case .callNext: return [.callNext(desk: desk, staff: id)]
        case .call(let chosen): return [.call(ticket: chosen, desk: desk, staff: id)]
        case .recall: return [.recall(ticket: ticket, staff: id)]
        case .start: return [.start(ticket: ticket, staff: id)]
        case .complete(let outcome):
            let complete = Command.complete(ticket: ticket, outcome: outcome, staff: id)
            return current?.state == .called ? [.start(ticket: ticket, staff: id), complete] : [complete]
        case .noShow: return [.noShow(ticket: ticket, staff: id)]
        case .transfer(let target, let position):
            return [.transfer(ticket: ticket, to: target, position: position, staff: id)]
        case .park: return [.park(ticket: ticket, staff: id)]
        case .resume(let parked): return [.resume(ticket: parked, to: .desk(desk), staff: id)]
        case .reactivate(let noShow): return [.reactivate(ticket: noShow, staff: id)]
        case .reprint: return [.reprint(ticket: ticket, staff: id, terminal: snapshot?.reprintKiosk)]
        case .chooseServices(let codes): return [.chooseServices(desk: desk, services: codes, staff: id)]
        case .openService(let code): return [.openService(code, staff: id)]
        case .closeService(let code): return [.closeService(code, staff: id)]
        case .takeBreak: return [.pauseDesk(desk)]
        case .endBreak: return [.openDesk(desk, staff: id)]
        }
    }
}
