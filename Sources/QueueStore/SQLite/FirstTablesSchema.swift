extension Migrations {
    /// Format 1. Queue rules live in QueueCore; the constraints here are the second line of
    /// defence that keeps a bug in any writer from duplicating numbers or double-booking a desk.
    static let firstTables = """
        -- Key/value rows: the store configuration (JSON) and global counters such as the next ticket id.
        CREATE TABLE settings (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE staff (
            id   INTEGER PRIMARY KEY,
            data TEXT NOT NULL
        );

        CREATE TABLE desks (
            number INTEGER PRIMARY KEY,
            data   TEXT NOT NULL
        );

        -- Per (business day, service): QueueCore's DayCounter. Plain columns, not JSON: every
        -- issue reads and writes one of these rows.
        CREATE TABLE counters (
            business_day  TEXT    NOT NULL,
            service       TEXT    NOT NULL,
            next_sequence INTEGER NOT NULL CHECK (next_sequence > 0),
            issued        INTEGER NOT NULL CHECK (issued >= 0),
            -- Arrival keys of the last priority tickets called, oldest first, comma-separated.
            recent_priority_arrivals TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (business_day, service)
        ) WITHOUT ROWID;

        -- One row per ticket: the indexed columns the store queries, and the full ticket as JSON.
        CREATE TABLE tickets (
            id           INTEGER PRIMARY KEY,
            business_day   TEXT    NOT NULL,
            issued_service TEXT    NOT NULL,
            sequence       INTEGER NOT NULL CHECK (sequence > 0),
            service        TEXT    NOT NULL,
            number         INTEGER NOT NULL,
            code           TEXT    NOT NULL,
            priority       TEXT    NOT NULL,
            state          TEXT    NOT NULL CHECK (state IN ('waiting', 'called', 'serving', 'parked',
                                                         'completed', 'noShow', 'cancelled', 'closedAtDayEnd')),
            ordering_key   INTEGER NOT NULL,
            desk           INTEGER,
            data           TEXT    NOT NULL,
            -- The number a customer holds is assigned once per (day, issued service): never twice.
            UNIQUE (business_day, issued_service, sequence)
        );
        -- Lane heads: call-next reads one row per (service, priority) lane with ORDER BY … LIMIT 1.
        CREATE INDEX tickets_waiting_lane ON tickets (service, priority, ordering_key, id)
            WHERE state = 'waiting';
        -- A desk holds at most one open ticket.
        CREATE UNIQUE INDEX tickets_open_per_desk ON tickets (desk)
            WHERE state IN ('called', 'serving');
        -- Display numbers held by open tickets (the numbering slice), index-only (state makes it covering).
        CREATE INDEX tickets_open_numbers ON tickets (issued_service, number, state)
            WHERE state IN ('waiting', 'called', 'serving', 'parked');
        -- No two open tickets show the same code, whatever day they were issued (carried over):
        -- QueueCore skips held numbers; this makes the database refuse it too.
        CREATE UNIQUE INDEX tickets_open_code_unique ON tickets (issued_service, number)
            WHERE state IN ('waiting', 'called', 'serving', 'parked');
        CREATE INDEX tickets_by_code ON tickets (code, business_day);
        CREATE INDEX tickets_by_day ON tickets (business_day, state);
        CREATE INDEX tickets_by_state ON tickets (state);

        -- The audit log and change feed. AUTOINCREMENT: ids only grow, never reused after a delete
        -- (which the triggers forbid anyway), so watchers can resume from the last id they saw.
        CREATE TABLE events (
            id        INTEGER PRIMARY KEY AUTOINCREMENT,
            kind      TEXT    NOT NULL,
            ticket_id INTEGER REFERENCES tickets (id),
            desk      INTEGER,
            staff     INTEGER,
            at        REAL    NOT NULL,
            data      TEXT    NOT NULL
        );
        CREATE INDEX events_by_ticket ON events (ticket_id) WHERE ticket_id IS NOT NULL;
        CREATE INDEX events_by_time ON events (at);
        CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
            BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
        CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
            BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
        """
}
