import Localization
import QueueCore

/// Where in the configuration file the store's services and desks are written (1-based lines),
/// read with the file.
public struct FileLines: Equatable, Sendable {
    /// Each service's `[service:CODE]` group.
    public var services: [ServiceCode: Int] = [:]
    /// Each desk's `[desk:N]` group; desks 1 to 3 of a file without desk groups are at the first
    /// service group (those services make them).
    public var desks: [DeskNumber: Int] = [:]
    /// Each `[desk:N]` group's `services=` line.
    public var deskServices: [DeskNumber: Int] = [:]
    /// The first `[service:CODE]` group: where the services are.
    public var serviceGroups: Int?

    public init() {}
}

/// A service, desk or staff member the configuration file defines: changed by editing the file,
/// so a screen shows it locked with where (`description`: "set in /etc/tessera/tessera.conf,
/// line 14").
public struct SetInFile: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { localized("set in %1$s, line %2$d", file, line) }
}

extension TesseraSettings {
    /// Where the file defines this service; nil: the store's own (added from the command line
    /// or an administrator's page), or no file.
    public func definition(of service: ServiceCode) -> SetInFile? {
        guard let file, setup?.configuration.services[service] != nil, let line = lines.services[service] else { return nil }
        return SetInFile(file: file, line: line)
    }

    /// Where the file defines this desk; nil: the store's own, or no file.
    public func definition(of desk: DeskNumber) -> SetInFile? {
        guard let file, setup?.desks.contains(where: { $0.number == desk }) == true, let line = lines.desks[desk] else {
            return nil
        }
        return SetInFile(file: file, line: line)
    }

    /// Always nil: the file defines no staff member (`[staff]` holds only how desks sign out);
    /// staff are added with `tessera staff add` or an administrator's page. Here so a screen asks
    /// the same question of every row it shows.
    public func definition(of member: StaffID) -> SetInFile? { nil }
}
