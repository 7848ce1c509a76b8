import KeyFileFormat
import QueueCore

/// Reads a day file (docs/simulation.md). Every problem is reported, each as
/// `FILE:LINE: [group] key: what is wrong`, and a file with any problem gives no plan.
public struct DayPlanError: Error, Sendable, CustomStringConvertible {
    public var problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}

extension DayPlan {
    public static func read(file: String) throws(DayPlanError) -> DayPlan {
        let text: String
        do { text = try KeyFile.contents(ofFile: file) } catch {
            throw DayPlanError(problems: [KeyFileLocation(file: file).describe("\(error)")])
        }
        return try parse(text, file: file)
    }

    public static func parse(_ text: String, file: String) throws(DayPlanError) -> DayPlan {
        var reader = DayPlanReader(file: file, text: text)
        let plan = reader.plan()
        guard reader.problems.isEmpty, let plan else {
            throw DayPlanError(problems: ProblemReport.lines(reader.problems, file: file) { $0 })
        }
        return plan
    }
}

private struct DayPlanReader {
    static let dayKeys: Set = ["name", "opens", "hours", "days", "seed", "lost-minutes", "warm-up-hours", "sample-size"]
    static let serviceKeys: Set = ["name", "arrivals", "service", "service-minutes", "service-cv", "patience-minutes"]
    static let deskKeys: Set = ["services", "shifts"]

    let file: String
    let keyFile: KeyFile
    var problems: [String] = []

    init(file: String, text: String) {
        self.file = file
        let (parsed, errors) = KeyFile.parse(text)
        keyFile = parsed
        problems = errors.map { KeyFileLocation(file: file, line: $0.line, group: $0.group, key: $0.key).describe($0.message) }
    }

    mutating func plan() -> DayPlan? {
        for header in keyFile.groups where header.name != "day" && !header.name.hasPrefix("service:") && !header.name.hasPrefix("desk:") {
            problems.append(KeyFileLocation(file: file, line: header.line, group: header.name)
                .describe("unknown group; a day file has [day], [service:CODE] and [desk:N]"))
        }
        for entry in keyFile.entries {
            let known = entry.group == "day" ? Self.dayKeys : entry.group.hasPrefix("service:") ? Self.serviceKeys
                : entry.group.hasPrefix("desk:") ? Self.deskKeys : []
            if !known.isEmpty, !known.contains(entry.key) {
                report(entry, "unknown key; this group takes \(known.sorted().joined(separator: ", "))")
            }
        }
        let opens = time("opens", in: "day") ?? 9 * 60
        let hours = number("hours", in: "day", default: 10, range: 1...24)
        var plan = DayPlan(
            name: keyFile.entry("name", in: "day")?.value ?? file, opens: opens, hours: Int(hours),
            days: Int(number("days", in: "day", default: 1, range: 1...1000)),
            seed: UInt64(number("seed", in: "day", default: 1, range: 0...Double(UInt32.max))),
            lostMinutes: number("lost-minutes", in: "day", default: 1, range: 0...60),
            warmUpHours: number("warm-up-hours", in: "day", default: 0, range: 0...hours),
            sampleSize: Int(number("sample-size", in: "day", default: Double(EstimateRule().sampleSize), range: 1...1000)),
            services: [], desks: [])
        if opens + plan.hours * 60 > 24 * 60 { problems.append(location("hours", in: "day").describe("the day must close by midnight")) }
        for header in keyFile.groups where header.name.hasPrefix("service:") {
            if let service = service(header) { plan.services.append(service) }
        }
        let codes = Set(plan.services.map(\.code))
        for header in keyFile.groups where header.name.hasPrefix("desk:") {
            if let desk = desk(header, codes: codes) { plan.desks.append(desk) }
        }
        if plan.services.isEmpty { problems.append(KeyFileLocation(file: file).describe("no [service:CODE] group")) }
        if plan.desks.isEmpty { problems.append(KeyFileLocation(file: file).describe("no [desk:N] group")) }
        return problems.isEmpty ? plan : nil
    }

    private mutating func service(_ header: KeyFile.GroupHeader) -> DayPlan.ServicePlan? {
        let group = header.name
        let code = String(group.dropFirst("service:".count))
        guard !code.isEmpty, code.allSatisfy({ $0.isLetter && $0.isUppercase }), code.count <= 3 else {
            problems.append(KeyFileLocation(file: file, line: header.line, group: group).describe("a service code is 1–3 capital letters"))
            return nil
        }
        let hours = Int(number("hours", in: "day", default: 10, range: 1...24))
        var arrivals: [Double] = []
        if let entry = keyFile.entry("arrivals", in: group) {
            let values = entry.value.split(separator: ";").map { Double($0.trimmed) }
            if values.contains(where: { $0 == nil || $0! < 0 }) || !(values.count == 1 || values.count == hours) {
                report(entry, "customers per hour: one number, or \(hours) (one per hour of the day) separated by ;")
            } else {
                arrivals = values.count == 1 ? Array(repeating: values[0]!, count: hours) : values.map { $0! }
            }
        } else {
            problems.append(location("arrivals", in: group).describe("missing: customers per hour, e.g. arrivals = 20;30;40"))
        }
        let minutes = number("service-minutes", in: group, default: 4, range: 0.05...240)
        let time: DayPlan.ServiceTime
        switch keyFile.entry("service", in: group)?.value ?? "lognormal" {
        case "exponential": time = .exponential(minutes: minutes)
        case "lognormal": time = .lognormal(minutes: minutes, variation: number("service-cv", in: group, default: 0.8, range: 0.01...5))
        default:
            report(keyFile.entry("service", in: group)!, "exponential or lognormal")
            return nil
        }
        let patience = keyFile.entry("patience-minutes", in: group) == nil ? nil
            : number("patience-minutes", in: group, default: 0, range: 0.1...1000)
        return DayPlan.ServicePlan(code: ServiceCode(rawValue: code), name: keyFile.entry("name", in: group)?.value ?? code,
                                   arrivalsPerHour: arrivals, serviceTime: time, patienceMinutes: patience)
    }

    private mutating func desk(_ header: KeyFile.GroupHeader, codes: Set<ServiceCode>) -> DayPlan.DeskPlan? {
        let group = header.name
        guard let number = Int(group.dropFirst("desk:".count)), (1...999).contains(number) else {
            problems.append(KeyFileLocation(file: file, line: header.line, group: group).describe("a desk number is 1–999"))
            return nil
        }
        guard let servicesEntry = keyFile.entry("services", in: group) else {
            problems.append(location("services", in: group).describe("missing: the services the desk calls from, e.g. C;R"))
            return nil
        }
        let services = servicesEntry.value.split(separator: ";").map { ServiceCode(rawValue: $0.trimmed) }
        if let unknown = services.first(where: { !codes.contains($0) }) {
            report(servicesEntry, "no [service:\(unknown.rawValue)] group")
            return nil
        }
        var shifts: [ClosedRange<Int>] = []
        let shiftText = keyFile.entry("shifts", in: group)
        for range in (shiftText?.value ?? "").split(separator: ";") {
            let ends = range.split(separator: "-").compactMap { Self.minutes($0.trimmed) }
            guard ends.count == 2, ends[0] < ends[1] else {
                report(shiftText!, "shifts are HH:MM-HH:MM, separated by ;")
                return nil
            }
            shifts.append(ends[0]...ends[1])
        }
        if shiftText == nil { problems.append(location("shifts", in: group).describe("missing: when someone is signed in, e.g. 09:00-13:00;14:00-19:00")) }
        return DayPlan.DeskPlan(number: number, services: services, shifts: shifts)
    }

    private mutating func number(_ key: String, in group: String, default value: Double, range: ClosedRange<Double>) -> Double {
        guard let entry = keyFile.entry(key, in: group) else { return value }
        guard let number = Double(entry.value), range.contains(number) else {
            report(entry, "a number from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))")
            return value
        }
        return number
    }

    private mutating func time(_ key: String, in group: String) -> Int? {
        guard let entry = keyFile.entry(key, in: group) else { return nil }
        guard let minutes = Self.minutes(entry.value) else {
            report(entry, "a time of day, HH:MM")
            return nil
        }
        return minutes
    }

    private static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0...24).contains(hour), (0...59).contains(minute), hour * 60 + minute <= 24 * 60 else { return nil }
        return hour * 60 + minute
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private func location(_ key: String, in group: String) -> KeyFileLocation {
        let line = keyFile.groups.first { $0.name == group }?.line
        return KeyFileLocation(file: file, line: line, group: group, key: key)
    }

    private mutating func report(_ entry: KeyFile.Entry, _ message: String) {
        problems.append(KeyFileLocation(file: file, line: entry.line, group: entry.group, key: entry.key).describe(message))
    }
}

extension StringProtocol {
    fileprivate var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
