import FoundationEssentials
import QueueCore
import QueueStore

/// The desk's sign-in page without a display: pick your name, type your PIN on the keypad.
/// Every decision is `SignInFlow`'s; the model runs what it asks for (the staff read and the
/// PIN check off the main thread, because a yescrypt hash takes tens of milliseconds on purpose;
/// the lock's countdown) and feeds the answers back. The PIN is never shown, stored or logged.
@MainActor public final class SignInModel {
    public typealias Phase = SignInFlow.Phase

    /// The page's whole state; every property below reads from it.
    public private(set) var flow: SignInFlow

    public var staff: [StaffMember] { flow.staff }
    public var phase: Phase { flow.phase }
    /// How many digits are typed (the page shows dots).
    public var digitCount: Int { flow.pin.count }
    /// The one message the page shows: why the last try gave nothing, or the lock's countdown.
    public var message: String? { flow.message }
    public var onChange: (@MainActor () -> Void)?
    /// Called with the member once their PIN was right.
    public var onSignedIn: (@MainActor (StaffMember) async -> Void)?

    private let credentials: any StaffCredentials
    private let time: any TimeSource
    private lazy var timers = FlowTimers<SignInFlow.Timer>(time)

    public init(desk: DeskNumber, credentials: any StaffCredentials, time: any TimeSource) {
        flow = SignInFlow(desk: desk)
        self.credentials = credentials
        self.time = time
    }

    /// Reads who may sign in and whose keypad is locked (a lock outlives a restart).
    public func load() async {
        _ = await send(.shown)?.value
    }

    public func choose(_ member: StaffMember) { send(.chose(member, now: time.now())) }

    /// Back to the names.
    public func back() { send(.back) }

    public func press(digit: Int) { send(.digit(digit)) }

    public func deleteDigit() { send(.deleteDigit) }

    /// Checks the typed PIN. Returns whether the member was signed in.
    @discardableResult
    public func submit() async -> Bool {
        let done = await send(.submit)?.value ?? []
        return done.contains { if case .signedIn = $0 { true } else { false } }
    }

    /// Hands `event` to the flow and runs what it asks for. The task (nil: nothing to wait for)
    /// ends once the answers, and whatever they led to, are back in the flow; its value is every
    /// store or sign-in effect that was run.
    @discardableResult
    private func send(_ event: SignInFlow.Event) -> Task<[SignInFlow.Effect], Never>? {
        let before = flow
        let effects = flow.handle(event)
        if flow != before { onChange?() }
        var work: [SignInFlow.Effect] = []
        for effect in effects {
            switch effect {
            case .startTimer(let timer, let delay):
                timers.start(timer, after: delay) { [weak self] in
                    guard let self else { return }
                    send(.timerFired($0, now: time.now()))
                }
            case .cancelTimer(let timer):
                timers.cancel(timer)
            case .readStaff, .checkPin, .recordTry, .signedIn:
                work.append(effect)
            }
        }
        guard !work.isEmpty else { return nil }
        return Task {
            var done: [SignInFlow.Effect] = []
            for effect in work { done += await run(effect) }
            return done
        }
    }

    /// Runs one effect and sends its answer back; returns it and what its answer led to.
    private func run(_ effect: SignInFlow.Effect) async -> [SignInFlow.Effect] {
        let credentials = credentials
        let answer: SignInFlow.Event
        switch effect {
        case .readStaff:
            let read = await Blocking.run {
                Result { () throws(StoreError) in
                    SignInFlow.StaffReading(members: try credentials.activeStaff().filter(\.hasPin).map(\.member),
                                            locks: try credentials.keypadLocks())
                }
            }
            answer = .staffRead(read, now: time.now())
        case .checkPin(let pin, let member):
            let check = await Blocking.run {
                Result { () throws(StoreError) in
                    let lock = try credentials.keypadLock(of: member)
                    let right = try credentials.pinHash(of: member).map { pin.verify(against: $0) } ?? false
                    return SignInFlow.PinCheck(right: right, lock: lock)
                }
            }
            answer = .pinChecked(check, now: time.now())
        case .recordTry(let lock, let member):
            let failure = await Blocking.run { () -> StoreError? in
                do throws(StoreError) {
                    try credentials.setKeypadLock(lock, of: member)
                    return nil
                } catch {
                    return error
                }
            }
            answer = .tryRecorded(failure: failure, now: time.now())
        case .signedIn(let member):
            await onSignedIn?(member)
            return [effect]
        case .startTimer, .cancelTimer:
            return []
        }
        return [effect] + (await send(answer)?.value ?? [])
    }
}
