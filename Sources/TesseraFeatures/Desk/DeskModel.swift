import FoundationEssentials
import QueueCore
import QueueStore

/// What a staff desk does, without a display: who is signed in, the desk's services and waiting
/// counts (live through the change feed), the current ticket, and every action with whether it
/// can be pressed and why not. The screen binds its widgets to it and calls `perform`.
///
/// One tap, one action: while an action waits for the store every other action is refused.
/// Which actions the queue allows comes from QueueCore (`TicketAction.allowedStates`, the
/// `QueueError` wording); the store has the last word and a refusal is shown as `notice`.
@MainActor public final class DeskModel {
    public let deskNumber: DeskNumber
    /// The staff member working the desk; nil shows the sign-in page.
    public private(set) var staff: StaffMember? { didSet { if staff != oldValue { onChange?() } } }
    /// The newest read of the queue; nil until the first read.
    public private(set) var snapshot: DeskSnapshot? { didSet { if snapshot != oldValue { onChange?() } } }
    /// The action waiting for the store (its button shows loading).
    public private(set) var pending: DeskAction? { didSet { if pending != oldValue { onChange?() } } }
    /// Why the last action gave nothing (a refusal, another desk was faster, the store is down),
    /// or where a reprint comes out: staff send the customer to that kiosk. Cleared by the next action.
    public private(set) var notice: String? { didSet { if notice != oldValue { onChange?() } } }
    /// True while a shared store's server is lost and being reconnected to: every action is
    /// off, saying so, and the queue is read again when it is back.
    public private(set) var isOffline = false { didSet { if isOffline != oldValue { onChange?() } } }
    /// Called after every change of what the screen shows.
    public var onChange: (@MainActor () -> Void)?

    let store: any QueueStore
    /// The model's clock; the screen reads "called 3 min ago" from it too, so both share one now.
    public let time: any TimeSource
    private let idleTimeout: Duration?
    private var idleTimer: (any ScheduledAction)?
    private var subscription: ChangeSubscription?
    private var reachabilitySubscription: ChangeSubscription?

    /// `idleTimeout`: signed-in staff are signed out after this long without a touch (nil: never).
    public init(desk: DeskNumber, store: any QueueStore, time: any TimeSource, idleTimeout: Duration? = nil) {
        deskNumber = desk
        self.store = store
        self.time = time
        self.idleTimeout = idleTimeout
    }

    // MARK: Live queue

    /// Reads the queue now and after every change any process commits.
    public func follow() async throws {
        let store = store
        subscription = try await Blocking.run {
            try store.observe(after: store.lastEventID()) { _ in
                Task { @MainActor [weak self] in self?.refresh() }
            }
        }
        reachabilitySubscription = reachability(of: store)?.observeReachability { state in
            Task { @MainActor [weak self] in self?.reachabilityChanged(state) }
        }
        await reload()
    }

    private func reachabilityChanged(_ state: StoreReachability) {
        let offline = state != .online
        if isOffline, !offline { refresh() }
        isOffline = offline
    }

    public func stop() {
        subscription?.cancel()
        subscription = nil
        reachabilitySubscription?.cancel()
        reachabilitySubscription = nil
        idleTimer?.cancel()
        idleTimer = nil
    }

    /// Reads the queue once and waits for the answer.
    public func reload() async {
        let (store, number, instant) = (store, deskNumber, time.now())
        let read = await Blocking.run { Result { try DeskSnapshot.read(desk: number, from: store, at: instant) } }
        switch read {
        case .success(let fresh):
            // Reads may finish out of order: an older one never replaces a newer one.
            if let shown = snapshot, fresh.lastEventID < shown.lastEventID { return }
            snapshot = fresh
        case .failure(let error):
            notice = Self.message(for: error)
        }
    }

    private func refresh() { Task { await reload() } }

    // MARK: Sign-in

    /// `member` proved who they are (the PIN was checked): the desk opens for them if it was not.
    public func signIn(_ member: StaffMember) async {
        staff = member
        notice = nil
        touch()
        if snapshot?.desk.status != .open {
            _ = await run([.openDesk(deskNumber, staff: member.id)])
        }
    }

    /// Signs out. A desk holding nothing closes; one still holding a ticket pauses (no more calls
    /// until someone signs in and finishes it).
    public func signOut() async {
        guard staff != nil else { return }
        idleTimer?.cancel()
        idleTimer = nil
        let holding = snapshot?.current != nil
        let status = snapshot?.desk.status
        staff = nil
        notice = nil
        if holding, status == .open {
            _ = await run([.pauseDesk(deskNumber)])
        } else if !holding, status != .closed {
            _ = await run([.closeDesk(deskNumber)])
        }
    }

    /// Any touch or key: the idle sign-out starts counting again.
    public func touch() {
        guard staff != nil, let idleTimeout else { return }
        idleTimer?.cancel()
        idleTimer = time.schedule(after: idleTimeout) { [weak self] in
            guard let self else { return }
            Task { await self.signOut() }
        }
    }

    // MARK: Actions

    /// A press. Returns whether it was accepted; refused while another action runs or when
    /// `availability` says no. Completes once the store has answered and the queue is re-read.
    @discardableResult
    public func perform(_ action: DeskAction) async -> Bool {
        guard availability(of: action).isEnabled else { return false }
        pending = action
        await execute(action)
        return true
    }

    /// `perform` without waiting for it (a button's click handler). The action is pending at
    /// once, so a second press in the same instant is refused.
    @discardableResult
    public func press(_ action: DeskAction) -> Bool {
        guard availability(of: action).isEnabled else { return false }
        pending = action
        Task { await execute(action) }
        return true
    }

    private func execute(_ action: DeskAction) async {
        defer { pending = nil }
        guard let staff else { return }
        touch()
        notice = nil
        let expectedWaiting = snapshot?.waitingCount ?? 0
        let kiosk = snapshot?.reprintKiosk
        if let error = await run(commands(for: action, by: staff.id)) {
            notice = Self.message(for: error, action: action, expectedWaiting: expectedWaiting)
        } else if action == .reprint {
            notice = Self.reprintConfirmation(kiosk: kiosk)
        }
    }

    /// The commands an action records. Complete on a called ticket is two honest events: the
    /// desk starts service for the staff member, then completes it (service time ≈ 0 shows it).
    private func commands(for action: DeskAction, by id: StaffID) -> [Command] {
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
        case .openService(let code): return [.openService(code, staff: id)]
        case .closeService(let code): return [.closeService(code, staff: id)]
        }
    }

    /// Runs the commands in order off the main thread (stopping at the first refusal), then
    /// re-reads the queue. Returns the error, if any.
    private func run(_ commands: [Command]) async -> (any Error)? {
        let (store, instant) = (store, time.now())
        let failure: (any Error)? = await Blocking.run {
            do {
                for command in commands { _ = try store.perform(command, at: instant) }
                return nil
            } catch {
                return error
            }
        }
        await reload()
        return failure
    }
}
