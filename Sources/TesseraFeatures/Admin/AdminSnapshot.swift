import QueueCore
import QueueStore

/// What the admin page shows, read from the store in one go: every service, desk and member
/// who may sign in, each with why it cannot be changed here, if it cannot.
public struct AdminSnapshot: Equatable, Sendable {
    public struct ServiceRow: Equatable, Sendable {
        public var service: Service
        /// "Set in /etc/tessera/tessera.conf, line 31": the file defines it, edit it there.
        public var lockedBecause: String?
    }

    public struct DeskRow: Equatable, Sendable {
        public var desk: Desk
        public var lockedBecause: String?
    }

    public var services: [ServiceRow]
    public var desks: [DeskRow]
    public var staff: [StaffRecord]

    public func service(_ code: ServiceCode) -> ServiceRow? { services.first { $0.service.code == code } }
    public func desk(_ number: DeskNumber) -> DeskRow? { desks.first { $0.desk.number == number } }
}

/// Where a service or desk is defined when it is the configuration file's, in words for the
/// page ("set in FILE, line N"); nil when the store's database defines it and the page may
/// change it. The app gives the file's answer (`TesseraSettings`); tests give their own.
public struct ConfigurationLocks: Sendable {
    public var service: @Sendable (ServiceCode) -> String?
    public var desk: @Sendable (DeskNumber) -> String?

    public init(service: @escaping @Sendable (ServiceCode) -> String?, desk: @escaping @Sendable (DeskNumber) -> String?) {
        self.service = service
        self.desk = desk
    }

    /// Nothing is locked: a store set up without a file.
    public static let none = ConfigurationLocks(service: { _ in nil }, desk: { _ in nil })
}
