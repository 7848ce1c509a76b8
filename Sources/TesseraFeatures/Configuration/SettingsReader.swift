import FoundationEssentials
import KeyFileFormat
import Localization
import QueueCore
import QueueStore

/// One pass over a parsed key file: typed values out, problems (with their lines) collected.
struct SettingsReader {
    let keyFile: KeyFile
    let file: String
    var problems: [SettingsFileError.Problem] = []
    /// Where the store's services and desks are written, filled by `setup()`.
    private var lines = FileLines()
    /// The languages with a catalog (`Catalog.languages()`), read once.
    private(set) lazy var catalogs = Catalog.languages()

    /// The keys each kind of group has; anything else is a typo the installer must hear about.
    private static let keys: [String: Set<String>] = [
        "store": ["name", "time-zone", "day-starts-at", "carry-over", "target-wait-minutes"],
        "service": ["name", "prefix", "colour", "daily-cap", "priority-weight", "hours", "expected-minutes"],
        "desk": ["name", "services"],
        "kiosk": ["ticket-seconds", "idle-seconds", "high-contrast", "large-text", "languages", "default-language",
                  "printer", "printer-dots", "without-printer", "ticket-footer", "name"],
        "board": ["chime", "speech", "voice", "language", "languages", "volume", "highlight-seconds", "high-contrast",
                  "large-text"],
        "staff": ["sign-out-minutes", "break-minutes"],
        "theme": ["name", "file"],
        "web": ["enabled", "listen", "port", "base-url", "certificate", "key"],
    ]

    init(text: String, file: String) {
        let (keyFile, syntaxErrors) = KeyFile.parse(text)
        self.keyFile = keyFile
        self.file = file
        problems = syntaxErrors.map {
            SettingsFileError.Problem(location: KeyFileLocation(file: file, line: $0.line, group: $0.group, key: $0.key),
                                      message: $0.message)
        }
    }

    mutating func settings() -> TesseraSettings {
        checkGroupsAndKeys()
        var settings = TesseraSettings(file: file, setup: setup())
        settings.lines = lines
        settings.kiosk = kiosk()
        settings.board = board()
        settings.staff = staff()
        settings.theme = theme()
        settings.web = web()
        if let minutes = integer("target-wait-minutes", in: "store", 1...480) { settings.targetWaitMinutes = minutes }
        problems.sort { ($0.location.line ?? Int.max) < ($1.location.line ?? Int.max) }
        return settings
    }

    // MARK: Groups

    private mutating func checkGroupsAndKeys() {
        for header in keyFile.groups where Self.kind(of: header.name) == nil {
            fail(header, localized("unknown group; a configuration file has [store], [service:CODE], [desk:N], [kiosk], [board], [staff], [theme] and [web]"))
        }
        for entry in keyFile.entries {
            guard let kind = Self.kind(of: entry.group), let allowed = Self.keys[kind] else { continue }
            if let locale = entry.locale, allowed.contains(entry.name) {
                if entry.name != "name" || !Self.namedInLanguages.contains(kind) {
                    fail(entry, localized("only the names of the store, services and desks take a language; write %1$s= without [%2$s]",
                                          entry.name, locale))
                }
            } else if !allowed.contains(entry.key) {
                fail(entry, localized("unknown key; [%1$s] has %2$s", kind == "service" || kind == "desk" ? kind + ":…" : kind,
                                      allowed.sorted().joined(separator: ", ")))
            }
        }
    }

    /// The groups whose `name` customers read, so it may be given per language (`name[cy]`).
    private static let namedInLanguages: Set<String> = ["store", "service", "desk"]

    /// `store`, `service`, `desk`, … for a group name (`service:C` is a `service` group).
    private static func kind(of group: String) -> String? {
        let kind = group.split(separator: ":", maxSplits: 1).first.map(String.init) ?? group
        guard keys[kind] != nil else { return nil }
        return (kind == "service" || kind == "desk") == group.contains(":") ? kind : nil
    }

    private func headers(of kind: String) -> [KeyFile.GroupHeader] {
        var seen = Set<String>()
        return keyFile.groups.filter { $0.name.hasPrefix(kind + ":") && seen.insert($0.name).inserted }
    }

    // MARK: The store

    private mutating func setup() -> StoreSetup? {
        let serviceGroups = headers(of: "service")
        let deskGroups = headers(of: "desk")
        // The target wait is how the report reads the figures, not what the store is: a file
        // may set it for a store whose services are managed elsewhere.
        let describesStore = keyFile.entries.contains { $0.group == "store" && $0.key != "target-wait-minutes" }
            || keyFile.groups.contains { $0.name == "store" } && !keyFile.entries.contains { $0.group == "store" }
            || !serviceGroups.isEmpty || !deskGroups.isEmpty
        guard describesStore else { return nil }
        var configuration = StoreConfiguration(timeZone: .current)
        if let name = oneLine("name", in: "store") { configuration.storeName = name }
        configuration.localizedStoreNames = localizedNames(in: "store")
        if let entry = keyFile.entry("time-zone", in: "store") {
            if let zone = StoreTimeZone(identifier: entry.value), entry.value.contains("/") || entry.value == "UTC" {
                configuration.timeZone = zone
            } else {
                fail(entry, localized("“%s” is not a time zone; use an IANA name such as Europe/London (see timedatectl list-timezones)", entry.value))
            }
        }
        if let start = time("day-starts-at", in: "store") { configuration.businessDayStart = start }
        if let policy = choice("carry-over", in: "store", ["close-waiting": CarryOverPolicy.closeWaiting,
                                                             "keep-waiting": .carryOver]) {
            configuration.carryOver = policy
        }
        if serviceGroups.isEmpty {
            fail(keyFile.groups[0], localized("the file describes the store but defines no service; add a [service:C] group with a name"))
        }
        var groupOf: [ServiceCode: KeyFile.GroupHeader] = [:]
        for header in serviceGroups {
            guard let service = service(header) else { continue }
            if let first = groupOf[service.code] {
                fail(header, localized("this is the service of [%1$s] on line %2$d (codes are the same in either case); write it once", first.name, first.line))
                continue
            }
            groupOf[service.code] = header
            configuration.services[service.code] = service
            lines.services[service.code] = header.line
        }
        lines.serviceGroups = serviceGroups.first?.line
        var desks: [Desk] = []
        for header in deskGroups {
            guard let desk = desk(header, services: configuration.services) else { continue }
            desks.append(desk)
            lines.desks[desk.number] = header.line
            lines.deskServices[desk.number] = keyFile.entry("services", in: header.name)?.line
        }
        let setup = deskGroups.isEmpty
            ? StoreSetup(configuration: configuration, deskCount: 3)
            : StoreSetup(configuration: configuration, desks: desks)
        // Without [desk:N] groups the file's services make desks 1 to 3: they are where those are.
        if deskGroups.isEmpty, let first = lines.serviceGroups {
            for desk in setup.desks { lines.desks[desk.number] = first }
        }
        do { try ConfigurationValidator.check(configuration) } catch {
            fail(keyFile.groups.first { $0.name == "store" } ?? keyFile.groups[0], error.description)
        }
        return setup
    }

    private mutating func service(_ header: KeyFile.GroupHeader) -> Service? {
        let text = String(header.name.dropFirst("service:".count))
        guard let code = try? ServiceCode(eitherCase: text) else {
            fail(header, localized("“%s” is not a service code: 1 to 3 letters A–Z, like [service:C]", text))
            return nil
        }
        let group = header.name
        guard let name = oneLine("name", in: group) else {
            if keyFile.entry("name", in: group) == nil { fail(header, localized("a service needs a name: add name=…")) }
            return nil
        }
        var service = Service(code: code, name: name, localizedNames: localizedNames(in: group))
        if let prefix = keyFile.entry("prefix", in: group), (try? ServiceCode(eitherCase: prefix.value)) != code {
            fail(prefix, localized("a service's prefix is its code: name the group [service:%s] instead", prefix.value))
        }
        if let colour = keyFile.entry("colour", in: group) {
            do { try ConfigurationValidator.checkColour(colour.value, of: code) } catch { fail(colour, error.description) }
            service.colour = colour.value
        }
        // 0 is no cap, as on the command line (where `services set --cap 0` takes a cap away).
        if let cap = integer("daily-cap", in: group, 0...1_000_000), cap > 0 { service.dailyCap = cap }
        service.priorityWeight = integer("priority-weight", in: group, 1...100) ?? 1
        service.expectedMinutes = integer("expected-minutes", in: group, 1...480)
        if let entry = keyFile.entry("hours", in: group) {
            let parts = entry.value.split(separator: "-", omittingEmptySubsequences: false)
            if parts.count == 2, let opens = Self.time(String(parts[0])), let closes = Self.time(String(parts[1])) {
                // QueueCore would read 17:30-09:00 as open overnight; the file has no way to say
                // that is meant, so it is taken for the swapped times it usually is.
                if opens < closes {
                    service.openingHours = OpeningHours(opens: opens, closes: closes)
                } else {
                    fail(entry, localized("“%s”: hours must end after they start; write HH:MM-HH:MM with the earlier time first, like 09:00-17:30", entry.value))
                }
            } else {
                fail(entry, localized("“%s” is not opening hours; write HH:MM-HH:MM, like 09:00-17:30", entry.value))
            }
        }
        return service
    }

    private mutating func desk(_ header: KeyFile.GroupHeader, services: [ServiceCode: Service]) -> Desk? {
        let text = header.name.dropFirst("desk:".count)
        guard let number = Int(text), (1...999).contains(number), !text.hasPrefix("0") else {
            fail(header, localized("“%s” is not a desk number: 1 to 999, like [desk:3]", text))
            return nil
        }
        let group = header.name
        let name = oneLine("name", in: group) ?? localized("Desk %d", number)
        guard let entry = keyFile.entry("services", in: group) else {
            fail(header, localized("a desk needs services=…, the codes it calls from separated by ;, like C;R"))
            return nil
        }
        var codes: [ServiceCode] = []
        for part in entry.value.split(separator: ";").map({ $0.trimmingSpaces() }) where !part.isEmpty {
            let code = (try? ServiceCode(eitherCase: part)) ?? ServiceCode(rawValue: part)
            if services[code] == nil {
                fail(entry, localized("service “%1$s” is not defined in this file; add a [service:%2$s] group or remove it here", part, part))
            } else if !codes.contains(code) {
                codes.append(code)
            }
        }
        if codes.isEmpty, entry.value.split(separator: ";").allSatisfy({ $0.trimmingSpaces().isEmpty }) {
            fail(entry, localized("a desk needs at least one service code, like C;R"))
        }
        return Desk(number: DeskNumber(rawValue: number), name: name, services: codes, localizedNames: localizedNames(in: group))
    }
}
