import FoundationEssentials
import Localization
import QueueCore
import QueueStore

/// The desk's sign-in page without a display: pick your name, type your PIN on the keypad.
/// The PIN lives only here until it is checked (never shown, stored or logged); the check runs
/// off the main thread because a yescrypt hash takes tens of milliseconds on purpose.
@MainActor public final class SignInModel {
    public enum Phase: Equatable, Sendable {
        case choosing
        case enteringPin(StaffMember)
        case checking(StaffMember)
        /// Too many wrong PINs: no key works until then.
        case locked(until: Date)
    }

    public private(set) var staff: [StaffMember] = [] { didSet { if staff != oldValue { onChange?() } } }
    public private(set) var phase: Phase = .choosing { didSet { if phase != oldValue { onChange?() } } }
    /// How many digits are typed (the page shows dots).
    public private(set) var digitCount = 0 { didSet { if digitCount != oldValue { onChange?() } } }
    /// Why the last try gave nothing ("Wrong PIN, 3 tries left.").
    public private(set) var message: String? { didSet { if message != oldValue { onChange?() } } }
    public var onChange: (@MainActor () -> Void)?
    /// Called with the member once their PIN was right.
    public var onSignedIn: (@MainActor (StaffMember) async -> Void)?

    private let desk: DeskNumber
    private let credentials: any StaffCredentials
    private let time: any TimeSource
    private var pin: [Character] = []
    private var unlockTimer: (any ScheduledAction)?

    public init(desk: DeskNumber, credentials: any StaffCredentials, time: any TimeSource) {
        self.desk = desk
        self.credentials = credentials
        self.time = time
    }

    /// Reads who may sign in and whether the keypad is locked (a lock outlives a restart).
    public func load() async {
        let (credentials, desk) = (credentials, desk)
        let read = await Blocking.run {
            Result { (try credentials.activeStaff().filter(\.hasPin).map(\.member), try credentials.keypadLock(desk: desk)) }
        }
        switch read {
        case .success(let (members, lock)):
            staff = members
            apply(lock)
        case .failure(let error):
            message = localized("The staff list could not be read: %s", "\(error)")
        }
    }

    public func choose(_ member: StaffMember) {
        guard case .choosing = phase, staff.contains(member) else { return }
        clearPin()
        message = nil
        phase = .enteringPin(member)
    }

    /// Back to the names.
    public func back() {
        guard case .enteringPin = phase else { return }
        clearPin()
        phase = .choosing
    }

    public func press(digit: Int) {
        guard case .enteringPin = phase, (0...9).contains(digit), pin.count < 8 else { return }
        pin.append(Character(String(digit)))
        digitCount = pin.count
    }

    public func deleteDigit() {
        guard case .enteringPin = phase, !pin.isEmpty else { return }
        pin.removeLast()
        digitCount = pin.count
    }

    /// Checks the typed PIN. Returns whether the member was signed in.
    @discardableResult
    public func submit() async -> Bool {
        guard case .enteringPin(let member) = phase, pin.count >= 4 else { return false }
        let typed = String(pin)
        clearPin()
        phase = .checking(member)
        let (credentials, desk, now) = (credentials, desk, time.now())
        let outcome = await Blocking.run { () -> Result<(Bool, KeypadLock), StoreError> in
            do throws(StoreError) {
                let lock = try credentials.keypadLock(desk: desk)
                if let until = lock.lockedUntil, until > now { return .success((false, lock)) }
                let right = try credentials.pinHash(of: member.id).map { PinHash.verify(typed, against: $0) } ?? false
                let next = right ? KeypadLock() : KeypadLockPolicy.afterWrongPin(lock, at: now)
                try credentials.setKeypadLock(next, desk: desk)
                return .success((right, next))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success((true, _)):
            message = nil
            phase = .choosing
            await onSignedIn?(member)
            return true
        case .success((false, let lock)):
            phase = .enteringPin(member)
            apply(lock)
            if case .enteringPin = phase {
                let left = KeypadLockPolicy.triesLeft(lock)
                message = localizedPlural("Wrong PIN. %d try left before the keypad locks.",
                                          "Wrong PIN. %d tries left before the keypad locks.", count: left)
            }
            return false
        case .failure(let error):
            phase = .enteringPin(member)
            message = localized("The PIN could not be checked: %s", error.description)
            return false
        }
    }

    private func apply(_ lock: KeypadLock) {
        unlockTimer?.cancel()
        unlockTimer = nil
        guard let until = lock.lockedUntil, until > time.now() else {
            if case .locked = phase { phase = .choosing }
            return
        }
        clearPin()
        phase = .locked(until: until)
        let seconds = Int(until.timeIntervalSince(time.now()).rounded(.up))
        message = localizedPlural("Too many wrong PINs: the keypad is locked for %d second.",
                                  "Too many wrong PINs: the keypad is locked for %d seconds.", count: seconds)
        unlockTimer = time.schedule(after: .seconds(seconds)) { [weak self] in
            guard let self, case .locked = phase else { return }
            message = nil
            phase = .choosing
        }
    }

    private func clearPin() {
        pin.removeAll()
        digitCount = 0
    }
}
