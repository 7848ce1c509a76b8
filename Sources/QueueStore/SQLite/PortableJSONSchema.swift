extension Migrations {
    /// Format 2 (docs/storage-format.md): the stored JSON in a form designed for other programs
    /// rather than Swift's synthesised one, and every instant as whole Unix milliseconds (UTC).
    /// Upgrades a format-1 file in place with SQLite's JSON functions; on a new file the tables
    /// are still empty and only the schema changes.
    ///
    /// Format 1 wrote an instant as seconds since 2001 (a JSON number) and `events.at` as seconds
    /// since 1970 (REAL). Both become `CAST((seconds since 2001 + 978307200) * 1000 AS INTEGER)`:
    /// the same arithmetic, rounding down, as format 1's readers used for every figure in
    /// milliseconds (`OrderingKey`), so reports and estimates read the same after the upgrade.
    static let portableJSON = """
        UPDATE tickets SET data = json_set(data, '$.issuedAt', \(milliseconds("json_extract(data, '$.issuedAt')")));
        \(["calledAt", "startedAt", "finishedAt"].map { field in """
            UPDATE tickets SET data = json_set(data, '$.\(field)', \(milliseconds("json_extract(data, '$.\(field)')")))
                WHERE json_type(data, '$.\(field)') IS NOT NULL;
            """ }.joined(separator: "\n"))
        UPDATE tickets SET data = json_set(data, '$.transfers', json((
                SELECT json_group_array(json_set(value, '$.at', \(milliseconds("json_extract(value, '$.at')"))))
                FROM json_each(tickets.data, '$.transfers'))))
            WHERE json_array_length(data, '$.transfers') > 0;

        UPDATE settings SET value = \(configuration("settings.value")) WHERE key = 'configuration';
        INSERT INTO settings (key, value) VALUES ('format', '2');

        -- events.at changes type, which SQLite can only do by copying the table. The triggers and
        -- indexes go with the old table and are made again below.
        ALTER TABLE events RENAME TO events_format1;
        CREATE TABLE events (
            id        INTEGER PRIMARY KEY AUTOINCREMENT,
            kind      TEXT    NOT NULL,
            ticket_id INTEGER REFERENCES tickets (id),
            desk      INTEGER,
            staff     INTEGER,
            -- Unix milliseconds (UTC), the same instant as the JSON's "time".
            at        INTEGER NOT NULL,
            data      TEXT    NOT NULL
        );
        INSERT INTO events (id, kind, ticket_id, desk, staff, at, data)
            SELECT id, kind, ticket_id, desk, staff, \(milliseconds("json_extract(data, '$.time')")), \(event)
            FROM events_format1 ORDER BY id;
        -- Ids never go back, not even past the last ones written.
        UPDATE sqlite_sequence SET seq = (SELECT seq FROM sqlite_sequence WHERE name = 'events_format1')
            WHERE name = 'events';
        DROP TABLE events_format1;
        CREATE INDEX events_by_ticket ON events (ticket_id) WHERE ticket_id IS NOT NULL;
        CREATE INDEX events_by_time ON events (at);
        CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
            BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
        CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
            BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
        """

    /// Format 1's instant (seconds since 2001) as format 2's (Unix milliseconds).
    private static func milliseconds(_ seconds: String) -> String {
        "CAST((\(seconds) + 978307200.0) * 1000 AS INTEGER)"
    }

    /// Format 1's configuration as format 2's: the time zone's name instead of `TimeZone`'s
    /// Codable object, the services' objects instead of alternating codes and objects, and the
    /// two durations in milliseconds.
    private static func configuration(_ json: String) -> String {
        """
        json_set(json_remove(\(json), '$.fairness.priorityHeadStart', '$.estimates.defaultServiceTime'),
            '$.timeZone', json_extract(\(json), '$.timeZone.identifier'),
            '$.fairness.priorityHeadStartMilliseconds',
                CAST(round(json_extract(\(json), '$.fairness.priorityHeadStart') * 1000) AS INTEGER),
            '$.estimates.defaultServiceTimeMilliseconds',
                CAST(round(json_extract(\(json), '$.estimates.defaultServiceTime') * 1000) AS INTEGER),
            '$.services', json((SELECT json_group_array(json(value)) FROM json_each(\(json), '$.services')
                                WHERE key % 2 = 1)))
        """
    }

    /// Format 1's event (`{"ticket":…,"time":…,"details":{"<kind>":{…}}}`, a value without a
    /// label under `_0`) as format 2's flat object named by `type`.
    private static var event: String {
        func payload(_ kind: String) -> String { "json_extract(data, '$.details.\(kind)._0')" }
        return """
            json_patch(json_patch(
                json_object('type', kind, 'time', \(milliseconds("json_extract(data, '$.time')"))),
                json_remove(data, '$.time', '$.details')),
              CASE kind
                WHEN 'ticketIssued' THEN \(payload("ticketIssued"))
                WHEN 'ticketReactivated' THEN json_object('placement', json(\(payload("ticketReactivated"))))
                WHEN 'deskConfigured' THEN json_object('deskSettings', json(\(payload("deskConfigured"))))
                WHEN 'serviceConfigured' THEN json_object('serviceSettings', json(\(payload("serviceConfigured"))))
                WHEN 'serviceOpened' THEN json_object('service', \(payload("serviceOpened")))
                WHEN 'serviceClosed' THEN json_object('service', \(payload("serviceClosed")))
                WHEN 'staffRegistered' THEN json_object('staffMember', json(\(payload("staffRegistered"))))
                WHEN 'storeConfigured' THEN json_object('storeSettings', json(\(configuration(payload("storeConfigured")))))
                ELSE json_extract(data, '$.details.' || kind)
              END)
            """
    }
}
