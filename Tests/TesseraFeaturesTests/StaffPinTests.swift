import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// PINs are slow salted yescrypt hashes, found nowhere else; five wrong PINs lock the member who
/// typed them, at every desk, and nobody else.
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

    /// Five wrong PINs typed for `member` on `signIn`'s keypad, each refused.
    private func fiveWrongPins(for member: StaffMember, on signIn: SignInModel) async {
        signIn.choose(member)
        for _ in 1...5 {
            for digit in [1, 1, 1, 1] { signIn.press(digit: digit) }
            #expect(await signIn.submit() == false)
        }
    }

    private func type(_ pin: String, on signIn: SignInModel) {
        for character in pin { signIn.press(digit: Int(String(character))!) }
    }

    @Test func fiveWrongPinsForOneMemberLeaveAnotherAbleToSignIn() async throws {
        let credentials = try open()
        let ada = try ada(credentials)
        let bob = try credentials.addStaff(name: "Bob", role: .clerk, at: time.now())
        try credentials.setPinHash(try PinHash.make("80264153"), for: bob.id)
        let signIn = SignInModel(desk: 1, credentials: credentials, time: time)
        var signedIn: StaffMember?
        signIn.onSignedIn = { signedIn = $0 }
        await signIn.load()
        await fiveWrongPins(for: ada, on: signIn)
        guard case .locked(ada, _) = signIn.phase else { Issue.record("Ada is not locked: \(signIn.phase)"); return }
        #expect(signIn.message == "Locked for 0:30 after 5 wrong PINs. Anyone else can still sign in here.")
        time.advance(by: .seconds(1))
        #expect(signIn.message == "Locked for 0:29 after 5 wrong PINs. Anyone else can still sign in here.",
                "the countdown ticks")

        signIn.back()
        signIn.choose(bob)
        #expect(signIn.phase == .enteringPin(bob), "Bob's keypad is open while Ada's is locked")
        type("80264153", on: signIn)
        #expect(await signIn.submit())
        #expect(signedIn == bob)
        // As the database has it, through a store opened again (another desk's).
        let reopened = try open()
        #expect(try reopened.keypadLock(of: ada.id).lockedUntil == time.now().addingTimeInterval(29))
        #expect(try reopened.keypadLock(of: bob.id) == KeypadLock())
        let otherDesk = SignInModel(desk: 2, credentials: reopened, time: time)
        await otherDesk.load()
        otherDesk.choose(ada)
        guard case .locked(ada, _) = otherDesk.phase else { Issue.record("Ada signs in at desk 2"); return }
    }

    @Test func fiveWrongPinsLockTheMemberAndARestartKeepsThemLocked() async throws {
        let credentials = try open()
        let member = try ada(credentials)
        let signIn = SignInModel(desk: 1, credentials: credentials, time: time)
        await signIn.load()
        #expect(signIn.staff == [member])
        await fiveWrongPins(for: member, on: signIn)
        guard case .locked = signIn.phase else { Issue.record("not locked: \(signIn.phase)"); return }
        signIn.press(digit: 1)
        #expect(signIn.digitCount == 0, "a locked keypad takes no digits")

        let restarted = SignInModel(desk: 1, credentials: try open(), time: time)
        await restarted.load()
        restarted.choose(member)
        guard case .locked = restarted.phase else { Issue.record("a restart unlocked Ada"); return }
        time.advance(by: .seconds(30))
        #expect(restarted.phase == .enteringPin(member))
        var signedIn: StaffMember?
        restarted.onSignedIn = { signedIn = $0 }
        type(pin, on: restarted)
        #expect(await restarted.submit())
        #expect(signedIn == member)
        #expect(try credentials.keypadLock(of: member.id) == KeypadLock(), "a right PIN clears the count")
    }

    @Test func aLockedMemberIsLetInToTheMillisecondTheirLockEnds() async throws {
        let credentials = try open()
        let member = try ada(credentials)
        let lock = KeypadLock(failures: 5, lockedUntil: time.now().addingTimeInterval(30))
        try credentials.setKeypadLock(lock, of: member.id)
        let signIn = SignInModel(desk: 1, credentials: credentials, time: time)
        await signIn.load()
        signIn.choose(member)
        var expected = SignInFlow(desk: 1)
        expected.staff = [member]
        expected.locks = [member.id: lock]
        expected.phase = .locked(member, until: try #require(lock.lockedUntil))
        expected.message = "Locked for 0:30 after 5 wrong PINs. Anyone else can still sign in here."
        #expect(signIn.flow == expected)
        time.advance(by: .milliseconds(29_999))
        expected.message = "Locked for 0:01 after 5 wrong PINs. Anyone else can still sign in here."
        #expect(signIn.flow == expected)
        time.advance(by: .milliseconds(1))
        expected.phase = .enteringPin(member)
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
