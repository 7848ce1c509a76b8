/// A prepared-statement cache's key (both connections keep one): the SQL text, hashed by its
/// length and four 8-byte words of it (from the start, the middle and the end) instead of
/// every byte. Every command looks up several statements, and hashing whole statements (a
/// ticket's column list alone is 250 bytes) costs more than the lookup saves
/// (Benchmarks/README.md). The store's statements differ within those words; equality still
/// compares the whole text (at once when both are the same literal), so two statements that
/// share them only cost a comparison.
struct StatementKey: Hashable {
    let sql: String

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.sql == rhs.sql }

    func hash(into hasher: inout Hasher) {
        let sampled: Void? = sql.utf8.withContiguousStorageIfAvailable { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            hasher.combine(raw.count)
            guard raw.count >= 32 else { return hasher.combine(bytes: raw) }
            for offset in [0, raw.count / 2 - 8, raw.count - 16, raw.count - 8] {
                hasher.combine(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
        }
        if sampled == nil { hasher.combine(sql) }
    }
}
