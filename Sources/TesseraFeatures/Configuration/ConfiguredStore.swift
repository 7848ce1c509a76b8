import FoundationEssentials
import KeyFileFormat
import Localization
import QueueCore
import QueueStore

extension TesseraSettings {
    /// Opens the store at `url` (nil: the embedded default) and makes it match this file:
    /// a new store is seeded from the file (or the built-in services without one); an existing
    /// one gets the file's settings, services and desks, recorded as administrative events only
    /// when something differs. Whether services are open and desks staffed is left as it is.
    ///
    /// Blocking (it opens a database): call it off the GTK thread.
    public func openConfiguredStore(url: String?, options: StoreOptions = StoreOptions(), at time: Date = Date())
        throws -> any QueueStore
    {
        var options = options
        if let setup { options.seed = setup }
        let store = try openStore(url: url, options: options)
        try apply(to: store, at: time)
        return store
    }

    /// Applies the file's setup to `store` (nothing without a file).
    public func apply(to store: any QueueStore, at time: Date) throws {
        guard let setup else { return }
        do {
            _ = try store.perform(.applySetup(setup), at: time)
        } catch {
            if case .refused(.ticketsWouldWait(let services)) = error {
                let desks = (try? store.desks()) ?? []
                throw SettingsFileError(services.map { stranding($0, desks: desks) })
            }
            guard case .refused(.invalidConfiguration(let problem)) = error else { throw error }
            throw SettingsFileError(file: file ?? localized("the configuration"), localized("does not fit the store: %s", problem.description))
        }
    }

    /// The file's line for tickets it would strand (`WaitingTicketsRule`): the `services=` of the
    /// file's desk that calls from the service now (the line that dropped it), else the service's
    /// own group (still defined, on no desk), else the first service group (where it was removed).
    private func stranding(_ service: StrandedService, desks: [Desk]) -> SettingsFileError.Problem {
        let file = file ?? localized("the configuration")
        let code = service.code.rawValue
        var location = KeyFileLocation(file: file, line: lines.serviceGroups)
        var words = QueueWords.stranded(service)
        if let desk = desks.sorted(by: { $0.number < $1.number }).first(where: {
            $0.allowedServices.contains(service.code) && lines.deskServices[$0.number] != nil
        }) {
            location = KeyFileLocation(file: file, line: lines.deskServices[desk.number], group: "desk:\(desk.number.rawValue)",
                                       key: "services")
        } else if let line = lines.services[service.code] {
            location = KeyFileLocation(file: file, line: line, group: "service:\(code)")
        }
        if lines.services[service.code] == nil {
            words += " " + localized("To move them: tessera queue services remove %1$s --transfer-to CODE", code)
        }
        return SettingsFileError.Problem(location: location, message: words)
    }
}
