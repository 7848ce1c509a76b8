import QueueCore

/// The columns of a `tickets` row (format 6, docs/storage-format.md), in the order both stores
/// select, insert and read them: the one list the SQL, the reads, the writes and the fixed-field
/// check are made from, so a column added here is added everywhere.
enum TicketColumn: Int32, CaseIterable, Sendable {
    case id, businessDay, issuedService, sequence, service, number, code, priority, state
    case issuedAt, calledAt, startedAt, finishedAt, desk, staff, recallCount, transfers
    case outcome, orderingKey, arrivalKey, carryOvers, language, quotedWait

    /// The column's name in SQL.
    var name: String {
        switch self {
        case .id: "id"
        case .businessDay: "business_day"
        case .issuedService: "issued_service"
        case .sequence: "sequence"
        case .service: "service"
        case .number: "number"
        case .code: "code"
        case .priority: "priority"
        case .state: "state"
        case .issuedAt: "issued_at"
        case .calledAt: "called_at"
        case .startedAt: "started_at"
        case .finishedAt: "finished_at"
        case .desk: "desk"
        case .staff: "staff"
        case .recallCount: "recall_count"
        case .transfers: "transfers"
        case .outcome: "outcome"
        case .orderingKey: "ordering_key"
        case .arrivalKey: "arrival_key"
        case .carryOvers: "carry_overs"
        case .language: "language"
        case .quotedWait: "quoted_wait"
        }
    }

    /// Whether a command may change the column. The rest is fixed when the ticket is issued: the
    /// guarded update writes only these, and `TicketRow.checkFixedFields` refuses a change to the
    /// others, which would otherwise be lost.
    var changes: Bool {
        switch self {
        case .id, .businessDay, .issuedService, .sequence, .number, .code, .priority, .issuedAt, .quotedWait: false
        case .service, .state, .calledAt, .startedAt, .finishedAt, .desk, .staff, .recallCount, .transfers,
             .outcome, .orderingKey, .arrivalKey, .carryOvers, .language: true
        }
    }

    static let changing = allCases.filter(\.changes)
    static let fixed = allCases.filter { !$0.changes }

    /// Whether two tickets hold the same in the column, compared as fields (no text made: the
    /// fixed-field check runs on every ticket a command writes).
    func holdsTheSame(_ ticket: Ticket, as other: Ticket) -> Bool {
        switch self {
        case .id: ticket.id == other.id
        case .businessDay: ticket.businessDay == other.businessDay
        case .issuedService: ticket.issuedService == other.issuedService
        case .sequence: ticket.sequence == other.sequence
        case .service: ticket.service == other.service
        case .number: ticket.number == other.number
        case .code: ticket.code == other.code
        case .priority: ticket.priority == other.priority
        case .state: ticket.state == other.state
        case .issuedAt: ticket.issuedAt == other.issuedAt
        case .calledAt: ticket.calledAt == other.calledAt
        case .startedAt: ticket.startedAt == other.startedAt
        case .finishedAt: ticket.finishedAt == other.finishedAt
        case .desk: ticket.desk == other.desk
        case .staff: ticket.staff == other.staff
        case .recallCount: ticket.recallCount == other.recallCount
        case .transfers: ticket.transfers == other.transfers
        case .outcome: ticket.outcome == other.outcome
        case .orderingKey: ticket.orderingKey == other.orderingKey
        case .arrivalKey: ticket.arrivalKey == other.arrivalKey
        case .carryOvers: ticket.carryOvers == other.carryOvers
        case .language: ticket.language == other.language
        case .quotedWait: ticket.quotedWait == other.quotedWait
        }
    }

    /// What `ticket` holds in the column, as the row stores it.
    func value(of ticket: Ticket, codec: RowCodec) throws(StoreError) -> ColumnValue {
        switch self {
        case .id: .integer(ticket.id.rawValue)
        case .businessDay: .text(ticket.businessDay.description)
        case .issuedService: .text(ticket.issuedService.rawValue)
        case .sequence: .integer(ticket.sequence)
        case .service: .text(ticket.service.rawValue)
        case .number: .integer(Int64(ticket.number))
        case .code: .text(ticket.code)
        case .priority: .text(ticket.priority.rawValue)
        case .state: .text(ticket.state.rawValue)
        case .issuedAt: .integer(ticket.issuedAt.unixMilliseconds)
        case .calledAt: .integer(ticket.calledAt?.unixMilliseconds)
        case .startedAt: .integer(ticket.startedAt?.unixMilliseconds)
        case .finishedAt: .integer(ticket.finishedAt?.unixMilliseconds)
        case .desk: .integer(ticket.desk.map { Int64($0.rawValue) })
        case .staff: .integer(ticket.staff.map { Int64($0.rawValue) })
        case .recallCount: .integer(Int64(ticket.recallCount))
        case .transfers: .text(ticket.transfers.isEmpty ? nil : try codec.text(ticket.transfers))
        case .outcome: .text(ticket.outcome?.rawValue)
        case .orderingKey: .integer(ticket.orderingKey.rawValue)
        case .arrivalKey: .integer(ticket.arrivalKey.rawValue)
        case .carryOvers: .integer(Int64(ticket.carryOvers))
        case .language: .text(ticket.language)
        case .quotedWait: .integer(ticket.quotedWait)
        }
    }
}

/// A column's value on its way into a row, before it becomes a store's own parameter type.
enum ColumnValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case text(String)

    static func integer(_ value: Int64?) -> ColumnValue { value.map { .integer($0) } ?? .null }
    static func text(_ value: String?) -> ColumnValue { value.map { .text($0) } ?? .null }

    func parameter<Value: StatementValue>() -> Value {
        switch self {
        case .null: .text(nil)
        case .integer(let value): .integer(value)
        case .text(let value): .text(value)
        }
    }
}
