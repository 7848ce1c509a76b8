import FoundationEssentials
import Localization
import QueueCore
import QueueStore

/// The desk's sign-in page as a value: pick your name, type your PIN, the check's answer, and
/// each member's keypad lock (whose rule is `KeypadLockPolicy`'s): one member's wrong PINs lock
/// only that member, so a colleague still signs in at the same desk. `handle` returns what
/// `SignInModel` must do (read the staff list, check the PIN off the main thread, record the
/// try, the countdown's timer). The typed PIN lives here until it is checked, as `PinDigits`,
/// which never shows it. One message at a time: each new one replaces the last.
public struct SignInFlow: ScreenFlow {
    public enum Phase: Equatable, Sendable {
        case choosing
        case enteringPin(StaffMember)
        case checking(StaffMember)
        /// Too many wrong PINs by this member: their keypad takes no digit until then, and the
        /// message counts down; Back leads to the names, where anybody else may sign in.
        case locked(StaffMember, until: Date)
    }

    public enum Timer: Hashable, Sendable {
        /// Fires each time the countdown's whole seconds change, and when the lock ends.
        case countdown
    }

    /// Who may sign in (active, with a PIN) and their stored locks (a member without one has none).
    public struct StaffReading: Equatable, Sendable {
        public var members: [StaffMember]
        public var locks: [StaffID: KeypadLock]

        public init(members: [StaffMember], locks: [StaffID: KeypadLock] = [:]) {
            self.members = members
            self.locks = locks
        }
    }

    /// A check's answer: whether the PIN matched the stored hash, and the member's lock as
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
        /// The page is shown: who may sign in, and their locks, are read again.
        case shown
        case staffRead(Result<StaffReading, StoreError>, now: Date)
        case chose(StaffMember, now: Date)
        /// Back to the names.
        case back
        case digit(Int)
        case deleteDigit
        case submit
        case pinChecked(Result<PinCheck, StoreError>, now: Date)
        /// The store's answer to `.recordTry` (nil: recorded).
        case tryRecorded(failure: StoreError?, now: Date)
        case timerFired(Timer, now: Date)
    }

    public enum Effect: Equatable, Sendable {
        case startTimer(Timer, after: Duration)
        case cancelTimer(Timer)
        /// Reads the active staff who have a PIN, and their keypad locks; answer `.staffRead`.
        case readStaff
        /// Reads the member's lock and checks `pin` against their stored hash, off the main
        /// thread (a yescrypt hash takes tens of milliseconds on purpose); answer `.pinChecked`.
        case checkPin(PinDigits, of: StaffID)
        /// Stores the member's lock after a try (a lock outlives a restart and holds at every
        /// desk); answer `.tryRecorded`.
        case recordTry(KeypadLock, of: StaffID)
        /// The PIN was right: the desk opens for `member`.
        case signedIn(StaffMember)
    }

    public let desk: DeskNumber
    // Settable inside the module so a flow test can write the whole state it expects.
    public internal(set) var staff: [StaffMember] = []
    /// Each member's lock as last read or recorded here; the check reads it again.
    public internal(set) var locks: [StaffID: KeypadLock] = [:]
    public internal(set) var phase: Phase = .choosing
    /// What is typed; the page shows `pin.count` dots.
    public internal(set) var pin = PinDigits()
    /// The one message the page shows ("Wrong PIN. 3 tries left…", the lock's countdown).
    public internal(set) var message: String?
    /// A checked try being recorded: whether it was right, and the lock stored for it.
    public internal(set) var recording: PinCheck?

    public init(desk: DeskNumber) {
        self.desk = desk
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .shown:
            return [.readStaff]
        case .staffRead(.success(let reading), let now):
            staff = reading.members
            locks = reading.locks
            switch phase {
            case .enteringPin(let member), .locked(let member, _): return apply(lock(of: member), to: member, at: now)
            case .choosing, .checking: return []
            }
        case .staffRead(.failure(let error), _):
            message = localized("The staff list could not be read: %s", "\(error)")
            return []
        case .chose(let member, let now):
            guard case .choosing = phase, staff.contains(member) else { return [] }
            pin = PinDigits()
            message = nil
            phase = .enteringPin(member)
            return apply(lock(of: member), to: member, at: now)
        case .back:
            let wasLocked = if case .locked = phase { true } else { false }
            guard wasLocked || isEnteringPin else { return [] }
            pin = PinDigits()
            message = nil
            phase = .choosing
            return wasLocked ? [.cancelTimer(.countdown)] : []
        case .digit(let digit):
            guard isEnteringPin else { return [] }
            pin.append(digit)
            return []
        case .deleteDigit:
            guard isEnteringPin else { return [] }
            pin.removeLast()
            return []
        case .submit:
            guard case .enteringPin(let member) = phase else { return [] }
            guard pin.isLongEnough else {
                message = localized("A PIN has at least 4 digits.")
                return []
            }
            let typed = pin
            pin = PinDigits()
            phase = .checking(member)
            return [.checkPin(typed, of: member.id)]
        case .pinChecked(let answer, let now):
            return checked(answer, at: now)
        case .tryRecorded(let failure, let now):
            return recorded(failure: failure, at: now)
        case .timerFired(.countdown, let now):
            guard case .locked(let member, _) = phase else { return [] }
            return apply(lock(of: member), to: member, at: now)
        }
    }

    private var isEnteringPin: Bool { if case .enteringPin = phase { true } else { false } }

    private func lock(of member: StaffMember) -> KeypadLock { locks[member.id] ?? KeypadLock() }

    private mutating func checked(_ answer: Result<PinCheck, StoreError>, at now: Date) -> [Effect] {
        guard case .checking(let member) = phase else { return [] }
        switch answer {
        case .failure(let error):
            return notChecked(member, error)
        case .success(let check) where KeypadLockPolicy.isLocked(check.lock, at: now):
            // Locked meanwhile (at another desk, or another start of this one): the try does not count.
            locks[member.id] = check.lock
            phase = .enteringPin(member)
            return apply(check.lock, to: member, at: now)
        case .success(let check):
            let next = check.right ? KeypadLockPolicy.afterRightPin(check.lock)
                : KeypadLockPolicy.afterWrongPin(check.lock, at: now)
            recording = PinCheck(right: check.right, lock: next)
            return [.recordTry(next, of: member.id)]
        }
    }

    private mutating func recorded(failure: StoreError?, at now: Date) -> [Effect] {
        guard case .checking(let member) = phase, let recording else { return [] }
        self.recording = nil
        if let failure { return notChecked(member, failure) }
        locks[member.id] = recording.lock
        if recording.right {
            message = nil
            phase = .choosing
            return [.signedIn(member)]
        }
        phase = .enteringPin(member)
        let effects = apply(recording.lock, to: member, at: now)
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

    /// Shows `member`'s `lock` while their keypad is up: a locked member's keypad takes no
    /// digit and counts down, its timer firing whenever the whole seconds left change; once
    /// the lock has ended (by the clock, or a right PIN elsewhere) the keypad takes digits.
    private mutating func apply(_ lock: KeypadLock, to member: StaffMember, at now: Date) -> [Effect] {
        guard let until = lock.lockedUntil, let left = LockCountdown(until: until, now: now) else {
            guard case .locked = phase else { return [] }
            message = nil
            phase = .enteringPin(member)
            return [.cancelTimer(.countdown)]
        }
        pin = PinDigits()
        phase = .locked(member, until: until)
        message = left.message(failures: lock.failures)
        return [.startTimer(.countdown, after: left.untilNextChange)]
    }
}
