import FoundationEssentials
import QueueCore
import QueueStore

/// What a staff desk does, without a display: who is signed in, the desk's services and waiting
/// counts (live through the change feed), the current ticket, and every action with whether it
/// can be pressed and why not. The screen binds its widgets to it and calls `perform`.
///
/// Every decision is `DeskFlow`'s (one tap, one action among them); the model runs what the
/// flow asks for (store commands and reads off the main thread, the idle timer) and feeds the
/// answers back. The store has the last word and a refusal is shown as `notice`.
@MainActor public final class DeskModel {
    /// The desk's whole state; every property below reads from it.
    public private(set) var flow: DeskFlow

    public var deskNumber: DeskNumber { flow.deskNumber }
    /// The staff member working the desk; nil shows the sign-in page.
    public var staff: StaffMember? { flow.staff }
    /// The newest read of the queue; nil until the first read.
    public var snapshot: DeskSnapshot? { flow.snapshot }
    /// The action waiting for the store (its button shows loading).
    public var pending: DeskAction? { flow.pending?.action }
    /// Why the last action gave nothing (a refusal, another desk was faster, the store is down),
    /// or where a reprint comes out: staff send the customer to that kiosk. Cleared by the next action.
    public var notice: String? { flow.notice }
    /// True while a shared store's server is lost and being reconnected to: every action is
    /// off, saying so, and the queue is read again when it is back.
    public var isOffline: Bool { flow.isOffline }
    /// When the staff member went on a break; nil while they work.
    public var onBreakSince: Date? { flow.onBreakSince }
    /// Called after every change of what the screen shows.
    public var onChange: (@MainActor () -> Void)?

    let store: any QueueStore
    /// The model's clock; the screen reads "called 3 min ago" from it too, so both share one now.
    public let time: any TimeSource
    private lazy var timers = FlowTimers<DeskFlow.Timer>(time)
    private var subscription: ChangeSubscription?
    private var reachabilitySubscription: ChangeSubscription?

    /// `idleTimeout`: signed-in staff are signed out after this long without a touch (nil: never);
    /// `breakLimit`: a break longer than this signs them out.
    public init(desk: DeskNumber, store: any QueueStore, time: any TimeSource, idleTimeout: Duration? = nil,
                breakLimit: Duration = .seconds(15 * 60)) {
        flow = DeskFlow(desk: desk, idleTimeout: idleTimeout, breakLimit: breakLimit)
        self.store = store
        self.time = time
    }

    /// What the screen says under `action`'s button.
    public func availability(of action: DeskAction) -> DeskAvailability { flow.availability(of: action) }

    /// What every action says while the server is lost.
    public static var offline: String { DeskFlow.offline }

    // MARK: Live queue

    /// Reads the queue now and after every change any process commits.
    public func follow() async throws {
        let (store, time) = (store, time)
        subscription = try await Blocking.run {
            try store.observe(after: store.lastEventID()) { _ in
                Task { @MainActor [weak self] in self?.send(.refresh(now: time.now())) }
            }
        }
        reachabilitySubscription = reachability(of: store)?.observeReachability { state in
            Task { @MainActor [weak self] in self?.send(.reachability(state, now: time.now())) }
        }
        await reload()
    }

    public func stop() {
        subscription?.cancel()
        subscription = nil
        reachabilitySubscription?.cancel()
        reachabilitySubscription = nil
        timers.cancelAll()
    }

    /// Reads the queue once and waits for the answer.
    public func reload() async {
        await send(.refresh(now: time.now()))?.value
    }

    // MARK: Sign-in

    /// `member` proved who they are (the PIN was checked): the desk opens for them if it was not.
    public func signIn(_ member: StaffMember) async {
        await send(.signIn(member, now: time.now()))?.value
    }

    /// The Sign out button: asks first while a ticket is at the desk (`DeskFlow.signOutPressed`).
    public func pressSignOut() async {
        await send(.signOutPressed(now: time.now()))?.value
    }

    /// Signs out; the desk closes, or pauses while it still holds a ticket.
    public func signOut() async {
        await send(.signOut(now: time.now()))?.value
    }

    /// Any touch or key: the idle sign-out starts counting again.
    public func touch() {
        send(.touched)
    }

    // MARK: Actions

    /// A press. Returns whether it was accepted; refused while another action runs or when
    /// `availability` says no. Completes once the store has answered and the queue is re-read.
    @discardableResult
    public func perform(_ action: DeskAction) async -> Bool {
        guard flow.availability(of: action).isEnabled else { return false }
        await send(.pressed(action, now: time.now()))?.value
        return true
    }

    /// `perform` without waiting for it (a button's click handler). The action is pending at
    /// once, so a second press in the same instant is refused.
    @discardableResult
    public func press(_ action: DeskAction) -> Bool {
        guard flow.availability(of: action).isEnabled else { return false }
        send(.pressed(action, now: time.now()))
        return true
    }

    // MARK: Running the flow

    /// Hands `event` to the flow and runs what it asks for. The task (nil: nothing to wait for)
    /// ends once the store's answers, and whatever they led to, are back in the flow.
    @discardableResult
    private func send(_ event: DeskFlow.Event) -> Task<Void, Never>? {
        let before = flow
        let effects = flow.handle(event)
        if flow != before { onChange?() }
        var work: [DeskFlow.Effect] = []
        for effect in effects {
            switch effect {
            case .startTimer(let timer, let delay):
                timers.start(timer, after: delay) { [weak self] in
                    guard let self else { return }
                    send(.timerFired($0, now: time.now()))
                }
            case .cancelTimer(let timer):
                timers.cancel(timer)
            case .perform, .readQueue:
                work.append(effect)
            }
        }
        guard !work.isEmpty else { return nil }
        return Task { for effect in work { await run(effect) } }
    }

    /// Runs one store effect off the main thread and sends its answer back.
    private func run(_ effect: DeskFlow.Effect) async {
        let store = store
        switch effect {
        case .perform(let commands, let instant, let request):
            let failure = await Blocking.run { () -> StoreError? in
                do throws(StoreError) {
                    for command in commands { _ = try store.perform(command, at: instant) }
                    return nil
                } catch {
                    return error
                }
            }
            await send(.performed(request, failure: failure, now: time.now()))?.value
        case .readQueue(let instant, let request):
            let number = flow.deskNumber
            let read = await Blocking.run { Result { () throws(StoreError) in try DeskSnapshot.read(desk: number, from: store, at: instant) } }
            await send(.queueRead(read, after: request))?.value
        case .startTimer, .cancelTimer:
            break
        }
    }
}
