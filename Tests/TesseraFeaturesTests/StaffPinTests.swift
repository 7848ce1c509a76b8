import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// PINs are slow salted yescrypt hashes, found nowhere else; the keypad locks after five wrong PINs.
@MainActor @Suite(.sharesTheMainThread) struct StaffPinTests {
    let scratch = ScratchDirectory()
    let time = ManualTimeSource()
    // Eight digits that no timestamp or id in a fresh test database contains.
    let pin = "39517246"

    private func open() throws -> any StaffCredentials {
        try #require(staffCredentials(of: try openStore(url: scratch.path("queue.db"))))
    }

    private func ada(_ credentials: any StaffCredentials) throws -> StaffMember {
        let member = try credentials.addStaff(name: "Ada", role: .clerk, at: time.now())
        try credentials.setPinHash(try PinHash.make(pin), for: member.id)
        return member
    }

    @Test func theStoredPinIsAYescryptHashAndThePinIsNowhereInTheDatabase() throws {
        let credentials = try open()
        let member = try ada(credentials)
        let hash = try #require(try credentials.pinHash(of: member.id))
        #expect(hash.hasPrefix("$y$"))
        #expect(PinHash.verify(pin, against: hash))
        #expect(!PinHash.verify("39517247", against: hash))
        #expect(try PinHash.make(pin) != hash, "salted: the same PIN hashes differently each time")
        // Every file of the database (main file, WAL, shared memory), byte for byte.
        var holdingTheHash: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) {
            let bytes = try Data(contentsOf: scratch.url.appendingPathComponent(file))
            #expect(bytes.range(of: Data(pin.utf8)) == nil, "\(file) holds the PIN")
            if bytes.range(of: Data(hash.utf8)) != nil { holdingTheHash.append(file) }
        }
        #expect(!holdingTheHash.isEmpty, "the search reads what was written: the hash is there")
        #expect(throws: StoreError.self) { try credentials.setPinHash(pin, for: member.id) }
    }

    @Test func checkingAPinTakesAtLeastFiftyMilliseconds() throws {
        let hash = try PinHash.make(pin)
        let clock = ContinuousClock()
        let took = clock.measure { _ = PinHash.verify("00000000", against: hash) }
        #expect(took >= .milliseconds(50), "\(took)")
    }

    @Test func malformedHashesNeverMatch() {
        #expect(!PinHash.verify(pin, against: "*0"))
        #expect(!PinHash.verify(pin, against: "$y$broken"))
        #expect(!PinHash.verify(pin, against: ""))
        #expect(throws: PinHash.Failure.notAPin) { try PinHash.make("12a4") }
    }

    @Test func fiveWrongPinsLockTheKeypadAndARestartKeepsItLocked() async throws {
        let credentials = try open()
        let member = try ada(credentials)
        let signIn = SignInModel(desk: 1, credentials: credentials, time: time)
        await signIn.load()
        #expect(signIn.staff == [member])
        for attempt in 1...5 {
            signIn.choose(member)
            if attempt > 1 { signIn.back(); signIn.choose(member) }
            for digit in [1, 1, 1, 1] { signIn.press(digit: digit) }
            #expect(await signIn.submit() == false)
        }
        guard case .locked = signIn.phase else { Issue.record("not locked: \(signIn.phase)"); return }
        signIn.press(digit: 1)
        #expect(signIn.digitCount == 0, "a locked keypad takes no digits")

        let restarted = SignInModel(desk: 1, credentials: try open(), time: time)
        await restarted.load()
        guard case .locked = restarted.phase else { Issue.record("a restart unlocked it"); return }
        time.advance(by: .seconds(31))
        #expect(restarted.phase == .choosing)
        var signedIn: StaffMember?
        restarted.onSignedIn = { signedIn = $0 }
        restarted.choose(member)
        for character in pin { restarted.press(digit: Int(String(character))!) }
        #expect(await restarted.submit())
        #expect(signedIn == member)
        #expect(try credentials.keypadLock(desk: 1) == KeypadLock(), "a right PIN clears the count")
    }

    @Test func aLockedKeypadOpensToTheMillisecondItsLockEnds() async throws {
        let credentials = try open()
        let member = try ada(credentials)
        let until = time.now().addingTimeInterval(30)
        try credentials.setKeypadLock(KeypadLock(failures: 5, lockedUntil: until), desk: 1)
        let signIn = SignInModel(desk: 1, credentials: credentials, time: time)
        await signIn.load()
        var expected = SignInFlow(desk: 1)
        expected.staff = [member]
        expected.phase = .locked(until: until)
        expected.message = "Too many wrong PINs: the keypad is locked for 30 seconds."
        #expect(signIn.flow == expected)
        time.advance(by: .milliseconds(29_999))
        #expect(signIn.flow == expected)
        time.advance(by: .milliseconds(1))
        expected.phase = .choosing
        expected.message = nil
        #expect(signIn.flow == expected)
        #expect(time.pendingTimers == 0)
    }

    @Test func eachWrongPinAfterTheFifthDoublesTheLock() {
        let start = Date(timeIntervalSince1970: 0)
        var lock = KeypadLock()
        for _ in 1...4 { lock = KeypadLockPolicy.afterWrongPin(lock, at: start) }
        #expect(lock.lockedUntil == nil)
        lock = KeypadLockPolicy.afterWrongPin(lock, at: start)
        #expect(lock.lockedUntil == start.addingTimeInterval(30))
        lock = KeypadLockPolicy.afterWrongPin(lock, at: start)
        #expect(lock.lockedUntil == start.addingTimeInterval(60))
        for _ in 1...20 { lock = KeypadLockPolicy.afterWrongPin(lock, at: start) }
        #expect(lock.lockedUntil == start.addingTimeInterval(15 * 60))
    }
}
