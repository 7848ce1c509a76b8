import Foundation
import QueueCore
import QueueStore
import Testing
@testable import TesseraFeatures

/// The sign-in page's rules as values: after every event, the exact effects and the whole state.
/// The lock's arithmetic is `KeypadLockPolicy`'s; these tests check the page follows it, for
/// the member it belongs to.
@Suite struct SignInFlowTests {
    typealias Effect = SignInFlow.Effect

    static let ada = StaffMember(id: 1, name: "Ada")
    static let grace = StaffMember(id: 2, name: "Grace")
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func digits(_ typed: [Int]) -> PinDigits {
        var pin = PinDigits()
        for digit in typed { pin.append(digit) }
        return pin
    }

    /// The page with Ada and Grace listed (with `locks`), the keypad open, `typed` entered for Ada.
    private func entering(_ typed: [Int] = [], locks: [StaffID: KeypadLock] = [:]) -> SignInFlow {
        var flow = SignInFlow(desk: 1)
        _ = flow.handle(.staffRead(.success(.init(members: [Self.ada, Self.grace], locks: locks)), now: Self.now))
        _ = flow.handle(.chose(Self.ada, now: Self.now))
        for digit in typed { _ = flow.handle(.digit(digit)) }
        return flow
    }

    /// `entering` after submitting 1111: the check is running.
    private func checking() -> SignInFlow {
        var flow = entering([1, 1, 1, 1])
        _ = flow.handle(.submit)
        return flow
    }

    @Test func theStaffListAndTheirLocksAreReadWhenThePageIsShown() {
        var flow = SignInFlow(desk: 3)
        send(&flow, .shown, [.readStaff])
        send(&flow, .staffRead(.success(.init(members: [Self.ada], locks: [1: KeypadLock(failures: 2)])), now: Self.now), []) {
            $0.staff = [Self.ada]
            $0.locks = [1: KeypadLock(failures: 2)]
        }
        send(&flow, .staffRead(.failure(.badInput("no table")), now: Self.now), []) {
            $0.message = "The staff list could not be read: no table"
        }
    }

    @Test func onlyAListedMemberCanBeChosenAndOnlyFromTheNames() {
        var flow = SignInFlow(desk: 1)
        _ = flow.handle(.staffRead(.success(.init(members: [Self.ada])), now: Self.now))
        send(&flow, .chose(Self.grace, now: Self.now), [], "not listed")
        send(&flow, .chose(Self.ada, now: Self.now), []) { $0.phase = .enteringPin(Self.ada) }
        send(&flow, .chose(Self.ada, now: Self.now), [], "already typing")
    }

    @Test func theKeypadTakesUpToEightDigitsAndDeleteAndBackForgetThem() {
        var flow = entering()
        send(&flow, .digit(10), [], "not a digit")
        for digit in 1...9 { _ = flow.handle(.digit(digit)) }
        #expect(flow.pin == Self.digits([1, 2, 3, 4, 5, 6, 7, 8]), "the ninth digit is not taken")
        send(&flow, .deleteDigit, []) { $0.pin = Self.digits([1, 2, 3, 4, 5, 6, 7]) }
        send(&flow, .back, []) {
            $0.pin = PinDigits()
            $0.phase = .choosing
        }
        send(&flow, .digit(1), [], "no keypad on the names")
        send(&flow, .deleteDigit, [])
    }

    @Test func submitNeedsFourDigitsAndHandsThePinToTheCheckThenForgetsIt() {
        var flow = entering([3, 9, 5])
        send(&flow, .submit, [], "three digits") { $0.message = "A PIN has at least 4 digits." }
        _ = flow.handle(.digit(1))
        send(&flow, .submit, [.checkPin(Self.digits([3, 9, 5, 1]), of: 1)]) {
            $0.pin = PinDigits()
            $0.phase = .checking(Self.ada)
        }
        send(&flow, .submit, [], "one check at a time")
        send(&flow, .digit(2), [], "no typing while checking")
    }

    @Test func oneMessageAtATimeTheNewestReplacesTheLast() {
        var flow = checking()
        _ = flow.handle(.pinChecked(.success(.init(right: false, lock: KeypadLock())), now: Self.now))
        _ = flow.handle(.tryRecorded(failure: nil, now: Self.now))
        #expect(flow.message == "Wrong PIN. 4 tries left before the keypad locks.")
        _ = flow.handle(.digit(1))
        send(&flow, .submit, [], "a short PIN's message replaces the tries left") {
            $0.message = "A PIN has at least 4 digits."
        }
        send(&flow, .back, [], "the names show no message of Ada's") {
            $0.pin = PinDigits()
            $0.phase = .choosing
            $0.message = nil
        }
    }

    @Test func aRightPinClearsTheLockThenSignsIn() {
        var flow = checking()
        send(&flow, .pinChecked(.success(.init(right: true, lock: KeypadLock(failures: 3))), now: Self.now),
             [.recordTry(KeypadLock(), of: 1)]) {
            $0.recording = .init(right: true, lock: KeypadLock())
        }
        send(&flow, .tryRecorded(failure: nil, now: Self.now), [.signedIn(Self.ada)]) {
            $0.recording = nil
            $0.locks = [1: KeypadLock()]
            $0.phase = .choosing
        }
    }

    @Test func aWrongPinIsRecordedAndSaysHowManyTriesAreLeft() {
        var flow = checking()
        send(&flow, .pinChecked(.success(.init(right: false, lock: KeypadLock(failures: 1))), now: Self.now),
             [.recordTry(KeypadLock(failures: 2), of: 1)]) {
            $0.recording = .init(right: false, lock: KeypadLock(failures: 2))
        }
        send(&flow, .tryRecorded(failure: nil, now: Self.now), []) {
            $0.recording = nil
            $0.locks = [1: KeypadLock(failures: 2)]
            $0.phase = .enteringPin(Self.ada)
            $0.message = "Wrong PIN. 3 tries left before the keypad locks."
        }
    }

    @Test func theFifthWrongPinLocksTheMemberAndCountsDownEverySecondUntilTheKeypadOpens() {
        var flow = checking()
        let until = Self.now.addingTimeInterval(30)
        let lock = KeypadLock(failures: 5, lockedUntil: until)
        _ = flow.handle(.pinChecked(.success(.init(right: false, lock: KeypadLock(failures: 4))), now: Self.now))
        send(&flow, .tryRecorded(failure: nil, now: Self.now), [.startTimer(.countdown, after: .seconds(1))]) {
            $0.recording = nil
            $0.locks = [1: lock]
            $0.phase = .locked(Self.ada, until: until)
            $0.message = "Locked for 0:30 after 5 wrong PINs. Anyone else can still sign in here."
        }
        send(&flow, .digit(1), [], "a locked keypad takes no digit")
        send(&flow, .submit, [], "nor a sign-in")
        send(&flow, .timerFired(.countdown, now: Self.now.addingTimeInterval(1)), [.startTimer(.countdown, after: .seconds(1))]) {
            $0.message = "Locked for 0:29 after 5 wrong PINs. Anyone else can still sign in here."
        }
        send(&flow, .timerFired(.countdown, now: Self.now.addingTimeInterval(29.6)), [.startTimer(.countdown, after: .milliseconds(400))],
             "a late tick shows what is left") {
            $0.message = "Locked for 0:01 after 5 wrong PINs. Anyone else can still sign in here."
        }
        send(&flow, .timerFired(.countdown, now: until), [.cancelTimer(.countdown)], "to the millisecond") {
            $0.phase = .enteringPin(Self.ada)
            $0.message = nil
        }
        send(&flow, .timerFired(.countdown, now: until), [], "a late timer changes nothing")
    }

    @Test func aLockedMemberLeavesTheNamesToEveryoneElse() {
        let until = Self.now.addingTimeInterval(90)
        var flow = entering(locks: [1: KeypadLock(failures: 6, lockedUntil: until)])
        #expect(flow.phase == .locked(Self.ada, until: until))
        #expect(flow.message == "Locked for 1:30 after 6 wrong PINs. Anyone else can still sign in here.")
        send(&flow, .back, [.cancelTimer(.countdown)]) {
            $0.phase = .choosing
            $0.message = nil
        }
        send(&flow, .chose(Self.grace, now: Self.now), [], "Grace is not locked by Ada's PINs") {
            $0.phase = .enteringPin(Self.grace)
        }
        for digit in [2, 4, 6, 8] { _ = flow.handle(.digit(digit)) }
        send(&flow, .submit, [.checkPin(Self.digits([2, 4, 6, 8]), of: 2)]) {
            $0.pin = PinDigits()
            $0.phase = .checking(Self.grace)
        }
    }

    @Test func aLockReadAtStartLocksForWhatIsLeftRoundedUpAndAnEndedOneOpens() {
        var flow = entering([1, 2])
        let until = Self.now.addingTimeInterval(12.3)
        let lock = KeypadLock(failures: 5, lockedUntil: until)
        send(&flow, .staffRead(.success(.init(members: [Self.ada], locks: [1: lock])), now: Self.now),
             [.startTimer(.countdown, after: .milliseconds(300))]) {
            $0.staff = [Self.ada]
            $0.locks = [1: lock]
            $0.pin = PinDigits()
            $0.phase = .locked(Self.ada, until: until)
            $0.message = "Locked for 0:13 after 5 wrong PINs. Anyone else can still sign in here."
        }
        send(&flow, .staffRead(.success(.init(members: [Self.ada], locks: [1: lock])), now: until),
             [.cancelTimer(.countdown)], "ended: the keypad opens") {
            $0.phase = .enteringPin(Self.ada)
            $0.message = nil
        }
    }

    @Test func aKeypadLockedMeanwhileDoesNotCountTheTry() {
        var flow = checking()
        let until = Self.now.addingTimeInterval(60)
        let lock = KeypadLock(failures: 6, lockedUntil: until)
        send(&flow, .pinChecked(.success(.init(right: true, lock: lock)), now: Self.now),
             [.startTimer(.countdown, after: .seconds(1))], "no try is recorded, right or not") {
            $0.locks = [1: lock]
            $0.phase = .locked(Self.ada, until: until)
            $0.message = "Locked for 1:00 after 6 wrong PINs. Anyone else can still sign in here."
        }
    }

    @Test func aCheckOrRecordThatFailsSaysSoAndKeepsTheKeypad() {
        var flow = checking()
        send(&flow, .pinChecked(.failure(.badInput("gone")), now: Self.now), []) {
            $0.phase = .enteringPin(Self.ada)
            $0.message = "The PIN could not be checked: gone"
        }
        var recording = checking()
        _ = recording.handle(.pinChecked(.success(.init(right: true, lock: KeypadLock())), now: Self.now))
        send(&recording, .tryRecorded(failure: .badInput("read-only"), now: Self.now), [], "not signed in") {
            $0.recording = nil
            $0.phase = .enteringPin(Self.ada)
            $0.message = "The PIN could not be checked: read-only"
        }
    }

    @Test func thePinIsInNoDescriptionOfTheFlowOrItsEffects() {
        var flow = entering([3, 9, 5, 1, 7, 2, 4, 6])
        var dumped = ""
        dump(flow, to: &dumped)
        for text in [String(describing: flow), String(reflecting: flow), "\(flow.pin)", dumped] {
            #expect(!text.contains("39517246") && !text.contains("\"3\""), "\(text)")
            #expect(text.contains("[●●●●●●●●]"))
        }
        let effects = flow.handle(.submit)
        #expect(!String(describing: effects).contains("39517246"))
        #expect(String(describing: effects).contains("[●●●●●●●●]"))
    }
}
