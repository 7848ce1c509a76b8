/// One change of a store's schema: what it does, the storage format it leaves the database in
/// (docs/storage-format.md), its SQL steps, and how foreign keys are enforced while they run.
/// Each store lists its migrations in order (`Migrations.all`, `PostgresSchema.migrations`) and
/// records the format of the last one that ran; opening a database runs those after its format.
///
/// A shipped migration is never edited, only followed by a new one: a database upgraded by
/// the old text must end up with the same schema as one upgraded by the new.
struct Migration: Sendable {
    enum ForeignKeys: Sendable, Equatable {
        /// Every statement is checked as it runs. The default: a step that breaks a reference
        /// fails at that statement.
        case enforced
        /// Off while the steps run, then `PRAGMA foreign_key_check` must find nothing before the
        /// commit. Only for a step that rebuilds a table other tables refer to: dropping the
        /// old table with foreign keys on would fail, or delete references
        /// (https://www.sqlite.org/lang_altertable.html#otheralter). SQLite only.
        case offUntilChecked
    }

    /// The storage format this migration produces; also its key.
    let format: Int64
    /// What the migration does, for people (docs/storage-format.md lists the migrations by it).
    let name: String
    let foreignKeys: ForeignKeys
    let steps: [String]

    init(format: Int64, _ name: String, foreignKeys: ForeignKeys = .enforced, steps: [String]) {
        self.format = format
        self.name = name
        self.foreignKeys = foreignKeys
        self.steps = steps
    }
}

extension [Migration] {
    var latestFormat: Int64 { last?.format ?? 0 }

    /// The migrations still to run on a database at `format`, in order.
    func after(_ format: Int64) -> [Migration] {
        filter { $0.format > format }
    }
}
