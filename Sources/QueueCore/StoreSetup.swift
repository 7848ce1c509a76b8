/// What a configuration file says a store is: its settings and services, and its desks.
///
/// It describes the store, not the day: whether a service is open and whether a desk is staffed
/// are run-time state, set at a desk or from the command line, and applying a setup keeps them.
public struct StoreSetup: Hashable, Codable, Sendable {
    /// The store's settings and services. Each service's `isOpen` is only used for services the
    /// store does not have yet (new services open).
    public var configuration: StoreConfiguration
    /// Desks by number: name and services (status, ticket and staff are run-time state).
    public var desks: [Desk]

    public init(configuration: StoreConfiguration, desks: [Desk]) {
        self.configuration = configuration
        self.desks = desks.sorted { $0.number < $1.number }
    }

    /// `configuration` with desks 1 to `deskCount`, named "Desk N", each serving every service.
    public init(configuration: StoreConfiguration, deskCount: Int) {
        let services = configuration.services.keys.sorted()
        self.init(configuration: configuration, desks: (1...max(1, deskCount)).map {
            Desk(number: DeskNumber(rawValue: $0), name: Desk.defaultName(DeskNumber(rawValue: $0)), services: services)
        })
    }

    /// The built-in store: the demo services, and desks 1 to 3 serving every service.
    public static func demo(timeZone: StoreTimeZone) -> StoreSetup {
        StoreSetup(configuration: .demo(timeZone: timeZone), deskCount: 3)
    }
}

extension QueueState {
    /// Makes the store match `setup`: one `storeConfigured` event when the settings or services
    /// differ (each existing service keeps whether it is open), then one `deskConfigured` event
    /// per desk that is new or whose name or services differ. Nothing when the store already
    /// matches, so applying the same file at every start records nothing.
    ///
    /// The file says what it defines, not the whole store (`StoreConfiguration.definedByFile`
    /// records what it defined): a service or desk the file defined before and no longer does
    /// is removed (a desk once it is closed and free); one it never defined (added from the
    /// command line or an administrator's page) is kept.
    ///
    /// Validated as a whole: the new configuration, every desk as it will be (the file's desks
    /// and the store's others) against the new services, and `WaitingTicketsRule`.
    func decideSetup(_ setup: StoreSetup, at time: Instant) throws(QueueError) -> [Event] {
        let earlier = configuration.definedByFile
        var wanted = setup.configuration
        wanted.definedByFile = FileDefinitions(
            services: Set(setup.configuration.services.keys), desks: Set(setup.desks.map(\.number)))
        // Nil (a store from before this was recorded): every service was the file's.
        for (code, service) in configuration.services
        where wanted.services[code] == nil && earlier?.services.contains(code) == false {
            wanted.services[code] = service
        }
        for (code, service) in wanted.services {
            wanted.services[code]?.isOpen = configuration.services[code]?.isOpen ?? service.isOpen
        }
        let changedDesks = setup.desks.filter { desk in
            guard let current = desks[desk.number] else { return true }
            return current.name != desk.name || current.localizedNames != desk.localizedNames
                || current.allowedServices != desk.services
        }
        // A desk the file defined and no longer does goes once nobody works at it; until then
        // it stays, still counted as the file's, so a later start removes it.
        let fileDesks = Set(setup.desks.map(\.number))
        let dropped = (earlier?.desks ?? []).subtracting(fileDesks).filter { desks[$0] != nil }.sorted()
        let removed = dropped.filter { (try? deskRemoval($0)) != nil }
        wanted.definedByFile?.desks.formUnion(dropped.filter { !removed.contains($0) })
        var final = desks
        for number in removed { final[number] = nil }
        for desk in setup.desks { final[desk.number] = desks[desk.number]?.redefined(as: desk) ?? desk }
        // First: "8 tickets wait for R" says more than "a desk calls from R".
        try checkNobodyStranded(services: wanted.services, desks: final)
        do throws(ConfigurationError) {
            try ConfigurationValidator.check(wanted)
            for number in final.keys.sorted() {
                let desk = final[number]!
                if let missing = desk.allowedServices.first(where: { wanted.services[$0] == nil }) {
                    throw .deskServiceMissing(number, missing)
                }
                try ConfigurationValidator.check(desk, services: wanted.services)
            }
        } catch { throw .invalidConfiguration(error) }
        var events: [Event] = []
        if wanted != configuration {
            events.append(Event(time: time, details: .storeConfigured(wanted)))
        }
        for desk in changedDesks {
            let definition = Desk(number: desk.number, name: desk.name, services: desk.services,
                                  localizedNames: desk.localizedNames)
            events.append(Event(desk: desk.number, time: time, details: .deskConfigured(definition)))
        }
        for number in removed { events.append(Event(desk: number, time: time, details: .deskRemoved)) }
        return events
    }
}
