extension PostgresSchema {
    /// Format 4's tables with PostgreSQL types (schema version 1 before the renumbering). Queue
    /// rules live in QueueCore; the constraints are the second line of defence against a
    /// writer's bug.
    static let tables = """
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO settings (key, value) VALUES ('format', '4'), ('next_ticket_id', '1');
        CREATE TABLE staff (id BIGINT PRIMARY KEY, data TEXT NOT NULL);
        CREATE TABLE desks (number BIGINT PRIMARY KEY, data TEXT NOT NULL);

        -- Per (business day, service): QueueCore's DayCounter, updated in the ticket's own
        -- transaction (a sequence would leave gaps). Locked FOR UPDATE by every issue and call.
        CREATE TABLE counters (
            business_day  TEXT   NOT NULL,
            service       TEXT   NOT NULL,
            next_sequence BIGINT NOT NULL CHECK (next_sequence > 0),
            issued        BIGINT NOT NULL CHECK (issued >= 0),
            recent_priority_arrivals TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (business_day, service)
        );

        CREATE TABLE tickets (
            id             BIGINT PRIMARY KEY,
            business_day   TEXT   NOT NULL,
            issued_service TEXT   NOT NULL,
            sequence       BIGINT NOT NULL CHECK (sequence > 0),
            service        TEXT   NOT NULL,
            number         BIGINT NOT NULL,
            code           TEXT   NOT NULL,
            priority       TEXT   NOT NULL,
            state          TEXT   NOT NULL CHECK (state IN ('waiting', 'called', 'serving', 'parked',
                                                         'completed', 'noShow', 'cancelled', 'closedAtDayEnd')),
            ordering_key   BIGINT NOT NULL,
            desk           BIGINT,
            data           TEXT   NOT NULL,
            UNIQUE (business_day, issued_service, sequence)
        );
        CREATE INDEX tickets_waiting_lane ON tickets (service, priority, ordering_key, id) WHERE state = 'waiting';
        CREATE UNIQUE INDEX tickets_open_per_desk ON tickets (desk) WHERE state IN ('called', 'serving');
        CREATE INDEX tickets_open_numbers ON tickets (issued_service, number)
            WHERE state IN ('waiting', 'called', 'serving', 'parked');
        CREATE UNIQUE INDEX tickets_open_code_unique ON tickets (issued_service, number)
            WHERE state IN ('waiting', 'called', 'serving', 'parked');
        CREATE INDEX tickets_by_code ON tickets (code, business_day);
        CREATE INDEX tickets_by_day ON tickets (business_day, state);
        CREATE INDEX tickets_by_state ON tickets (state);

        -- The audit log and change feed. Ids come from event_log_head, whose one row each
        -- writer locks just before its commit: ids are then in commit order, so a watcher that
        -- reads "after the last id I saw" never misses an event committed late.
        CREATE TABLE events (
            id        BIGINT PRIMARY KEY,
            kind      TEXT   NOT NULL,
            ticket_id BIGINT REFERENCES tickets (id),
            desk      BIGINT,
            staff     BIGINT,
            at        BIGINT NOT NULL,
            data      TEXT   NOT NULL
        );
        CREATE INDEX events_by_ticket ON events (ticket_id) WHERE ticket_id IS NOT NULL;
        CREATE INDEX events_by_time ON events (at);
        CREATE INDEX events_by_kind ON events (kind, id);
        CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS
            $$ BEGIN RAISE EXCEPTION 'events are append-only'; END $$;
        CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
            FOR EACH ROW EXECUTE FUNCTION events_append_only();
        CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
            FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();
        CREATE TABLE event_log_head (one BOOLEAN PRIMARY KEY CHECK (one), last_event BIGINT NOT NULL);
        INSERT INTO event_log_head VALUES (true, 0);

        CREATE TABLE service_times (
            ticket_id    BIGINT PRIMARY KEY REFERENCES tickets (id),
            service      TEXT   NOT NULL,
            completed_at BIGINT NOT NULL,
            milliseconds BIGINT NOT NULL CHECK (milliseconds >= 0)
        );
        CREATE INDEX service_times_recent ON service_times (service, completed_at, milliseconds);

        CREATE TABLE staff_credentials (
            staff    BIGINT PRIMARY KEY REFERENCES staff (id),
            pin_hash TEXT CHECK (pin_hash IS NULL OR pin_hash LIKE '$y$%'),
            active   BOOLEAN NOT NULL DEFAULT true
        );
        CREATE TABLE keypad_locks (
            desk         BIGINT PRIMARY KEY,
            failures     BIGINT NOT NULL CHECK (failures >= 0),
            locked_until BIGINT
        );

        -- Ticket commands share this row (FOR SHARE); administration and the day change take
        -- it alone (FOR UPDATE), so they never interleave with a command decided on the old state.
        CREATE TABLE store_lock (one BOOLEAN PRIMARY KEY CHECK (one));
        INSERT INTO store_lock VALUES (true);

        -- The key of every committed command and what it returned: a client whose connection
        -- dropped during COMMIT asks here whether it happened, instead of doing it twice.
        CREATE TABLE command_keys (
            key         TEXT   PRIMARY KEY,
            first_event BIGINT NOT NULL,
            last_event  BIGINT NOT NULL,
            tickets     TEXT   NOT NULL,
            at          BIGINT NOT NULL
        );
        """

    /// When the server stored each command key, by its own clock (a terminal's clock may be
    /// wrong, and `at` is the terminal's), so that keys can be pruned by age (schema version 2
    /// before the renumbering, still format 4). Rows written before count as stored at the upgrade.
    /// Also: a key keeps the ids of its tickets (a JSON array of integers), not copies of them;
    /// the copies become their ids.
    static let commandKeysStoredAt = """
        ALTER TABLE command_keys ADD COLUMN stored_at TIMESTAMPTZ NOT NULL DEFAULT now();
        UPDATE command_keys SET tickets = (
            SELECT coalesce('[' || string_agg(ticket ->> 'id', ',' ORDER BY position) || ']', '[]')
            FROM json_array_elements(tickets::json) WITH ORDINALITY AS copies (ticket, position));
        """
}
