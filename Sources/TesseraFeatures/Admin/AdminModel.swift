import FoundationEssentials
import Localization
import QueueCore
import QueueStore

/// The administrator's page as a model: reads the store's services, desks and staff, changes
/// them as the signed-in administrator (every change an event naming them), and follows what
/// any terminal changes. One message at a time says what the last action did or why not.
@MainActor public final class AdminModel {
    /// The administrator signed in; every change is recorded as theirs.
    public let admin: StaffMember
    public private(set) var snapshot: AdminSnapshot?
    /// What the last action did, or why it was refused, in words for the page.
    public private(set) var message: AdminMessage?
    /// An action is running: the page's buttons wait for it (one tap, one change).
    public private(set) var isBusy = false
    /// A service whose removal was refused because tickets wait for it: the page offers to move
    /// them to another service and remove it then.
    public private(set) var removalWaiting: ServiceCode?
    public var onChange: (@MainActor () -> Void)?

    private let store: any QueueStore
    private let credentials: any StaffCredentials
    private let time: any TimeSource
    private let locks: ConfigurationLocks
    private var subscription: ChangeSubscription?

    public init(admin: StaffMember, store: any QueueStore, credentials: any StaffCredentials,
                time: any TimeSource, locks: ConfigurationLocks) {
        self.admin = admin
        self.store = store
        self.credentials = credentials
        self.time = time
        self.locks = locks
    }

    /// Reads the store now and after every change any terminal commits.
    public func follow() async throws {
        let store = store
        subscription = try await Blocking.run {
            try store.observe(after: store.lastEventID()) { _ in
                Task { @MainActor [weak self] in await self?.reload() }
            }
        }
        await reload()
    }

    public func stop() {
        subscription?.cancel()
        subscription = nil
    }

    public func reload() async {
        let (store, credentials, locks) = (store, credentials, locks)
        do {
            let read = try await Blocking.run { () throws(StoreError) -> AdminSnapshot in
                let configuration = try store.configuration()
                let services = configuration.services.values.sorted { $0.code < $1.code }
                    .map { AdminSnapshot.ServiceRow(service: $0, lockedBecause: locks.service($0.code)) }
                let desks = try store.desks().sorted { $0.number < $1.number }
                    .map { AdminSnapshot.DeskRow(desk: $0, lockedBecause: locks.desk($0.number)) }
                return AdminSnapshot(services: services, desks: desks, staff: try credentials.activeStaff())
            }
            guard read != snapshot else { return }
            snapshot = read
        } catch {
            message = .refused(QueueWords.describe(error))
        }
        onChange?()
    }

    // MARK: Services

    /// Adds the service the form describes (open, on no desk yet: give it a desk next).
    @discardableResult
    public func addService(_ form: ServiceForm) async -> Bool {
        let existing = Dictionary((snapshot?.services ?? []).map { ($0.service.code, $0.service) }, uniquingKeysWith: { a, _ in a })
        switch form.service(besides: existing) {
        case .failure(let error):
            say(.refused(error.message))
            return false
        case .success(let service):
            return await perform(.setService(service, staff: admin.id),
                                 done: localized("%1$s (%2$s) added. Choose the desks that call it under Desks.", service.name, service.code.rawValue))
        }
    }

    /// Opens or closes a service for new tickets (waiting ones can still be called).
    @discardableResult
    public func setOpen(_ code: ServiceCode, _ open: Bool) async -> Bool {
        guard let row = snapshot?.service(code) else { return false }
        let name = row.service.name
        return await perform(open ? .openService(code, staff: admin.id) : .closeService(code, staff: admin.id),
                             done: open ? localized("%s is open for tickets.", name) : localized("%s is closed for new tickets; those waiting can still be called.", name))
    }

    /// Removes a service from the store and every desk. Refused while tickets wait for it (the
    /// queue's `WaitingTicketsRule`), with their count; with `transferTo` they are moved there
    /// first, by arrival, each keeping its code.
    @discardableResult
    public func removeService(_ code: ServiceCode, transferTo target: ServiceCode? = nil) async -> Bool {
        guard let row = snapshot?.service(code) else { return false }
        if let lock = row.lockedBecause { say(.refused(lock)); return false }
        let name = row.service.name
        let done = target.flatMap { snapshot?.service($0)?.service.name }
            .map { localized("%1$s removed; its waiting tickets now wait for %2$s.", name, $0) } ?? localized("%s removed.", name)
        let (store, now) = (store, time.now())
        let command = Command.removeService(code, transferTo: target, staff: admin.id)
        let failure = await attempt(done: done) { _ = try store.perform(command, at: now) }
        let waiting = if case .refused(.ticketsWouldWait)? = failure as? StoreError { true } else { false }
        removalWaiting = failure == nil || target != nil || !waiting ? nil : code
        onChange?()
        return failure == nil
    }

    // MARK: Desks

    /// Adds a desk (closed until someone signs in at it).
    @discardableResult
    public func addDesk(_ form: DeskForm) async -> Bool {
        switch form.desk(besides: snapshot?.desks.map(\.desk.number) ?? []) {
        case .failure(let error):
            say(.refused(error.message))
            return false
        case .success(let desk):
            return await perform(.setDesk(desk, staff: admin.id),
                                 done: localized("%1$s added; it calls from %2$s.", desk.name, desk.services.map(\.rawValue).joined(separator: ", ")))
        }
    }

    /// Sets the services desk `number` may call from, in the store's order of codes.
    @discardableResult
    public func setServices(of number: DeskNumber, to codes: Set<ServiceCode>) async -> Bool {
        guard let row = snapshot?.desk(number) else { return false }
        if let lock = row.lockedBecause { say(.refused(lock)); return false }
        guard !codes.isEmpty else {
            say(.refused(localized("%s needs at least one service to call from.", row.desk.name)))
            return false
        }
        // Only its services change: its names (each language's too) stay as they are.
        let definition = Desk(number: number, name: row.desk.name, services: codes.sorted(), localizedNames: row.desk.localizedNames)
        return await perform(.setDesk(definition, staff: admin.id),
                             done: localized("%1$s now calls from %2$s.", row.desk.name, codes.sorted().map(\.rawValue).joined(separator: ", ")))
    }

    // MARK: Staff

    /// Adds a member with their PIN in one step: they are listed only with the PIN given.
    @discardableResult
    public func addStaff(_ form: StaffForm, pin: String) async -> Bool {
        let name: String
        switch form.checkedName() {
        case .failure(let error): say(.refused(error.message)); return false
        case .success(let checked): name = checked
        }
        if let error = AdminPin.check(pin) { say(.refused(error.message)); return false }
        let (credentials, now, admin, role) = (credentials, time.now(), admin, form.role)
        return await run(done: localized("%s added; they can sign in at any desk with their PIN.", name)) {
            let hash = try PinHash.make(pin)
            _ = try credentials.addStaff(name: name, role: role, pinHash: hash, by: admin.id, at: now)
        }
    }

    /// Gives a member a new PIN (they forgot theirs).
    @discardableResult
    public func resetPin(of member: StaffMember, to pin: String) async -> Bool {
        if let error = AdminPin.check(pin) { say(.refused(error.message)); return false }
        let credentials = credentials
        return await run(done: localized("%s has a new PIN.", member.name)) {
            try credentials.setPinHash(try PinHash.make(pin), for: member.id)
        }
    }

    /// Makes a member an administrator or ordinary staff: a `staffRegistered` event naming the
    /// administrator who did. Not oneself: the last administrator could otherwise leave the store
    /// with nobody to manage it.
    @discardableResult
    public func setRole(of member: StaffMember, to role: StaffRole) async -> Bool {
        guard member.id != admin.id else {
            say(.refused(localized("You cannot change your own role; another administrator can.")))
            return false
        }
        var changed = member
        changed.role = role
        let done = role == .administrator ? localized("%s is now an administrator.", member.name)
            : localized("%s is now staff.", member.name)
        return await perform(.registerStaff(changed, by: admin.id), done: done)
    }

    /// The member can no longer sign in; their history stays. An administrator cannot remove
    /// themselves (the store would be left with nobody to manage it).
    @discardableResult
    public func remove(_ member: StaffMember) async -> Bool {
        guard member.id != admin.id else {
            say(.refused(localized("You cannot remove yourself; another administrator can.")))
            return false
        }
        let credentials = credentials
        return await run(done: localized("%s can no longer sign in.", member.name)) {
            try credentials.removeStaff(member.id)
        }
    }

    // MARK: Running

    private func perform(_ command: Command, done: String) async -> Bool {
        let (store, now) = (store, time.now())
        return await run(done: done) { _ = try store.perform(command, at: now) }
    }

    private func run(done: String, _ work: @escaping @Sendable () throws -> Void) async -> Bool {
        await attempt(done: done, work) == nil
    }

    /// Runs `work` off the main thread, one action at a time; nil when it was done, else why not.
    private func attempt(done: String, _ work: @escaping @Sendable () throws -> Void) async -> (any Error)? {
        // One tap, one change: a second while the first runs is not taken.
        guard !isBusy else { return CancellationError() }
        isBusy = true
        onChange?()
        do {
            try await Blocking.run(work)
            isBusy = false
            message = .done(done)
            await reload()
            onChange?()
            return nil
        } catch {
            isBusy = false
            say(.refused(QueueWords.describe(error)))
            return error
        }
    }

    private func say(_ message: AdminMessage) {
        self.message = message
        onChange?()
    }
}

/// The page's one message: what was done, or what was refused and why.
public enum AdminMessage: Equatable, Sendable {
    case done(String)
    case refused(String)

    public var text: String {
        switch self {
        case .done(let text), .refused(let text): text
        }
    }
}
