/// A staff counter that calls and serves tickets.
public struct Desk: Hashable, Codable, Sendable {
    public var number: DeskNumber
    /// Name shown to staff and on the board ("Desk 3", "Returns counter").
    public var name: String
    /// The name in other languages, by locale (`[desk:N] name[cy]`): see `name(in:)`.
    public var localizedNames: [String: String]
    /// The services this desk calls from now, in the order staff see them: the ones staff
    /// chose at the desk (`Command.chooseServices`), else all it `allows`.
    public var services: [ServiceCode]
    /// What the configuration lets this desk call from (`[desk:N] services`), when staff chose
    /// fewer; nil: `services` is all of it.
    public var allowed: [ServiceCode]?
    public var status: DeskStatus
    /// The ticket this desk has called or is serving. A desk holds at most one.
    public var currentTicket: TicketID?
    /// Who opened the desk (nil when closed or when no one signed in).
    public var staff: StaffID?

    public init(
        number: DeskNumber, name: String, services: [ServiceCode], status: DeskStatus = .closed,
        currentTicket: TicketID? = nil, staff: StaffID? = nil, allowed: [ServiceCode]? = nil,
        localizedNames: [String: String] = [:]
    ) {
        self.number = number
        self.name = name
        self.localizedNames = localizedNames
        self.services = services
        self.allowed = allowed
        self.status = status
        self.currentTicket = currentTicket
        self.staff = staff
    }

    /// Every service the configuration lets this desk call from, chosen or not.
    public var allowedServices: [ServiceCode] { allowed ?? services }

    /// This desk as the configuration now defines it (`definition`: its names and services):
    /// the staff's choice is kept where the new definition still allows it, in its order.
    public func redefined(as definition: Desk) -> Desk {
        var desk = self
        desk.name = definition.name
        desk.localizedNames = definition.localizedNames
        let chosen = allowed == nil ? [] : definition.services.filter(services.contains)
        desk.services = chosen.isEmpty ? definition.services : chosen
        desk.allowed = chosen.isEmpty ? nil : definition.services
        return desk
    }

    /// The name a desk gets when the store's configuration gives it none: "Desk 3". The board
    /// says such a desk in each language's own words; a name a store chose, as written.
    public static func defaultName(_ number: DeskNumber) -> String { "Desk \(number.rawValue)" }
}

/// Whether a desk is calling tickets.
public enum DeskStatus: String, Hashable, Codable, Sendable, CustomStringConvertible {
    /// Staffed and calling.
    case open
    /// Staffed but not calling for now (break); it may finish the ticket it holds.
    case paused
    /// Not staffed.
    case closed

    public var description: String { rawValue }
}

/// A person who works the desks.
public struct StaffMember: Hashable, Codable, Sendable {
    public var id: StaffID
    public var name: String
    public var role: StaffRole

    public init(id: StaffID, name: String, role: StaffRole = .clerk) {
        self.id = id
        self.name = name
        self.role = role
    }

    /// Whether two names are one person's to the people reading them: case aside ("siân" is
    /// "Siân", "STRASSE" is "Straße"), so a desk's list never shows two that look alike.
    public static func sameName(_ one: String, _ other: String) -> Bool {
        one.uppercased().lowercased() == other.uppercased().lowercased()
    }
}

/// What a staff member is. The core records it; permissions are the app's concern.
public enum StaffRole: String, Hashable, Codable, Sendable, CaseIterable {
    case clerk
    case supervisor
    case administrator
}
