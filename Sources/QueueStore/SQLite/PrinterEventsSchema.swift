extension Migrations {
    /// Format 4: the event types `printerReported` and `ticketReprintRequested` (a format-3
    /// tessera could not read them, so it must refuse the file rather than stumble on them),
    /// and an index that finds the newest event of a type without scanning the log.
    static let printerEvents = """
        CREATE INDEX events_by_kind ON events (kind, id);

        UPDATE settings SET value = '4' WHERE key = 'format';
        """
}
