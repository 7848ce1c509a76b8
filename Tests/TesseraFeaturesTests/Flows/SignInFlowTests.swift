import Foundation
import QueueCore
import QueueStore
import Testing
@testable import TesseraFeatures

/// The sign-in page's rules as values: after every event, the exact effects and the whole state.
/// The lock's arithmetic is `KeypadLockPolicy`'s; these tests check the page follows it.
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

    /// The page with Ada and Grace listed, the keypad open, `typed` entered for Ada.
    private func entering(_ typed: [Int] = []) -> SignInFlow {
        var flow = SignInFlow(desk: 1)
        _ = flow.handle(.staffRead(.success(.init(members: [Self.ada, Self.grace], lock: KeypadLock())), now: Self.now))
        _ = flow.handle(.chose(Self.ada))
        for digit in typed { _ = flow.handle(.digit(digit)) }
        return flow
    }

    /// `entering` after submitting 1111: the check is running.
    private func checking() -> SignInFlow {
        var flow = entering([1, 1, 1, 1])
        _ = flow.handle(.submit)
        return flow
    }

    @Test func theStaffListAndTheLockAreReadWhenThePageIsShown() {
        var flow = SignInFlow(desk: 3)
        send(&flow, .shown, [.readStaff(desk: 3)])
        send(&flow, .staffRead(.success(.init(members: [Self.ada], lock: KeypadLock(failures: 2))), now: Self.now), []) {
            $0.staff = [Self.ada]
        }
        send(&flow, .staffRead(.failure(.badInput("no table")), now: Self.now), []) {
            $0.message = "The staff list could not be read: no table"
        }
    }

    @Test func onlyAListedMemberCanBeChosenAndOnlyFromTheNames() {
        var flow = SignInFlow(desk: 1)
        _ = flow.handle(.staffRead(.success(.init(members: [Self.ada], lock: KeypadLock())), now: Self.now))
        send(&flow, .chose(Self.grace), [], "not listed")
        send(&flow, .chose(Self.ada), []) { $0.phase = .enteringPin(Self.ada) }
        send(&flow, .chose(Self.ada), [], "already typing")
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
        send(&flow, .submit, [], "three digits")
        _ = flow.handle(.digit(1))
        send(&flow, .submit, [.checkPin(Self.digits([3, 9, 5, 1]), of: 1, desk: 1)]) {
            $0.pin = PinDigits()
            $0.phase = .checking(Self.ada)
        }
        send(&flow, .submit, [], "one check at a time")
        send(&flow, .digit(2), [], "no typing while checking")
    }

    @Test func aRightPinClearsTheLockThenSignsIn() {
        var flow = checking()
        send(&flow, .pinChecked(.success(.init(right: true, lock: KeypadLock(failures: 3))), now: Self.now),
             [.recordTry(KeypadLock(), desk: 1)]) {
            $0.recording = .init(right: true, lock: KeypadLock())
        }
        send(&flow, .tryRecorded(failure: nil, now: Self.now), [.signedIn(Self.ada)]) {
            $0.recording = nil
            $0.phase = .choosing
        }
    }

    @Test func aWrongPinIsRecordedAndSaysHowManyTriesAreLeft() {
        var flow = checking()
        send(&flow, .pinChecked(.success(.init(right: false, lock: KeypadLock(failures: 1))), now: Self.now),
             [.recordTry(KeypadLock(failures: 2), desk: 1)]) {
            $0.recording = .init(right: false, lock: KeypadLock(failures: 2))
        }
        send(&flow, .tryRecorded(failure: nil, now: Self.now), []) {
            $0.recording = nil
            $0.phase = .enteringPin(Self.ada)
            $0.message = "Wrong PIN. 3 tries left before the keypad locks."
        }
    }

    @Test func theFifthWrongPinLocksTheKeypadUntilItsTimerOpensIt() {
        var flow = checking()
        let until = Self.now.addingTimeInterval(30)
        _ = flow.handle(.pinChecked(.success(.init(right: false, lock: KeypadLock(failures: 4))), now: Self.now))
        send(&flow, .tryRecorded(failure: nil, now: Self.now), [.startTimer(.unlock, after: .seconds(30))]) {
            $0.recording = nil
            $0.phase = .locked(until: until)
            $0.message = "Too many wrong PINs: the keypad is locked for 30 seconds."
        }
        send(&flow, .chose(Self.ada), [], "a locked keypad takes no name")
        send(&flow, .digit(1), [], "nor a digit")
        send(&flow, .timerFired(.unlock), []) {
            $0.phase = .choosing
            $0.message = nil
        }
        send(&flow, .timerFired(.unlock), [], "a late timer changes nothing")
    }

    @Test func aLockReadAtStartLocksForWhatIsLeftRoundedUpAndAnEndedOneOpens() {
        var flow = entering([1, 2])
        let until = Self.now.addingTimeInterval(12.3)
        send(&flow, .staffRead(.success(.init(members: [Self.ada], lock: KeypadLock(failures: 5, lockedUntil: until))), now: Self.now),
             [.startTimer(.unlock, after: .seconds(13))]) {
            $0.staff = [Self.ada]
            $0.pin = PinDigits()
            $0.phase = .locked(until: until)
            $0.message = "Too many wrong PINs: the keypad is locked for 13 seconds."
        }
        send(&flow, .staffRead(.success(.init(members: [Self.ada], lock: KeypadLock(failures: 5, lockedUntil: until))), now: until),
             [.cancelTimer(.unlock)], "ended: back to the names") {
            $0.phase = .choosing
        }
    }

    @Test func aKeypadLockedMeanwhileDoesNotCountTheTry() {
        var flow = checking()
        let until = Self.now.addingTimeInterval(60)
        send(&flow, .pinChecked(.success(.init(right: true, lock: KeypadLock(failures: 6, lockedUntil: until))), now: Self.now),
             [.startTimer(.unlock, after: .seconds(60))], "no try is recorded, right or not") {
            $0.phase = .locked(until: until)
            $0.message = "Too many wrong PINs: the keypad is locked for 60 seconds."
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
