// The stored form of the configuration (docs/storage-format.md), by hand where the synthesised
// one would leak Swift: the time zone as its IANA name (not `TimeZone`'s own Codable form), the
// services as a list ordered by code (a dictionary keyed by a non-String type encodes as
// alternating keys and values), and durations as whole milliseconds, the unit of every other
// time in the stored data. `localizedStoreNames` is left out when empty, and a configuration
// stored without it reads as having none.

extension StoreConfiguration {
    private enum CodingKeys: String, CodingKey {
        case storeName, localizedStoreNames, timeZone, businessDayStart, carryOver, numbering, fairness, estimates, services
        case definedByFile
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let zoneName = try container.decode(String.self, forKey: .timeZone)
        let library = decoder.userInfo[.timeZoneLibrary] as? any TimeZoneLibrary
        guard let timeZone = zoneName == StoreTimeZone.utc.identifier
            ? .utc : library.flatMap({ StoreTimeZone(identifier: zoneName, in: $0) })
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeZone, in: container, debugDescription: "unknown time zone \(zoneName)")
        }
        self.init(
            storeName: try container.decode(String.self, forKey: .storeName),
            timeZone: timeZone,
            businessDayStart: try container.decode(TimeOfDay.self, forKey: .businessDayStart),
            carryOver: try container.decode(CarryOverPolicy.self, forKey: .carryOver),
            numbering: try container.decode(NumberingRule.self, forKey: .numbering),
            fairness: try container.decode(FairnessRule.self, forKey: .fairness),
            estimates: try container.decode(EstimateRule.self, forKey: .estimates),
            services: try container.decode([Service].self, forKey: .services),
            localizedStoreNames: try container.decodeIfPresent([String: String].self, forKey: .localizedStoreNames) ?? [:])
        definedByFile = try container.decodeIfPresent(FileDefinitions.self, forKey: .definedByFile)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(storeName, forKey: .storeName)
        try container.encode(timeZone.identifier, forKey: .timeZone)
        try container.encode(businessDayStart, forKey: .businessDayStart)
        try container.encode(carryOver, forKey: .carryOver)
        try container.encode(numbering, forKey: .numbering)
        try container.encode(fairness, forKey: .fairness)
        try container.encode(estimates, forKey: .estimates)
        try container.encode(services.values.sorted { $0.code < $1.code }, forKey: .services)
        if !localizedStoreNames.isEmpty { try container.encode(localizedStoreNames, forKey: .localizedStoreNames) }
        try container.encodeIfPresent(definedByFile, forKey: .definedByFile)
    }
}

// `{"services": ["C", "R"], "desks": [1, 2]}`, each list sorted (a set has no order of its own).
extension FileDefinitions {
    private enum CodingKeys: String, CodingKey { case services, desks }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            services: Set(try container.decode([ServiceCode].self, forKey: .services)),
            desks: Set(try container.decode([DeskNumber].self, forKey: .desks)))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(services.sorted(), forKey: .services)
        try container.encode(desks.sorted(), forKey: .desks)
    }
}

extension FairnessRule {
    private enum CodingKeys: String, CodingKey {
        case priorityHeadStartMilliseconds, maxOvertakes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            priorityHeadStart: seconds(try container.decode(Int64.self, forKey: .priorityHeadStartMilliseconds)),
            maxOvertakes: try container.decode(Int.self, forKey: .maxOvertakes))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(headStartMilliseconds, forKey: .priorityHeadStartMilliseconds)
        try container.encode(maxOvertakes, forKey: .maxOvertakes)
    }
}

extension EstimateRule {
    private enum CodingKeys: String, CodingKey {
        case sampleSize, defaultServiceTimeMilliseconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sampleSize: try container.decode(Int.self, forKey: .sampleSize),
            defaultServiceTime: seconds(try container.decode(Int64.self, forKey: .defaultServiceTimeMilliseconds)))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Int64((defaultServiceTime * 1000).rounded()), forKey: .defaultServiceTimeMilliseconds)
        try container.encode(sampleSize, forKey: .sampleSize)
    }
}

private func seconds(_ milliseconds: Int64) -> Double { Double(milliseconds) / 1000 }
