import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// The conformance suite, staff credentials: both stores keep who may sign in, PIN hashes and
/// each member's keypad lock alike. What one handle writes is read through another (a second terminal).
@Suite(.offThePool) struct StaffCredentialsConformance {
    static let hash = "$y$j9T$abcdefghijklmnop$0123456789abcdefghijklmnopqrstuvwxyzABCDE"

    @Test(arguments: StoreFactory.all)
    func staffAreAddedGivenAPinAndRemoved(factory: StoreFactory) throws {
        let handle = try factory.make()
        let store = try #require(staffCredentials(of: handle.store))
        let other = try #require(staffCredentials(of: try handle.reopen()))
        let ada = try store.addStaff(name: "  Ada ", role: .administrator, at: Clock.at(0))
        let bob = try store.addStaff(name: "bob", role: .clerk, at: Clock.at(1))
        #expect(ada.name == "Ada" && bob.id.rawValue == ada.id.rawValue + 1)
        #expect(try handle.store.latestEvent(of: .staffRegistered)?.event.staff == bob.id)
        #expect(throws: StoreError.conflict("There is already a staff member called Ada.")) {
            try store.addStaff(name: "Ada", role: .clerk, at: Clock.at(2))
        }
        #expect(throws: StoreError.badInput("A staff member needs a name.")) { try store.addStaff(name: " ", role: .clerk, at: Clock.at(2)) }

        try store.setPinHash(Self.hash, for: ada.id)
        #expect(throws: StoreError.badInput("Only yescrypt hashes are stored, never a PIN.")) { try store.setPinHash("1234", for: bob.id) }
        #expect(try other.pinHash(of: ada.id) == Self.hash)
        #expect(try other.pinHash(of: bob.id) == nil)
        // Sorted by name, case aside.
        #expect(try other.activeStaff() == [StaffRecord(member: ada, hasPin: true), StaffRecord(member: bob, hasPin: false)])

        try store.removeStaff(ada.id)
        #expect(try other.activeStaff() == [StaffRecord(member: bob, hasPin: false)])
        #expect(try other.pinHash(of: ada.id) == nil, "a removed member's hash is gone")
        for change in [{ try store.removeStaff(ada.id) }, { try store.setPinHash(Self.hash, for: ada.id) }] {
            #expect(throws: StoreError.refused(.staffNotFound(ada.id))) { try change() }
        }
        // The name is free again; the history keeps the old id.
        #expect(try store.addStaff(name: "Ada", role: .clerk, at: Clock.at(3)).id.rawValue == bob.id.rawValue + 1)
    }

    /// Format 7: a lock is a member's, read the same through every handle (every desk).
    @Test(arguments: StoreFactory.all)
    func keypadLocksAreKeptPerStaffMember(factory: StoreFactory) throws {
        let handle = try factory.make()
        let store = try #require(staffCredentials(of: handle.store))
        let other = try #require(staffCredentials(of: try handle.reopen()))
        let ada = try store.addStaff(name: "Ada", role: .clerk, at: Clock.at(0))
        let bob = try store.addStaff(name: "Bob", role: .clerk, at: Clock.at(1))
        #expect(try other.keypadLock(of: ada.id) == KeypadLock())
        #expect(try other.keypadLocks().isEmpty)
        let until = Date(timeIntervalSince1970: 1_772_445_600.250)
        try store.setKeypadLock(KeypadLock(failures: 5, lockedUntil: until), of: ada.id)
        #expect(try other.keypadLock(of: ada.id) == KeypadLock(failures: 5, lockedUntil: until))
        #expect(try other.keypadLock(of: bob.id) == KeypadLock(), "Ada's wrong PINs are hers alone")
        try store.setKeypadLock(KeypadLock(failures: 1), of: bob.id)
        #expect(try other.keypadLocks() == [ada.id: KeypadLock(failures: 5, lockedUntil: until), bob.id: KeypadLock(failures: 1)])
        try store.setKeypadLock(KeypadLock(), of: ada.id)
        #expect(try other.keypadLock(of: ada.id) == KeypadLock())
        #expect(throws: StoreError.self, "a lock names a staff member who exists") {
            try store.setKeypadLock(KeypadLock(failures: 1), of: StaffID(rawValue: 99))
        }
    }
}
