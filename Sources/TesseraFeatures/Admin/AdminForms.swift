import Localization
import QueueCore

/// What an administrator typed to add a service, as text, exactly as the page's fields hold it.
/// `service()` reads it with the configuration file's own rules (the code in either case,
/// `HH:MM-HH:MM` with the earlier time first, a cap of 0 or empty for none), so a service added
/// on screen is one the file could have defined.
public struct ServiceForm: Equatable, Sendable {
    public var code = ""
    public var name = ""
    /// The name in Welsh (`name[cy]` in the file); empty: the plain name in every language.
    public var welshName = ""
    /// `HH:MM-HH:MM`; empty: open whenever the store is.
    public var hours = ""
    /// Most tickets a day; empty or 0: no cap.
    public var dailyCap = ""

    public init(code: String = "", name: String = "", welshName: String = "", hours: String = "", dailyCap: String = "") {
        self.code = code
        self.name = name
        self.welshName = welshName
        self.hours = hours
        self.dailyCap = dailyCap
    }

    /// The service this form describes, or the first thing wrong with it in words for the page.
    public func service(besides existing: [ServiceCode: Service]) -> Result<Service, AdminFormError> {
        let code: ServiceCode
        do { code = try ServiceCode(eitherCase: trimmed(self.code)) } catch {
            return .failure(AdminFormError(field: .code, localized("A code is 1 to 3 letters A–Z, like K.")))
        }
        guard existing[code] == nil else {
            return .failure(AdminFormError(field: .code, localized("There is already a service %s; choose another code.", code.rawValue)))
        }
        let name = trimmed(self.name)
        guard !name.isEmpty else { return .failure(AdminFormError(field: .name, localized("A service needs a name."))) }
        var service = Service(code: code, name: name)
        let welsh = trimmed(welshName)
        if !welsh.isEmpty { service.localizedNames["cy"] = welsh }
        let hours = trimmed(self.hours)
        if !hours.isEmpty {
            let parts = hours.split(separator: "-", omittingEmptySubsequences: false).map { trimmed(String($0)) }
            guard parts.count == 2, let opens = SettingsReader.time(parts[0]), let closes = SettingsReader.time(parts[1]) else {
                return .failure(AdminFormError(field: .hours, localized("Write the hours as HH:MM-HH:MM, like 09:00-17:30.")))
            }
            guard opens < closes else {
                return .failure(AdminFormError(field: .hours, localized("The hours must end after they start, like 09:00-17:30.")))
            }
            service.openingHours = OpeningHours(opens: opens, closes: closes)
        }
        let cap = trimmed(dailyCap)
        if !cap.isEmpty {
            guard let value = Int(cap), (0...1_000_000).contains(value) else {
                return .failure(AdminFormError(field: .dailyCap, localized("The daily cap is a number of tickets, 0 for no cap.")))
            }
            if value > 0 { service.dailyCap = value }
        }
        return .success(service)
    }
}

/// What an administrator typed to add a desk (a counter the store opens): its number as the
/// file writes it (1 to 999, no leading zero), a name, and the services it calls from.
public struct DeskForm: Equatable, Sendable {
    public var number = ""
    public var name = ""
    public var services: Set<ServiceCode> = []

    public init(number: String = "", name: String = "", services: Set<ServiceCode> = []) {
        self.number = number
        self.name = name
        self.services = services
    }

    public func desk(besides existing: [DeskNumber]) -> Result<Desk, AdminFormError> {
        let text = trimmed(number)
        guard let value = Int(text), (1...999).contains(value), !text.hasPrefix("0") else {
            return .failure(AdminFormError(field: .deskNumber, localized("A desk number is 1 to 999, like 3.")))
        }
        let number = DeskNumber(rawValue: value)
        guard !existing.contains(number) else {
            return .failure(AdminFormError(field: .deskNumber, localized("There is already a desk %d; choose another number.", value)))
        }
        guard !services.isEmpty else {
            return .failure(AdminFormError(field: .deskServices, localized("Tick at least one service for the desk to call from.")))
        }
        let name = trimmed(self.name)
        return .success(Desk(number: number, name: name.isEmpty ? Desk.defaultName(number) : name, services: services.sorted()))
    }
}

/// What an administrator typed to add a staff member.
public struct StaffForm: Equatable, Sendable {
    public var name = ""
    public var isAdministrator = false

    public init(name: String = "", isAdministrator: Bool = false) {
        self.name = name
        self.isAdministrator = isAdministrator
    }

    public var role: StaffRole { isAdministrator ? .administrator : .clerk }

    /// The trimmed name, or why it cannot be one.
    public func checkedName() -> Result<String, AdminFormError> {
        let name = trimmed(self.name)
        return name.isEmpty ? .failure(AdminFormError(field: .staffName, localized("A staff member needs a name."))) : .success(name)
    }
}

/// Checks a PIN typed on the admin page with the keypad's rule (4 to 8 digits). The text is not
/// kept: it goes straight to `PinHash.make`.
public enum AdminPin {
    public static func check(_ text: String) -> AdminFormError? {
        let isDigits = !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        guard isDigits, (PinDigits.shortest...PinDigits.longest).contains(text.count) else {
            return AdminFormError(field: .pin, localized("A PIN is %1$d to %2$d digits.", PinDigits.shortest, PinDigits.longest))
        }
        return nil
    }
}

/// One thing wrong with a form: the field to fix and what to do, said once on the page.
public struct AdminFormError: Error, Equatable, Sendable {
    public enum Field: Sendable { case code, name, hours, dailyCap, deskNumber, deskServices, staffName, pin }
    public var field: Field
    public var message: String

    public init(field: Field, _ message: String) {
        self.field = field
        self.message = message
    }
}

private func trimmed(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}
