extension Migrations {
    /// Part of format 2: the service time of every ticket completed from then on, so the wait estimate
    /// reads a service's last N durations through one index instead of folding events or
    /// decoding tickets. Instants and durations are integer milliseconds (Unix time, UTC).
    /// Tickets completed before the upgrade are not back-filled: until a service has
    /// completions here, its estimate uses the configured default service time.
    static let serviceTimes = """
        CREATE TABLE service_times (
            ticket_id    INTEGER PRIMARY KEY REFERENCES tickets (id),
            -- The service the ticket was completed in (after any transfer).
            service      TEXT    NOT NULL,
            completed_at INTEGER NOT NULL,
            -- Completion − first service start.
            milliseconds INTEGER NOT NULL CHECK (milliseconds >= 0)
        );
        -- Newest first per service; covering, so the estimate reads the index only.
        CREATE INDEX service_times_recent ON service_times (service, completed_at, milliseconds);
        """
}
