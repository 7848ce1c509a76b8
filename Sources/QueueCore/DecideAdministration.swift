extension QueueState {
    /// Desks, services, staff and the store configuration.
    func decideAdministration(_ command: Command, at time: Instant) throws(QueueError) -> Event {
        switch command {
        case .setDesk(let desk, let staff):
            do throws(ConfigurationError) {
                try ConfigurationValidator.check(desk, services: configuration.services)
            } catch { throw .invalidConfiguration(error) }
            // Status, ticket and staff are not set this way; a new desk starts closed.
            let definition = Desk(number: desk.number, name: desk.name, services: desk.services,
                                  localizedNames: desk.localizedNames)
            var proposed = desks
            proposed[desk.number] = desks[desk.number]?.redefined(as: definition) ?? definition
            try checkNobodyStranded(services: configuration.services, desks: proposed)
            return Event(desk: desk.number, staff: try staffMember(staff), time: time, details: .deskConfigured(definition))
        case .openDesk(let number, let staff):
            let desk = try existingDesk(number)
            // Someone signing in at an open desk nobody (or somebody else) works at takes it over:
            // from then on it is their desk, and it serves (`WaitForecast.serving`).
            let takesOver = desk.status == .open && staff != nil && desk.staff != staff
            guard desk.status != .open || takesOver else { throw .deskAlready(number, .open) }
            return Event(desk: number, staff: try staffMember(staff), time: time, details: .deskOpened)
        case .pauseDesk(let number):
            let desk = try existingDesk(number)
            switch desk.status {
            case .open: return Event(desk: number, staff: desk.staff, time: time, details: .deskPaused)
            case .paused: throw .deskAlready(number, .paused)
            case .closed: throw .deskNotOpen(number, .closed)
            }
        case .closeDesk(let number):
            let desk = try existingDesk(number)
            guard desk.status != .closed else { throw .deskAlready(number, .closed) }
            if let current = desk.currentTicket {
                throw .deskBusy(number, ticket: tickets[current]?.code ?? current.description)
            }
            return Event(desk: number, staff: desk.staff, time: time, details: .deskClosed)
        case .chooseServices(let number, let chosen, let staff):
            let desk = try existingDesk(number)
            let allowed = desk.allowedServices
            // Each service once, in the order given.
            var services: [ServiceCode] = []
            for code in chosen where !services.contains(code) {
                guard allowed.contains(code) else { throw .deskDoesNotServe(number, code) }
                services.append(code)
            }
            guard !services.isEmpty else { throw .invalidConfiguration(.deskWithoutServices(number)) }
            return Event(desk: number, staff: try staffMember(staff) ?? desk.staff, time: time,
                         details: .deskServicesChosen(services))
        case .setService(let service, let staff):
            do throws(ConfigurationError) { try ConfigurationValidator.check(service) } catch {
                throw .invalidConfiguration(error)
            }
            return Event(staff: try staffMember(staff), time: time, details: .serviceConfigured(service))
        case .openService(let code, let staff), .closeService(let code, let staff):
            guard let service = configuration.services[code] else { throw .serviceNotFound(code) }
            let opening = if case .openService = command { true } else { false }
            guard service.isOpen != opening else { throw .serviceAlready(code, open: opening) }
            return Event(staff: try staffMember(staff), time: time,
                         details: opening ? .serviceOpened(code) : .serviceClosed(code))
        case .registerStaff(let member, let by):
            do throws(ConfigurationError) { try ConfigurationValidator.check(member) } catch {
                throw .invalidConfiguration(error)
            }
            return Event(staff: try staffMember(by) ?? member.id, time: time, details: .staffRegistered(member))
        case .configure(let newConfiguration):
            // First: "8 tickets wait for R" says more than "a desk calls from R".
            try checkNobodyStranded(services: newConfiguration.services, desks: desks)
            do throws(ConfigurationError) {
                try ConfigurationValidator.check(newConfiguration)
                // Desks must keep serving services that exist.
                for number in desks.keys.sorted() {
                    try ConfigurationValidator.check(desks[number]!, services: newConfiguration.services)
                }
            } catch { throw .invalidConfiguration(error) }
            return Event(time: time, details: .storeConfigured(newConfiguration))
        default:
            preconditionFailure("decideAdministration called with \(command)")
        }
    }

    private func existingDesk(_ number: DeskNumber) throws(QueueError) -> Desk {
        guard let desk = desks[number] else { throw .deskNotFound(number) }
        return desk
    }
}
