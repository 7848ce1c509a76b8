import FoundationEssentials
import QueueCore

extension PostgresQueueStore: StaffCredentials {
    public func activeStaff() throws(StoreError) -> [StaffRecord] {
        let rows = try withEngine { engine in
            try engine.connection.query("""
                SELECT s.data, c.pin_hash IS NOT NULL FROM staff s JOIN staff_credentials c ON c.staff = s.id
                WHERE c.active ORDER BY s.id
                """) { ($0.text(0), $0.bool(1)) }
        }
        let codec = RowCodec(file: url.description)
        return try rows.map { (data, hasPin) throws(StoreError) in
            StaffRecord(member: try codec.decode(StaffMember.self, data), hasPin: hasPin)
        }.sorted { ($0.member.name.lowercased(), $0.member.id) < ($1.member.name.lowercased(), $1.member.id) }
    }

    /// As the SQLite store does: the next id, then the registration; two terminals adding
    /// staff at the same moment would get the same id, and the second is refused by the
    /// credentials row's primary key.
    public func addStaff(name: String, role: StaffRole, at time: Date) throws(StoreError) -> StaffMember {
        let trimmed = String(name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard !trimmed.isEmpty else { throw .badInput("A staff member needs a name.") }
        if try activeStaff().contains(where: { $0.member.name == trimmed }) {
            throw .conflict("There is already a staff member called \(trimmed).")
        }
        let next = try withEngine { engine in
            try engine.connection.queryOne("SELECT coalesce(max(id), 0) + 1 FROM staff") { $0.int64(0) } ?? 1
        }
        let member = StaffMember(id: StaffID(rawValue: Int(next)), name: trimmed, role: role)
        _ = try perform(.registerStaff(member), at: time)
        try write("INSERT INTO staff_credentials (staff, pin_hash, active) VALUES ($1, NULL, true)", [.integer(next)])
        return member
    }

    public func setPinHash(_ hash: String?, for staff: StaffID) throws(StoreError) {
        if let hash, !hash.hasPrefix("$y$") { throw .badInput("Only yescrypt hashes are stored, never a PIN.") }
        let changed = try write("UPDATE staff_credentials SET pin_hash = $1 WHERE staff = $2 AND active",
                                [.text(hash), .integer(Int64(staff.rawValue))])
        if changed == 0 { throw .refused(.staffNotFound(staff)) }
    }

    public func removeStaff(_ staff: StaffID) throws(StoreError) {
        let changed = try write("UPDATE staff_credentials SET active = false, pin_hash = NULL WHERE staff = $1 AND active",
                                [.integer(Int64(staff.rawValue))])
        if changed == 0 { throw .refused(.staffNotFound(staff)) }
    }

    public func pinHash(of staff: StaffID) throws(StoreError) -> String? {
        try withEngine { engine in
            try engine.connection.queryOne("SELECT pin_hash FROM staff_credentials WHERE staff = $1 AND active",
                                           [.integer(Int64(staff.rawValue))]) { $0.optionalText(0) } ?? nil
        }
    }

    public func keypadLock(desk: DeskNumber) throws(StoreError) -> KeypadLock {
        try withEngine { engine in
            try engine.connection.queryOne("SELECT failures, locked_until FROM keypad_locks WHERE desk = $1",
                                           [.integer(Int64(desk.rawValue))]) {
                KeypadLock(failures: Int($0.int64(0)),
                           lockedUntil: $0.optionalInt64(1).map { Date(timeIntervalSince1970: Double($0) / 1000) })
            } ?? KeypadLock()
        }
    }

    public func setKeypadLock(_ lock: KeypadLock, desk: DeskNumber) throws(StoreError) {
        let until = PostgresValue.integer(lock.lockedUntil.map { Int64(($0.timeIntervalSince1970 * 1000).rounded(.down)) })
        try write("""
            INSERT INTO keypad_locks (desk, failures, locked_until) VALUES ($1, $2, $3)
            ON CONFLICT (desk) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until
            """, [.integer(Int64(desk.rawValue)), .integer(Int64(lock.failures)), until])
    }

    @discardableResult
    private func write(_ sql: String, _ values: [PostgresValue]) throws(StoreError) -> Int {
        try withEngine { engine in try engine.connection.run(sql, values) }
    }
}
