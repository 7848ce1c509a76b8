import QueueCore

/// What one connection decoded, by the stored text it came from (`PostgresConnection.decoded`).
/// `JSONDecoder` costs tens of thousands of instructions a row, more than the C baseline spends
/// on a whole call-next, and most rows a transaction reads were read before: the configuration,
/// the staff, a desk back to idle (its row alternates between a few texts), the desk this
/// connection wrote itself. (Tickets are columns, read without JSON: `TicketRow`.)
struct DecodedRows {
    var configuration: (text: String, value: StoreConfiguration)?
    var desks = DecodedTexts<Desk>(limit: 256)
    /// The other way: a desk's text by its value, for writing (a desk back to idle is written
    /// as the text it had before; `JSONEncoder` cost ~27,000 instructions a desk).
    var deskTexts = EncodedValues<Desk>(limit: 256)
    var staff = DecodedTexts<StaffMember>(limit: 256)
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

/// Texts by the value they encode, bounded as `DecodedTexts` is.
struct EncodedValues<Value: Hashable> {
    private var texts: [Value: String] = [:]
    let limit: Int

    init(limit: Int) { self.limit = limit }

    subscript(value: Value) -> String? { texts[value] }

    mutating func remember(_ text: String, for value: Value) {
        if texts.count >= limit { texts.removeAll(keepingCapacity: true) }
        texts[value] = text
    }
}
