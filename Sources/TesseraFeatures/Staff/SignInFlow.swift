import FoundationEssentials
import Localization
import QueueCore
import QueueStore

/// The desk's sign-in page as a value: pick your name, type your PIN, the check's answer, the
/// keypad lock (whose rule is `KeypadLockPolicy`'s). `handle` returns what `SignInModel` must do
/// (read the staff list, check the PIN off the main thread, record the try, the unlock timer).
/// The typed PIN lives here until it is checked, as `PinDigits`, which never shows it.
public struct SignInFlow: ScreenFlow {
    public enum Phase: Equatable, Sendable {
        case choosing
        case enteringPin(StaffMember)
        case checking(StaffMember)
        /// Too many wrong PINs: no key works until then.
        case locked(until: Date)
    }

    public enum Timer: Hashable, Sendable {
        /// Opens the keypad again when its lock ends.
        case unlock
    }

    /// Who may sign in (active, with a PIN) and the keypad's stored lock.
    public struct StaffReading: Equatable, Sendable {
        public var members: [StaffMember]
        public var lock: KeypadLock

        public init(members: [StaffMember], lock: KeypadLock) {
            self.members = members
            self.lock = lock
        }
    }

    /// A check's answer: whether the PIN matched the stored hash, and the keypad's lock as
    /// stored before this try.
    public struct PinCheck: Equatable, Sendable {
        public var right: Bool
        public var lock: KeypadLock

        public init(right: Bool, lock: KeypadLock) {
            self.right = right
            self.lock = lock
        }
    }

    public enum Event: Equatable, Sendable {
        /// The page is shown: who may sign in, and the lock, are read again.
        case shown
        case staffRead(Result<StaffReading, StoreError>, now: Date)
        case chose(StaffMember)
        /// Back to the names.
        case back
        case digit(Int)
        case deleteDigit
        case submit
        case pinChecked(Result<PinCheck, StoreError>, now: Date)
        /// The store's answer to `.recordTry` (nil: recorded).
        case tryRecorded(failure: StoreError?, now: Date)
        case timerFired(Timer)
    }

    public enum Effect: Equatable, Sendable {
        case startTimer(Timer, after: Duration)
        case cancelTimer(Timer)
        /// Reads the active staff who have a PIN, and `desk`'s keypad lock; answer `.staffRead`.
        case readStaff(desk: DeskNumber)
        /// Reads `desk`'s lock and checks `pin` against the member's stored hash, off the main
        /// thread (a yescrypt hash takes tens of milliseconds on purpose); answer `.pinChecked`.
        case checkPin(PinDigits, of: StaffID, desk: DeskNumber)
        /// Stores `desk`'s lock after a try (a lock outlives a restart); answer `.tryRecorded`.
        case recordTry(KeypadLock, desk: DeskNumber)
        /// The PIN was right: the desk opens for `member`.
        case signedIn(StaffMember)
    }

    public let desk: DeskNumber
    // Settable inside the module so a flow test can write the whole state it expects.
    public internal(set) var staff: [StaffMember] = []
    public internal(set) var phase: Phase = .choosing
    /// What is typed; the page shows `pin.count` dots.
    public internal(set) var pin = PinDigits()
    /// Why the last try gave nothing ("Wrong PIN, 3 tries left.").
    public internal(set) var message: String?
    /// A checked try being recorded: whether it was right, and the lock stored for it.
    public internal(set) var recording: PinCheck?

    public init(desk: DeskNumber) {
        self.desk = desk
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .shown:
            return [.readStaff(desk: desk)]
        case .staffRead(.success(let reading), let now):
            staff = reading.members
            return apply(reading.lock, at: now)
        case .staffRead(.failure(let error), _):
            message = localized("The staff list could not be read: %s", "\(error)")
            return []
        case .chose(let member):
            guard case .choosing = phase, staff.contains(member) else { return [] }
            pin = PinDigits()
            message = nil
            phase = .enteringPin(member)
            return []
        case .back:
            guard case .enteringPin = phase else { return [] }
            pin = PinDigits()
            phase = .choosing
            return []
        case .digit(let digit):
            guard case .enteringPin = phase else { return [] }
            pin.append(digit)
            return []
        case .deleteDigit:
            guard case .enteringPin = phase else { return [] }
            pin.removeLast()
            return []
        case .submit:
            guard case .enteringPin(let member) = phase, pin.isLongEnough else { return [] }
            let typed = pin
            pin = PinDigits()
            phase = .checking(member)
            return [.checkPin(typed, of: member.id, desk: desk)]
        case .pinChecked(let answer, let now):
            return checked(answer, at: now)
        case .tryRecorded(let failure, let now):
            return recorded(failure: failure, at: now)
        case .timerFired(.unlock):
            guard case .locked = phase else { return [] }
            message = nil
            phase = .choosing
            return []
        }
    }

    private mutating func checked(_ answer: Result<PinCheck, StoreError>, at now: Date) -> [Effect] {
        guard case .checking(let member) = phase else { return [] }
        switch answer {
        case .failure(let error):
            return notChecked(member, error)
        case .success(let check) where KeypadLockPolicy.isLocked(check.lock, at: now):
            // Locked meanwhile (another start of this desk): the try does not count.
            phase = .enteringPin(member)
            return apply(check.lock, at: now)
        case .success(let check):
            let next = check.right ? KeypadLockPolicy.afterRightPin(check.lock)
                : KeypadLockPolicy.afterWrongPin(check.lock, at: now)
            recording = PinCheck(right: check.right, lock: next)
            return [.recordTry(next, desk: desk)]
        }
    }

    private mutating func recorded(failure: StoreError?, at now: Date) -> [Effect] {
        guard case .checking(let member) = phase, let recording else { return [] }
        self.recording = nil
        if let failure { return notChecked(member, failure) }
        if recording.right {
            message = nil
            phase = .choosing
            return [.signedIn(member)]
        }
        phase = .enteringPin(member)
        let effects = apply(recording.lock, at: now)
        if case .enteringPin = phase {
            let left = KeypadLockPolicy.triesLeft(recording.lock)
            message = localizedPlural("Wrong PIN. %d try left before the keypad locks.",
                                      "Wrong PIN. %d tries left before the keypad locks.", count: left)
        }
        return effects
    }

    private mutating func notChecked(_ member: StaffMember, _ error: StoreError) -> [Effect] {
        phase = .enteringPin(member)
        message = localized("The PIN could not be checked: %s", error.description)
        return []
    }

    /// Shows `lock`: a locked keypad takes no keys and opens again by its timer; an open one
    /// (a lock ran out, or a right PIN elsewhere) goes back to the names if it was locked.
    private mutating func apply(_ lock: KeypadLock, at now: Date) -> [Effect] {
        guard let until = lock.lockedUntil, KeypadLockPolicy.isLocked(lock, at: now) else {
            guard case .locked = phase else { return [] }
            phase = .choosing
            return [.cancelTimer(.unlock)]
        }
        pin = PinDigits()
        phase = .locked(until: until)
        let seconds = Int(until.timeIntervalSince(now).rounded(.up))
        message = localizedPlural("Too many wrong PINs: the keypad is locked for %d second.",
                                  "Too many wrong PINs: the keypad is locked for %d seconds.", count: seconds)
        return [.startTimer(.unlock, after: .seconds(seconds))]
    }
}
