extension PostgresSchema {
    /// Format 8, as SQLite's (`Migrations.deskRemoved`): the event type `deskRemoved`; no table
    /// changes.
    static let deskRemoved = """
        UPDATE settings SET value = '8' WHERE key = 'format';
        """
}
