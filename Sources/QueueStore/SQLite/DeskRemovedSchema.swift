extension Migrations {
    /// Format 8: the event type `deskRemoved` (a format-7 tessera could not read it, so it must
    /// refuse the file rather than stumble on it), and a desk's row deleted when it is removed.
    /// No table changes.
    static let deskRemoved = """
        UPDATE settings SET value = '8' WHERE key = 'format';
        """
}
