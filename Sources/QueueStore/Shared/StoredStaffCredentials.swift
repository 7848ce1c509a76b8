import FoundationEssentials
import QueueCore

/// `StaffCredentials` for both stores, over their own SQL text.
extension SQLStore {
    public func activeStaff() throws(StoreError) -> [StaffRecord] {
        try withEngine { engine in
            try engine.connection.query(Engine.sql.activeStaff, []) { ($0.text(0), $0.int64(1) != 0) }
                .map { (data, hasPin) throws(StoreError) in
                    StaffRecord(member: try engine.codec.decode(StaffMember.self, data), hasPin: hasPin)
                }
        }.sorted { ($0.member.name.lowercased(), $0.member.id) < ($1.member.name.lowercased(), $1.member.id) }
    }

    /// The next id, then the registration: two terminals adding staff at the same moment would
    /// get the same id, and the second is refused by the credentials row's primary key.
    public func addStaff(name: String, role: StaffRole, pinHash: String?, by: StaffID?, at time: Date) throws(StoreError) -> StaffMember {
        if let pinHash, !pinHash.hasPrefix("$y$") { throw .badInput("Only yescrypt hashes are stored, never a PIN.") }
        let trimmed = String(name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard !trimmed.isEmpty else { throw .badInput("A staff member needs a name.") }
        if let existing = try activeStaff().first(where: { StaffMember.sameName($0.member.name, trimmed) })?.member.name {
            throw .conflict(existing == trimmed ? "There is already a staff member called \(trimmed)."
                : "There is already a staff member called \(existing), and names are the same in either case; choose another.")
        }
        let next = try withEngine { try $0.connection.queryOne(Engine.sql.nextStaffID, []) { $0.int64(0) } ?? 1 }
        let member = StaffMember(id: StaffID(rawValue: Int(next)), name: trimmed, role: role)
        _ = try perform(.registerStaff(member, by: by), at: time)
        try write(Engine.sql.addCredentials, [.integer(next), .text(pinHash)])
        return member
    }

    public func setPinHash(_ hash: String?, for staff: StaffID) throws(StoreError) {
        if let hash, !hash.hasPrefix("$y$") { throw .badInput("Only yescrypt hashes are stored, never a PIN.") }
        if try write(Engine.sql.setPinHash, [.text(hash), .integer(Int64(staff.rawValue))]) == 0 {
            throw .refused(.staffNotFound(staff))
        }
    }

    public func removeStaff(_ staff: StaffID) throws(StoreError) {
        if try write(Engine.sql.removeStaff, [.integer(Int64(staff.rawValue))]) == 0 { throw .refused(.staffNotFound(staff)) }
    }

    public func pinHash(of staff: StaffID) throws(StoreError) -> String? {
        try withEngine { engine in
            try engine.connection.queryOne(Engine.sql.pinHash, [.integer(Int64(staff.rawValue))]) { $0.optionalText(0) } ?? nil
        }
    }

    public func keypadLock(of staff: StaffID) throws(StoreError) -> KeypadLock {
        try withEngine { engine in
            try engine.connection.queryOne(Engine.sql.keypadLock, [.integer(Int64(staff.rawValue))]) {
                KeypadLock(failures: Int($0.int64(0)), lockedUntil: Self.instant($0.optionalInt64(1)))
            } ?? KeypadLock()
        }
    }

    public func keypadLocks() throws(StoreError) -> [StaffID: KeypadLock] {
        let rows = try withEngine { engine in
            try engine.connection.query(Engine.sql.keypadLocks, []) {
                (StaffID(rawValue: Int($0.int64(0))), KeypadLock(failures: Int($0.int64(1)), lockedUntil: Self.instant($0.optionalInt64(2))))
            }
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func setKeypadLock(_ lock: KeypadLock, of staff: StaffID) throws(StoreError) {
        let until = lock.lockedUntil.map { Int64(($0.timeIntervalSince1970 * 1000).rounded(.down)) }
        try write(Engine.sql.setKeypadLock, [.integer(Int64(staff.rawValue)), .integer(Int64(lock.failures)), .integer(until)])
    }

    private static func instant(_ milliseconds: Int64?) -> Date? {
        milliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }
}
