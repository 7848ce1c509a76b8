import QueueCore

// `tessera queue status --json`'s lines, by hand only so that `localizedNames` is left out when
// empty, as the stored service and desk leave it (docs/storage-format.md): the other keys are
// the synthesised form's.

extension QueueStatus.ServiceLine {
    private enum CodingKeys: String, CodingKey {
        case code, name, localizedNames, isOpen, waiting, waitingPriority, estimatedWaitSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(code: try container.decode(ServiceCode.self, forKey: .code), name: try container.decode(String.self, forKey: .name),
                  localizedNames: try container.decodeIfPresent([String: String].self, forKey: .localizedNames) ?? [:],
                  isOpen: try container.decode(Bool.self, forKey: .isOpen), waiting: try container.decode(Int.self, forKey: .waiting),
                  waitingPriority: try container.decode(Int.self, forKey: .waitingPriority),
                  estimatedWaitSeconds: try container.decodeIfPresent(Int.self, forKey: .estimatedWaitSeconds))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        if !localizedNames.isEmpty { try container.encode(localizedNames, forKey: .localizedNames) }
        try container.encode(isOpen, forKey: .isOpen)
        try container.encode(waiting, forKey: .waiting)
        try container.encode(waitingPriority, forKey: .waitingPriority)
        try container.encodeIfPresent(estimatedWaitSeconds, forKey: .estimatedWaitSeconds)
    }
}

extension QueueStatus.DeskLine {
    private enum CodingKeys: String, CodingKey {
        case number, name, localizedNames, status, ticketCode, ticketState
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(number: try container.decode(DeskNumber.self, forKey: .number), name: try container.decode(String.self, forKey: .name),
                  localizedNames: try container.decodeIfPresent([String: String].self, forKey: .localizedNames) ?? [:],
                  status: try container.decode(DeskStatus.self, forKey: .status),
                  ticketCode: try container.decodeIfPresent(String.self, forKey: .ticketCode),
                  ticketState: try container.decodeIfPresent(TicketState.self, forKey: .ticketState))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(name, forKey: .name)
        if !localizedNames.isEmpty { try container.encode(localizedNames, forKey: .localizedNames) }
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(ticketCode, forKey: .ticketCode)
        try container.encodeIfPresent(ticketState, forKey: .ticketState)
    }
}
