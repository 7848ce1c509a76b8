import QueueCore

/// What one connection decoded, by the stored text it came from (`PostgresConnection.decoded`).
/// `JSONDecoder` was the largest part of a call-next's cost (Benchmarks/README.md, pg_call_next),
/// and most rows a transaction reads were read before: the configuration,
/// the staff, a desk back to idle (its row alternates between a few texts), the desk this
/// connection wrote itself. (Tickets are columns, read without JSON: `TicketRow`.)
struct DecodedRows {
    var configuration: (text: String, value: StoreConfiguration)?
    var desks = BoundedMap<String, Desk>(limit: 256)
    /// The other way: a desk's text by its value, for writing (a desk back to idle is written
    /// as the text it had before, so `JSONEncoder` runs only for a desk this connection has
    /// not written or read in that state).
    var deskTexts = BoundedMap<Desk, String>(limit: 256)
    var staff = BoundedMap<String, StaffMember>(limit: 256)
}

/// A map of what a row's text decodes to (or a value's text) that stays true forever (a text
/// always decodes to the same value), so an entry left by a transaction that rolled back does no
/// harm; it is emptied when it reaches its limit, which bounds its memory.
struct BoundedMap<Key: Hashable, Value> {
    private var entries: [Key: Value] = [:]
    let limit: Int

    init(limit: Int) { self.limit = limit }

    subscript(key: Key) -> Value? { entries[key] }

    mutating func remember(_ value: Value, for key: Key) {
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[key] = value
    }
}
