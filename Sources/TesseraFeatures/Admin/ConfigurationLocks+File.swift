import FoundationEssentials
import KeyFileFormat
import Localization
import QueueCore

extension ConfigurationLocks {
    /// What `settings`' file defines, locked with its line: `[service:C]` and `[desk:1]` are
    /// the file's (a change there is lost at the next start, when the file is applied again);
    /// everything else is the store's. Without a file nothing is locked.
    public static func of(_ settings: TesseraSettings) -> ConfigurationLocks {
        guard let path = settings.file, let setup = settings.setup,
              let text = try? String(contentsOfFile: path, encoding: .utf8) else { return .none }
        var services: [ServiceCode: Int] = [:]
        var desks: [DeskNumber: Int] = [:]
        for header in KeyFile.parse(text).file.groups {
            let name = header.name
            if name.hasPrefix("service:"), let code = try? ServiceCode(eitherCase: String(name.dropFirst("service:".count))) {
                services[code] = services[code] ?? header.line
            } else if name.hasPrefix("desk:"), let number = Int(name.dropFirst("desk:".count)) {
                desks[DeskNumber(rawValue: number)] = desks[DeskNumber(rawValue: number)] ?? header.line
            }
        }
        let defined = Set(setup.configuration.services.keys), definedDesks = Set(setup.desks.map(\.number))
        let (serviceLines, deskLines) = (services, desks)
        let words: @Sendable (Int?) -> String = { line in
            line.map { localized("Set in %1$s, line %2$d: change it there.", path, $0) } ?? localized("Set in %s: change it there.", path)
        }
        return ConfigurationLocks(service: { defined.contains($0) ? words(serviceLines[$0]) : nil },
                                  desk: { definedDesks.contains($0) ? words(deskLines[$0]) : nil })
    }
}
