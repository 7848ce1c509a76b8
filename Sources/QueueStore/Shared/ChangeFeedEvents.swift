import QueueCore

extension EventRow {
    /// The events of a change feed's rows, for either store. An event this version cannot read
    /// (written by a newer tessera, or damaged) is left out of the feed, loudly; the rows after
    /// it still arrive.
    static func events(_ rows: [EventRow], codec: RowCodec, diagnostics: StoreDiagnostics) -> [StoredEvent] {
        rows.compactMap { row in
            do {
                return StoredEvent(id: EventID(rawValue: row.id), event: try codec.decode(Event.self, row.json))
            } catch {
                diagnostics.report("change feed: event \(row.id) cannot be read and is skipped: \(error)")
                return nil
            }
        }
    }
}
