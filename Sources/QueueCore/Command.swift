/// Something staff, a customer or the system asks the queue to do. `decide` turns it into
/// events or refuses it with a `QueueError`; the time always comes in separately.
///
/// `staff` parameters are optional: when nil, a desk action is attributed to the staff member
/// who opened the desk.
public enum Command: Hashable, Codable, Sendable {
    // Tickets
    /// A customer takes a ticket for a service. `language`: the gettext name of the language the
    /// customer chose ("cy"), kept with the ticket so the board calls it in that language.
    case issue(service: ServiceCode, priority: PriorityClass = .normal, language: String? = nil)
    /// The desk calls the next ticket from its services (or only from `service`).
    /// Refused while the desk already holds a called or serving ticket (no auto-complete).
    case callNext(desk: DeskNumber, service: ServiceCode? = nil, staff: StaffID? = nil)
    /// Call a chosen waiting ticket to the desk, out of call order (staff picked it from the
    /// list). Same desk rules as `callNext`: the desk is open, holds nothing and serves the
    /// ticket's service.
    case call(ticket: TicketID, desk: DeskNumber, staff: StaffID? = nil)
    /// Call a called ticket again (board and chime); counted in `recallCount`.
    case recall(ticket: TicketID, staff: StaffID? = nil)
    /// The called customer arrived at the desk: service starts.
    case start(ticket: TicketID, staff: StaffID? = nil)
    /// Service finished; frees the desk.
    case complete(ticket: TicketID, outcome: Outcome = .served, staff: StaffID? = nil)
    /// The called customer did not come; frees the desk.
    case noShow(ticket: TicketID, staff: StaffID? = nil)
    /// A no-show came back after all: waiting again, at the back of its lane, same code.
    /// Only on the ticket's own business day and while no other open ticket shows its number.
    case reactivate(ticket: TicketID, staff: StaffID? = nil)
    /// Move a waiting, called or serving ticket to another service's lane. A called or serving
    /// ticket frees its desk and becomes waiting in the target lane.
    case transfer(
        ticket: TicketID, to: ServiceCode, position: TransferPosition = .back, staff: StaffID? = nil)
    /// Set a called or serving ticket aside (customer fetching something); frees the desk.
    case park(ticket: TicketID, staff: StaffID? = nil)
    /// Bring a parked ticket back: into its lane, or straight to a desk (see `ResumeTarget`).
    case resume(ticket: TicketID, to: ResumeTarget, staff: StaffID? = nil)
    /// Remove an open ticket (customer left); frees its desk if it held one.
    case cancel(ticket: TicketID, staff: StaffID? = nil)

    // Desks
    /// Add a desk or change its name and services (its status and ticket are kept); `staff`:
    /// the administrator who changed it, named in the event.
    case setDesk(Desk, staff: StaffID? = nil)
    /// Open a closed or paused desk, optionally signing a staff member in.
    case openDesk(DeskNumber, staff: StaffID? = nil)
    /// Stop calling for a while; the desk may still finish the ticket it holds.
    case pauseDesk(DeskNumber)
    /// Close the desk; refused while it holds a ticket.
    case closeDesk(DeskNumber)
    /// Remove a closed desk that holds no ticket; refused while tickets wait that only it calls
    /// (`WaitingTicketsRule`).
    case removeDesk(DeskNumber, staff: StaffID? = nil)
    /// Staff choose which of the desk's allowed services (`Desk.allowedServices`) it calls
    /// from, in this order: at least one, each one it allows.
    case chooseServices(desk: DeskNumber, services: [ServiceCode], staff: StaffID? = nil)

    // Services, staff, store
    /// Add a service or replace its settings (validated); `staff`: who changed it, named in the event.
    case setService(Service, staff: StaffID? = nil)
    /// Start issuing tickets for a service.
    case openService(ServiceCode, staff: StaffID? = nil)
    /// Stop issuing tickets for a service; waiting tickets can still be called.
    case closeService(ServiceCode, staff: StaffID? = nil)
    /// Remove a service from the store and from every desk. Refused while a desk holds one of
    /// its tickets, and while tickets wait for it (`WaitingTicketsRule`) unless `transferTo`
    /// names a service some desk calls from: each waiting and parked ticket then moves there
    /// first, by arrival (a parked one stays parked).
    case removeService(ServiceCode, transferTo: ServiceCode? = nil, staff: StaffID? = nil)
    /// Add a staff member or change their name and role; `by`: the administrator who did, named
    /// in the event (the member themselves when nil, as when staff were added from a shell).
    case registerStaff(StaffMember, by: StaffID? = nil)
    /// Replace the store configuration (validated). Existing tickets keep their codes and keys.
    case configure(StoreConfiguration)
    /// Make the store match a configuration file (see `StoreSetup`): its settings, services and
    /// desks; open/closed and desk status stay as they are. No events when nothing differs.
    case applySetup(StoreSetup)
    /// Move to the business day of the command's time, if it has changed: close or carry over
    /// the earlier days' waiting and parked tickets. Idempotent: no events on the same day.
    case changeDay

    // The kiosk's printer
    /// The printer of the kiosk named `terminal` is now in `condition` (recorded on each change,
    /// for desks and the board).
    case reportPrinter(PrinterCondition, terminal: String? = nil)
    /// Print a ticket again at the kiosk named `terminal` (nil: every kiosk with a printer): the
    /// customer lost it, or the first print failed.
    case reprint(ticket: TicketID, staff: StaffID? = nil, terminal: String? = nil)
}

/// Where a parked ticket goes when it is resumed.
public enum ResumeTarget: Hashable, Codable, Sendable {
    /// Back to waiting in its lane at the given position (the app's default is `.front`: the
    /// customer had already been called once).
    case queue(TransferPosition)
    /// Straight to this desk, which must be open and free; the ticket is **serving** there at
    /// once (the customer is standing at the desk). `startedAt` keeps its first value.
    case desk(DeskNumber)
}
