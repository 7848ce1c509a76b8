// A service's stored form, by hand only so that `localizedNames` can be left out: the keys and
// shapes are the synthesised form's ({"code":"C","name":"Click & Collect","colour":"#2E7D32",
// "isOpen":true,"priorityWeight":2}, optional keys left out when nil), and a service stored
// before names had languages (no `localizedNames` key) reads as having none. Leaving the key
// out when empty keeps every older row byte for byte what this build writes.

extension Service {
    private enum CodingKeys: String, CodingKey {
        case code, name, localizedNames, colour, isOpen, openingHours, dailyCap, priorityWeight, numbering, expectedMinutes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            code: try container.decode(ServiceCode.self, forKey: .code),
            name: try container.decode(String.self, forKey: .name),
            colour: try container.decode(String.self, forKey: .colour),
            isOpen: try container.decode(Bool.self, forKey: .isOpen),
            openingHours: try container.decodeIfPresent(OpeningHours.self, forKey: .openingHours),
            dailyCap: try container.decodeIfPresent(Int.self, forKey: .dailyCap),
            priorityWeight: try container.decode(Int.self, forKey: .priorityWeight),
            numbering: try container.decodeIfPresent(NumberingRule.self, forKey: .numbering),
            expectedMinutes: try container.decodeIfPresent(Int.self, forKey: .expectedMinutes),
            localizedNames: try container.decodeIfPresent([String: String].self, forKey: .localizedNames) ?? [:])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        try container.encode(colour, forKey: .colour)
        try container.encode(isOpen, forKey: .isOpen)
        try container.encodeIfPresent(openingHours, forKey: .openingHours)
        try container.encodeIfPresent(dailyCap, forKey: .dailyCap)
        try container.encode(priorityWeight, forKey: .priorityWeight)
        try container.encodeIfPresent(numbering, forKey: .numbering)
        try container.encodeIfPresent(expectedMinutes, forKey: .expectedMinutes)
        if !localizedNames.isEmpty { try container.encode(localizedNames, forKey: .localizedNames) }
    }
}
