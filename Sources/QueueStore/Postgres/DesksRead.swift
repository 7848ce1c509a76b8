import QueueCore

extension PostgresEngine {
    /// Refuses an event that could change a desk the shared path did not read. `evolve` writes
    /// a desk only through `desks[n]?.…`, which does nothing for a desk missing from the slice:
    /// the row would silently keep its old value (a lost write). The desks it writes are the
    /// event's `desk` and the desk of the event's ticket as it stands (releasing it), so both
    /// must be in the state the event is applied to.
    func checkDesksRead(_ event: Event, in state: QueueState) throws(StoreError) {
        let named = [event.desk, event.ticket.flatMap { state.tickets[$0]?.desk }].compactMap { $0 }
        for desk in named where state.desks[desk] == nil {
            throw StoreError.unavailable(
                file: connection.target, problem: .failed,
                detail: "a \(event.kind.rawValue) event would change desk \(desk.rawValue), whose row this transaction did not read; nothing was written")
        }
    }
}
