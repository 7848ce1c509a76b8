// A desk's stored form, written and read by hand with the keys and shapes the synthesised form
// had: {"number":2,"name":"Desk 2","services":["C","R"],"status":"open","currentTicket":7,"staff":1},
// the optional keys left out when nil, `localizedNames` when empty (so a desk stored before names
// had languages reads as having none). Each identifier goes through the container's concrete
// overloads as its raw value (see `Ticket.encode(to:)`): a PostgreSQL store reads every desk
// row that another terminal changed, once per transaction, and the synthesised form's nested
// coder per wrapper made that most of a desk's call-next time.

extension Desk {
    enum CodingKeys: String, CodingKey {
        case number, name, services, status, currentTicket, staff, allowed, localizedNames
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = DeskNumber(rawValue: try container.decode(Int.self, forKey: .number))
        name = try container.decode(String.self, forKey: .name)
        var list = try container.nestedUnkeyedContainer(forKey: .services)
        var services: [ServiceCode] = []
        while !list.isAtEnd { services.append(ServiceCode(rawValue: try list.decode(String.self))) }
        self.services = services
        status = try container.decodeRaw(DeskStatus.self, forKey: .status)
        currentTicket = try container.decodeIfPresent(Int64.self, forKey: .currentTicket).map(TicketID.init(rawValue:))
        staff = try container.decodeIfPresent(Int.self, forKey: .staff).map(StaffID.init(rawValue:))
        allowed = try container.decodeIfPresent([String].self, forKey: .allowed)?.map(ServiceCode.init(rawValue:))
        localizedNames = try container.decodeIfPresent([String: String].self, forKey: .localizedNames) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number.rawValue, forKey: .number)
        try container.encode(name, forKey: .name)
        var list = container.nestedUnkeyedContainer(forKey: .services)
        for service in services { try list.encode(service.rawValue) }
        try container.encode(status.rawValue, forKey: .status)
        try container.encodeIfPresent(currentTicket?.rawValue, forKey: .currentTicket)
        try container.encodeIfPresent(staff?.rawValue, forKey: .staff)
        try container.encodeIfPresent(allowed?.map(\.rawValue), forKey: .allowed)
        if !localizedNames.isEmpty { try container.encode(localizedNames, forKey: .localizedNames) }
    }
}

extension KeyedDecodingContainer {
    /// A string-backed enum from its raw value; an unknown one is corrupt data, as in the
    /// synthesised `RawRepresentable` form.
    func decodeRaw<Value: RawRepresentable>(_ type: Value.Type, forKey key: Key) throws -> Value
    where Value.RawValue == String {
        let raw = try decode(String.self, forKey: key)
        guard let value = Value(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Cannot initialize \(Value.self) from invalid String value \(raw)")
        }
        return value
    }
}
