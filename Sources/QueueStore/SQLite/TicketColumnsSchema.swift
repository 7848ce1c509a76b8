extension Migrations {
    /// Format 5: a ticket is its row's columns, no longer a JSON document beside the columns the
    /// store queried (`TicketRow`); the transfer history, which most tickets never get, stays a
    /// JSON array (NULL for none). SQLite adds a NOT NULL column only with a default, so the
    /// table is rebuilt (SQLite's documented way to change a table; hence its migration's
    /// `.offUntilChecked`) with the same indexes.
    static let ticketColumns = """
        CREATE TABLE tickets_format5 (
            id             INTEGER PRIMARY KEY,
            business_day   TEXT    NOT NULL,
            issued_service TEXT    NOT NULL,
            sequence       INTEGER NOT NULL CHECK (sequence > 0),
            service        TEXT    NOT NULL,
            number         INTEGER NOT NULL,
            code           TEXT    NOT NULL,
            priority       TEXT    NOT NULL CHECK (priority IN ('normal', 'priority')),
            state          TEXT    NOT NULL CHECK (state IN ('waiting', 'called', 'serving', 'parked',
                                                         'completed', 'noShow', 'cancelled', 'closedAtDayEnd')),
            issued_at      INTEGER NOT NULL,
            called_at      INTEGER,
            started_at     INTEGER,
            finished_at    INTEGER,
            desk           INTEGER,
            staff          INTEGER,
            recall_count   INTEGER NOT NULL CHECK (recall_count >= 0),
            -- JSON array of transfers, oldest first; NULL when the ticket was never transferred.
            transfers      TEXT,
            outcome        TEXT,
            ordering_key   INTEGER NOT NULL,
            arrival_key    INTEGER NOT NULL,
            carry_overs    INTEGER NOT NULL CHECK (carry_overs >= 0),
            language       TEXT,
            -- The number a customer holds is assigned once per (day, issued service): never twice.
            UNIQUE (business_day, issued_service, sequence)
        );
        INSERT INTO tickets_format5
            SELECT id, business_day, issued_service, sequence, service, number, code, priority, state,
                json_extract(data, '$.issuedAt'), json_extract(data, '$.calledAt'), json_extract(data, '$.startedAt'),
                json_extract(data, '$.finishedAt'), desk, json_extract(data, '$.staff'),
                coalesce(json_extract(data, '$.recallCount'), 0),
                CASE WHEN json_array_length(data, '$.transfers') > 0 THEN json_extract(data, '$.transfers') END,
                json_extract(data, '$.outcome'), ordering_key, json_extract(data, '$.arrivalKey'),
                coalesce(json_extract(data, '$.carryOvers'), 0), json_extract(data, '$.language')
            FROM tickets;
        DROP TABLE tickets;
        ALTER TABLE tickets_format5 RENAME TO tickets;

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

        UPDATE settings SET value = '5' WHERE key = 'format';
        """
}
