import KeyFileFormat
import Localization
import QueueCore

/// The screens' groups, and typed values out of entries (a bad value is a problem with its line).
extension SettingsReader {
    mutating func kiosk() -> KioskSettings {
        var kiosk = KioskSettings()
        if let seconds = integer("ticket-seconds", in: "kiosk", 2...600) { kiosk.ticketSeconds = seconds }
        if let seconds = integer("idle-seconds", in: "kiosk", 5...3600) { kiosk.idleSeconds = seconds }
        if let flag = boolean("high-contrast", in: "kiosk") { kiosk.highContrast = flag }
        if let flag = boolean("large-text", in: "kiosk") { kiosk.largeText = flag }
        kiosk.languages = languages("languages", in: "kiosk", shown: true) ?? []
        if let entry = keyFile.entry("default-language", in: "kiosk"),
           let chosen = languages("default-language", in: "kiosk", shown: true)?.first {
            if !kiosk.languages.isEmpty, !kiosk.languages.contains(chosen) {
                fail(entry, localized("“%s” is not one of languages=; name one of them, or add it there", chosen))
            } else {
                kiosk.defaultLanguage = chosen
                if kiosk.languages.isEmpty { kiosk.languages = [chosen] }
            }
        }
        if let entry = keyFile.entry("printer", in: "kiosk") {
            switch PrinterAddress.parse(entry.value) {
            case .success(let address): kiosk.printer = address
            case .failure(let problem): fail(entry, localized("“%1$s” is %2$s", entry.value, problem))
            }
        }
        if let dots = integer("printer-dots", in: "kiosk", 64...2048) {
            if dots.isMultiple(of: 8) { kiosk.printerDots = dots } else {
                fail(keyFile.entry("printer-dots", in: "kiosk")!, localized("%d is not a multiple of 8; use 384 for 58 mm paper or 576 for 80 mm", dots))
            }
        }
        if let choice = choice("without-printer", in: "kiosk", ["show-ticket": WithoutPrinter.showTicket, "stop": .stop]) {
            kiosk.withoutPrinter = choice
        }
        if keyFile.entry("ticket-footer", in: "kiosk")?.value.isEmpty == false, let footer = oneLine("ticket-footer", in: "kiosk") {
            kiosk.ticketFooter = footer
        }
        if keyFile.entry("name", in: "kiosk")?.value.isEmpty == false, let name = oneLine("name", in: "kiosk") {
            kiosk.name = name
        }
        return kiosk
    }

    mutating func staff() -> StaffSettings {
        var staff = StaffSettings()
        if let minutes = integer("sign-out-minutes", in: "staff", 1...480) { staff.signOutMinutes = minutes }
        if let minutes = integer("break-minutes", in: "staff", 1...240) { staff.breakMinutes = minutes }
        return staff
    }

    mutating func board() -> BoardSettings {
        var board = BoardSettings()
        if let flag = boolean("chime", in: "board") { board.chime = flag }
        if let flag = boolean("speech", in: "board") { board.speech = flag }
        if let voice = word("voice", in: "board") { board.voice = voice }
        if let language = languages("language", in: "board")?.first { board.language = language }
        board.languages = languages("languages", in: "board") ?? []
        if let volume = integer("volume", in: "board", 0...100) { board.volume = volume }
        if let seconds = integer("highlight-seconds", in: "board", 2...60) { board.highlightSeconds = seconds }
        if let flag = boolean("high-contrast", in: "board") { board.highContrast = flag }
        if let flag = boolean("large-text", in: "board") { board.largeText = flag }
        return board
    }

    /// `[theme] name=` or `file=` (one of them). `[kiosk] high-contrast` is not a theme: the kiosk
    /// starts in its own high-contrast look, which a customer can turn off and on.
    mutating func theme() -> String? {
        let name = keyFile.entry("name", in: "theme")
        let file = keyFile.entry("file", in: "theme")
        if let name, file != nil {
            fail(name, localized("give either name= or file=, not both"))
        }
        if let name {
            guard ["default", "high-contrast"].contains(name.value) else {
                fail(name, localized("“%s” is not a built-in theme; use default or high-contrast, or file=/path/to.theme", name.value))
                return nil
            }
            return name.value
        }
        if let file {
            guard file.value.hasPrefix("/") else {
                fail(file, localized("give the theme file's absolute path, like /etc/tessera/brand.theme"))
                return nil
            }
            return file.value
        }
        return nil
    }

    // MARK: Values

    mutating func fail(_ entry: KeyFile.Entry, _ message: String) {
        problems.append(.init(location: KeyFileLocation(file: file, line: entry.line, group: entry.group, key: entry.key),
                              message: message))
    }

    mutating func fail(_ header: KeyFile.GroupHeader, _ message: String) {
        problems.append(.init(location: KeyFileLocation(file: file, line: header.line, group: header.name),
                              message: message))
    }

    /// A one-line text shown to people (QueueCore's `DisplayText` rule).
    mutating func oneLine(_ key: String, in group: String) -> String? {
        guard let entry = keyFile.entry(key, in: group) else { return nil }
        let value = entry.value.trimmingSpaces()
        if let problem = DisplayText.problem(in: value) {
            fail(entry, problem)
            return nil
        }
        return value
    }

    /// A short identifier such as a voice or language name: letters, digits, `-` and `_`.
    mutating func word(_ key: String, in group: String) -> String? {
        guard let entry = keyFile.entry(key, in: group) else { return nil }
        let allowed = !entry.value.isEmpty && entry.value.count <= 40
            && entry.value.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "+") }
        guard allowed else { fail(entry, localized("“%s” is not a name like en-gb", entry.value)); return nil }
        return entry.value
    }

    mutating func integer(_ key: String, in group: String, _ range: ClosedRange<Int>) -> Int? {
        guard let entry = keyFile.entry(key, in: group) else { return nil }
        guard let value = Int(entry.value), entry.value.first != "+" else {
            fail(entry, localized("“%s” is not a whole number", entry.value))
            return nil
        }
        guard range.contains(value) else {
            fail(entry, localized("%1$s is out of range; allowed %2$s to %3$s", value, range.lowerBound, range.upperBound))
            return nil
        }
        return value
    }

    /// `true` or `false`, as GKeyFile writes booleans.
    mutating func boolean(_ key: String, in group: String) -> Bool? {
        guard let entry = keyFile.entry(key, in: group) else { return nil }
        switch entry.value {
        case "true": return true
        case "false": return false
        default:
            fail(entry, localized("“%s” is not true or false", entry.value))
            return nil
        }
    }

    mutating func time(_ key: String, in group: String) -> TimeOfDay? {
        guard let entry = keyFile.entry(key, in: group) else { return nil }
        guard let time = Self.time(entry.value) else {
            fail(entry, localized("“%s” is not a time of day; write HH:MM, like 04:00", entry.value))
            return nil
        }
        return time
    }

    mutating func choice<Value>(_ key: String, in group: String, _ choices: KeyValuePairs<String, Value>) -> Value? {
        guard let entry = keyFile.entry(key, in: group) else { return nil }
        guard let value = choices.first(where: { $0.key == entry.value })?.value else {
            fail(entry, localized("“%1$s” is not allowed; use %2$s", entry.value, choices.map(\.key).joined(separator: " or ")))
            return nil
        }
        return value
    }

    /// `HH:MM`, 00:00 to 23:59.
    static func time(_ text: String) -> TimeOfDay? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        let time = TimeOfDay(hour: hour, minute: minute)
        return time.isValid ? time : nil
    }
}
