/// A configuration value that breaks a rule. Each case names the offending value; the store or
/// CLI adds the file, line and key.
public enum ConfigurationError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    case invalidPrefix(String)
    case emptyName(ServiceCode)
    /// A name that breaks `DisplayText`'s rule; the text says how.
    case invalidName(ServiceCode, problem: String)
    case invalidColour(ServiceCode, String)
    case invalidDailyCap(ServiceCode, Int)
    case invalidPriorityWeight(ServiceCode, Int)
    case invalidNumbering(start: Int, width: Int, wrapBound: Int)
    case invalidTime(hour: Int, minute: Int)
    case invalidFairness(headStart: Double, maxOvertakes: Int)
    case invalidEstimates(sampleSize: Int, defaultServiceTime: Double)
    case emptyStoreName
    case invalidDeskNumber(Int)
    case deskWithoutServices(DeskNumber)
    case unknownService(ServiceCode)
    /// A desk calls from a service the new configuration no longer has.
    case deskServiceMissing(DeskNumber, ServiceCode)
    case emptyStaffName(StaffID)
    /// A name in another language given for a locale that is none (`of`: "service C", "desk 2").
    case invalidLocale(of: String, String)
    /// A name in another language that breaks `DisplayText`'s rule.
    case invalidLocalizedName(of: String, locale: String, problem: String)

    public var description: String {
        switch self {
        case .invalidPrefix(let text):
            "The service prefix “\(text)” must be 1 to 3 capital letters A–Z, like C or CS."
        case .emptyName(let code): "Service \(code) needs a name."
        case .invalidName(let code, let problem): "The name of service \(code) \(problem)."
        case .invalidColour(let code, let colour):
            "The colour “\(colour)” of service \(code) must be written #RRGGBB, like #2E7D32."
        case .invalidDailyCap(let code, let cap):
            "The daily cap of service \(code) must be at least 1 (it is \(cap)); leave it out for no cap."
        case .invalidPriorityWeight(let code, let weight):
            "The priority weight of service \(code) must be between 1 and 100 (it is \(weight))."
        case .invalidNumbering(let start, let width, let bound):
            "Ticket numbers must start at 0 or more, have 1 to 6 digits and wrap after the start "
                + "with a bound that fits the digits (start \(start), width \(width), bound \(bound))."
        case .invalidTime(let hour, let minute):
            "\(hour):\(minute) is not a time of day; use 00:00 to 23:59."
        case .invalidFairness(let headStart, let maxOvertakes):
            "The priority head start must be 0 seconds or more and the overtake limit 0 or more "
                + "(head start \(headStart) s, limit \(maxOvertakes))."
        case .invalidEstimates(let size, let time):
            "Wait estimates need at least 1 sample and a default service time above 0 seconds "
                + "(samples \(size), default \(time) s)."
        case .emptyStoreName: "The store needs a name."
        case .invalidDeskNumber(let number): "Desk numbers start at 1 (got \(number))."
        case .deskWithoutServices(let desk): "\(desk.description.capitalizedFirst) must serve at least one service."
        case .unknownService(let code): "There is no service \(code)."
        case .emptyStaffName(let id): "\(id.description.capitalizedFirst) needs a name."
        case .invalidLocale(let subject, let locale):
            "“\(locale)” is not a locale to name \(subject) in; write a language like cy, or cy_GB."
        case .invalidLocalizedName(let subject, let locale, let problem): "The \(locale) name of \(subject) \(problem)."
        case .deskServiceMissing(let desk, let code):
            "\(desk.description.capitalizedFirst) calls from service \(code), which is no longer defined; "
                + "give the desk other services or keep the service."
        }
    }
}

/// Checks configuration values; every check throws the first rule broken.
public enum ConfigurationValidator {
    /// 1 to 3 letters, `A`–`Z`.
    public static func checkPrefix(_ text: String) throws(ConfigurationError) {
        let letters = text.unicodeScalars
        guard (1...3).contains(letters.count), letters.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw .invalidPrefix(text)
        }
    }

    /// A service on its own (prefix, name, colour, cap, weight, numbering, hours).
    public static func check(_ service: Service) throws(ConfigurationError) {
        try checkPrefix(service.code.rawValue)
        guard !service.name.isBlank else {
            throw .emptyName(service.code)
        }
        if let problem = DisplayText.problem(in: service.name) { throw .invalidName(service.code, problem: problem) }
        try LocalizedName.check(service.localizedNames, of: "service \(service.code)")
        try checkColour(service.colour, of: service.code)
        if let cap = service.dailyCap, cap < 1 { throw .invalidDailyCap(service.code, cap) }
        guard (1...100).contains(service.priorityWeight) else {
            throw .invalidPriorityWeight(service.code, service.priorityWeight)
        }
        if let numbering = service.numbering { try check(numbering) }
        if let hours = service.openingHours {
            try check(hours.opens)
            try check(hours.closes)
        }
    }

    /// `#RRGGBB`.
    public static func checkColour(_ colour: String, of code: ServiceCode) throws(ConfigurationError) {
        let scalars = Array(colour.unicodeScalars)
        guard scalars.count == 7, scalars[0] == "#",
            scalars.dropFirst().allSatisfy({ $0.properties.isASCIIHexDigit })
        else { throw .invalidColour(code, colour) }
    }

    /// Start ≥ 0, width 1–6, start < bound < 10^width.
    public static func check(_ numbering: NumberingRule) throws(ConfigurationError) {
        let fits = (1...6).contains(numbering.width)
            && numbering.wrapBound < (0..<numbering.width).reduce(1) { power, _ in power * 10 }
        guard numbering.start >= 0, fits, numbering.wrapBound > numbering.start else {
            throw .invalidNumbering(
                start: numbering.start, width: numbering.width, wrapBound: numbering.wrapBound)
        }
    }

    public static func check(_ time: TimeOfDay) throws(ConfigurationError) {
        guard time.isValid else { throw .invalidTime(hour: time.hour, minute: time.minute) }
    }

    /// The whole store configuration, services included.
    public static func check(_ configuration: StoreConfiguration) throws(ConfigurationError) {
        guard !configuration.storeName.isBlank else {
            throw .emptyStoreName
        }
        try LocalizedName.check(configuration.localizedStoreNames, of: "the store")
        try check(configuration.businessDayStart)
        try check(configuration.numbering)
        let fairness = configuration.fairness
        guard fairness.priorityHeadStart >= 0, fairness.priorityHeadStart.isFinite,
            fairness.maxOvertakes >= 0
        else {
            throw .invalidFairness(
                headStart: fairness.priorityHeadStart, maxOvertakes: fairness.maxOvertakes)
        }
        let estimates = configuration.estimates
        guard estimates.sampleSize >= 1, estimates.defaultServiceTime > 0 else {
            throw .invalidEstimates(
                sampleSize: estimates.sampleSize, defaultServiceTime: estimates.defaultServiceTime)
        }
        for code in configuration.services.keys.sorted() {
            let service = configuration.services[code]!
            guard service.code == code else { throw .invalidPrefix(code.rawValue) }
            try check(service)
        }
    }

    /// A desk: number ≥ 1 and at least one service, each of which exists.
    public static func check(_ desk: Desk, services: [ServiceCode: Service]) throws(ConfigurationError) {
        guard desk.number.rawValue >= 1 else { throw .invalidDeskNumber(desk.number.rawValue) }
        guard !desk.services.isEmpty else { throw .deskWithoutServices(desk.number) }
        try LocalizedName.check(desk.localizedNames, of: desk.number.description)
        for code in desk.services where services[code] == nil { throw .unknownService(code) }
    }

    public static func check(_ member: StaffMember) throws(ConfigurationError) {
        guard !member.name.isBlank else {
            throw .emptyStaffName(member.id)
        }
    }
}

extension String {
    /// The string with its first character upper-cased ("desk 3" → "Desk 3").
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }

    /// True when the text is empty or only white space (a name that shows nothing).
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
