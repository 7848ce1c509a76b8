import Localization
import TesseraFeatures

/// What a `tessera` process was asked to be, parsed from its command line.
public struct LaunchOptions: Sendable, Equatable {
    /// The screen a process shows.
    public enum Role: String, Sendable, CaseIterable {
        /// The three roles side by side, on the embedded store: what `make run` starts.
        case demo
        /// The customer kiosk: one big button per open service.
        case kiosk
        /// A staff desk.
        case desk
        /// The "now serving" board.
        case board
        /// The administrator's page on its own: services, desks and staff (sign-in first).
        case admin
    }

    public var role: Role
    /// `--database URL`; nil means the embedded default.
    public var databaseURL: String?
    /// `--config FILE`; nil means `/etc/tessera/tessera.conf` if present, else built-in defaults.
    public var configPath: String?
    /// `--desk N`, for the desk role.
    public var desk: Int?
    /// `--windowed`: a normal window instead of full screen (development, the demo).
    public var isWindowed: Bool
    /// `--theme NAME|FILE`: `default`, `high-contrast` or a store's theme file; nil means default.
    public var theme: String?

    public init(role: Role, databaseURL: String? = nil, configPath: String? = nil, desk: Int? = nil,
                isWindowed: Bool = false, theme: String? = nil) {
        self.role = role
        self.databaseURL = databaseURL
        self.configPath = configPath
        self.desk = desk
        self.isWindowed = isWindowed
        self.theme = theme
    }

    /// Validates the parsed pieces: one role word, a positive desk number where one is given.
    public static func parse(arguments: [String], databaseURL: String?, configPath: String?, desk: Int?,
                             windowed: Bool, theme: String? = nil) throws(UsageError) -> LaunchOptions {
        let roles = Role.allCases.map(\.rawValue).joined(separator: "|")
        guard arguments.count <= 1 else {
            throw UsageError(localized("expected one role (%1$s), got: %2$s", roles, arguments.joined(separator: " ")))
        }
        var word = arguments.first ?? Role.demo.rawValue
        var desk = desk
        // `desk-N` is `desk --desk N`: the instance name of the packaged unit (tessera@desk-3.service).
        if word.hasPrefix("desk-"), word.dropFirst(5).allSatisfy({ ("0"..."9").contains($0) }),
           let number = Int(word.dropFirst(5)) {
            if let desk, desk != number {
                throw UsageError(localized("'%1$s' names desk %2$s but --desk says %3$s", word, number, desk))
            }
            word = Role.desk.rawValue
            desk = number
        }
        guard let role = Role(rawValue: word) else {
            throw UsageError(localized("unknown role '%1$s'; expected one of %2$s (or desk-N), or queue, gallery", word, roles))
        }
        if let desk, desk < 1 {
            throw UsageError(localized("--desk takes a desk number of 1 or more, got %s", desk))
        }
        if role == .desk && desk == nil {
            throw UsageError(localized("the desk role needs --desk N (the number of this counter)"))
        }
        return LaunchOptions(role: role, databaseURL: databaseURL, configPath: configPath,
                             desk: desk, isWindowed: windowed || role == .demo, theme: theme)
    }
}
