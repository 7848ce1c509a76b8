import Synchronization

/// SQL that commands run every time (the slice's reads, the writer's inserts): declared once
/// as a static constant where it is used, prepared once per connection, and found there by a
/// slot number rather than by hashing its text — a text lookup cost ~800 instructions, and an
/// issue runs six of these.
struct HotStatement: Sendable {
    let sql: String
    /// This statement's index in each connection's table, unique in the process.
    let slot: Int

    private static let slots = Atomic<Int>(0)

    init(_ sql: String) {
        self.sql = sql
        slot = Self.slots.add(1, ordering: .relaxed).oldValue
    }
}
