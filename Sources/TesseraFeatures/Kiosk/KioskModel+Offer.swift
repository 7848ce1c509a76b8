import FoundationEssentials
import QueueCore
import QueueStore

/// What the kiosk offers: a button for each service, and for each whether it can give a ticket
/// now (`ServiceAvailability`, QueueCore's rule, asked ahead of the tap), so that a service closed
/// by staff, outside its hours or past its daily cap is shown disabled with the reason.
struct KioskOffer: Sendable {
    var configuration: StoreConfiguration
    var services: [KioskService]

    /// Reads the configuration, each service's availability and the wait a new ticket of each
    /// would get. Off the main thread: it touches the database.
    static func read(from store: any QueueStore, at date: Date) throws(StoreError) -> KioskOffer {
        let configuration = try store.configuration()
        let availability = try ServiceAvailabilities.read(from: store, configuration: configuration, at: date)
        // Best effort: a button without its wait still gives tickets.
        let waits = (try? store.waits(at: date)) ?? [:]
        let services = configuration.services.values.sorted { $0.code < $1.code }.map { service in
            KioskService(code: service.code, name: service.name, colour: service.colour,
                         availability: availability[service.code] ?? .closed, newTicket: waits[service.code],
                         localizedNames: service.localizedNames)
        }
        return KioskOffer(configuration: configuration, services: services)
    }
}
