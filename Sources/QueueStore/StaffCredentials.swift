import FoundationEssentials
import QueueCore

/// Who may sign in at a desk and with which PIN hash, and each member's keypad lock. Kept beside the
/// queue (the same database) but outside the event log: a PIN hash is not queue history.
/// Hashing is the caller's (the app hashes with libcrypt); a store only keeps `$y$` hashes.
public protocol StaffCredentials: Sendable {
    /// Staff who may sign in (not removed), by name.
    func activeStaff() throws(StoreError) -> [StaffRecord]
    /// Adds a staff member (a `registerStaff` event, so the history can name them, attributed
    /// to `by`, the administrator who added them, when given) who may sign in once a PIN is set.
    /// With `pinHash` the credentials row is written with it in one statement: the member is
    /// never listed without the PIN given. Refused (`.conflict`) when an active member has the
    /// name, in either case (`StaffMember.sameName`).
    func addStaff(name: String, role: StaffRole, pinHash: String?, by: StaffID?, at time: Date) throws(StoreError) -> StaffMember
    /// Sets (or with nil clears) an active member's PIN hash. Refuses anything but `$y$` hashes.
    func setPinHash(_ hash: String?, for staff: StaffID) throws(StoreError)
    /// The member can no longer sign in; their events keep naming them.
    func removeStaff(_ staff: StaffID) throws(StoreError)
    /// The stored hash of an active member's PIN.
    func pinHash(of staff: StaffID) throws(StoreError) -> String?
    /// A member's keypad lock (format 7: a member's, wherever they type; before, a desk's).
    func keypadLock(of staff: StaffID) throws(StoreError) -> KeypadLock
    /// Every member's lock that has a row; a member without one has none.
    func keypadLocks() throws(StoreError) -> [StaffID: KeypadLock]
    func setKeypadLock(_ lock: KeypadLock, of staff: StaffID) throws(StoreError)
}

/// A staff member as the sign-in page lists them.
public struct StaffRecord: Hashable, Sendable {
    public var member: StaffMember
    public var hasPin: Bool

    public init(member: StaffMember, hasPin: Bool) {
        self.member = member
        self.hasPin = hasPin
    }
}

/// Wrong PINs in a row by one staff member, and until when their sign-in is locked.
public struct KeypadLock: Hashable, Sendable {
    public var failures: Int
    public var lockedUntil: Date?

    public init(failures: Int = 0, lockedUntil: Date? = nil) {
        self.failures = failures
        self.lockedUntil = lockedUntil
    }
}

/// The credentials kept with `store`, if its kind of store keeps them.
extension StaffCredentials {
    /// A member without a PIN yet, added by nobody in particular (the command line).
    public func addStaff(name: String, role: StaffRole, at time: Date) throws(StoreError) -> StaffMember {
        try addStaff(name: name, role: role, pinHash: nil, by: nil, at: time)
    }
}

public func staffCredentials(of store: any QueueStore) -> (any StaffCredentials)? {
    store as? any StaffCredentials
}
