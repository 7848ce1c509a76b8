import QueueCore

/// What one connection decoded, by the stored text it came from (`PostgresConnection.decoded`).
/// `JSONDecoder` costs tens of thousands of instructions a row, more than the C baseline spends
/// on a whole call-next, and most rows a transaction reads were read before: the desks other
/// terminals did not touch, a desk back to idle (its row alternates between a few texts),
/// lane heads that did not move, the ticket and desk this connection wrote itself.
struct DecodedRows {
    var configuration: (text: String, value: StoreConfiguration)?
    var desks = DecodedTexts<Desk>(limit: 256)
    var staff = DecodedTexts<StaffMember>(limit: 256)
    var tickets = DecodedTexts<Ticket>(limit: 64)
}

/// Values by the text they decode from. Every entry stays true (a text always decodes to the
/// same value), so one left by a transaction that rolled back does no harm; the map is
/// emptied when it reaches its limit, which bounds its memory.
struct DecodedTexts<Value> {
    private var values: [String: Value] = [:]
    let limit: Int

    init(limit: Int) { self.limit = limit }

    subscript(text: String) -> Value? { values[text] }

    mutating func remember(_ value: Value, as text: String) {
        if values.count >= limit { values.removeAll(keepingCapacity: true) }
        values[text] = value
    }
}
