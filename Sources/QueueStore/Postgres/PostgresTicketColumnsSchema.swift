extension PostgresSchema {
    /// Format 5 (schema version 3 before the renumbering): a ticket is its row's columns
    /// (`TicketRow`), no longer a JSON document beside the columns the store queried; the
    /// transfer history stays a JSON array (NULL for none). A command key's ticket ids become comma-separated text (`12,13`), as a
    /// counter's priority arrivals are: it was the one JSON encoding left in a ticket command
    /// besides the desk and the event. The store's lock becomes an advisory lock
    /// (`PostgresEngine.shareStore`), so the `store_lock` row goes.
    static let ticketColumns = """
        ALTER TABLE tickets
            ADD COLUMN issued_at BIGINT, ADD COLUMN called_at BIGINT, ADD COLUMN started_at BIGINT,
            ADD COLUMN finished_at BIGINT, ADD COLUMN staff BIGINT, ADD COLUMN recall_count BIGINT,
            ADD COLUMN transfers TEXT, ADD COLUMN outcome TEXT, ADD COLUMN arrival_key BIGINT,
            ADD COLUMN carry_overs BIGINT, ADD COLUMN language TEXT;
        UPDATE tickets SET
            issued_at = (data::json ->> 'issuedAt')::bigint, called_at = (data::json ->> 'calledAt')::bigint,
            started_at = (data::json ->> 'startedAt')::bigint, finished_at = (data::json ->> 'finishedAt')::bigint,
            staff = (data::json ->> 'staff')::bigint, recall_count = coalesce((data::json ->> 'recallCount')::bigint, 0),
            transfers = CASE WHEN json_array_length(data::json -> 'transfers') > 0 THEN data::json ->> 'transfers' END,
            outcome = data::json ->> 'outcome', arrival_key = (data::json ->> 'arrivalKey')::bigint,
            carry_overs = coalesce((data::json ->> 'carryOvers')::bigint, 0), language = data::json ->> 'language';
        ALTER TABLE tickets
            ALTER COLUMN issued_at SET NOT NULL, ALTER COLUMN recall_count SET NOT NULL,
            ALTER COLUMN arrival_key SET NOT NULL, ALTER COLUMN carry_overs SET NOT NULL,
            ADD CHECK (recall_count >= 0), ADD CHECK (carry_overs >= 0),
            ADD CHECK (priority IN ('normal', 'priority')),
            DROP COLUMN data;
        UPDATE command_keys SET tickets = btrim(tickets, '[]');
        DROP TABLE store_lock;
        UPDATE settings SET value = '5' WHERE key = 'format';
        """
}
