import FoundationEssentials
import QueueCore
import QueueStore

/// The kiosk's printer and what to do while it cannot print (`[kiosk] printer=` and friends).
public struct KioskPrinting: Sendable {
    public var printer: any TicketPrinter
    public var footer: String
    public var withoutPrinter: WithoutPrinter
    /// How often the printer's status is read while nothing prints: often enough that a
    /// printer out of paper shows on every screen within 2 s.
    public var pollInterval: Duration
    /// The kiosk's name in its printer reports, so staff know which kiosk needs paper.
    public var terminal: String?

    public init(printer: any TicketPrinter, footer: String = "", withoutPrinter: WithoutPrinter = .showTicket,
                pollInterval: Duration = .milliseconds(500), terminal: String? = nil) {
        self.printer = printer
        self.terminal = terminal
        self.footer = footer
        self.withoutPrinter = withoutPrinter
        self.pollInterval = pollInterval
    }
}

extension KioskModel {
    /// `without-printer=stop` and the printer cannot print: no tap is taken.
    public var stoppedByPrinter: Bool {
        printing?.withoutPrinter == .stop && printerCondition.map { !$0.canPrint } == true
    }

    /// The ticket is committed: print it (the only time the phase says printing), or show it
    /// at once when there is no printer or it cannot print. Nothing here can undo the ticket.
    func ticketCommitted(_ code: ServiceCode, _ ticket: KioskTicket) {
        guard let printing, let printable = ticket.printable else { return showTicket(ticket) }
        var ticket = ticket
        if let condition = printerCondition, !condition.canPrint {
            ticket.paper = .notPrinted
            return showTicket(ticket)
        }
        phase = .printing(code, ticket)
        Task { [weak self] in
            let result = await printing.printer.print(printable)
            guard let self else { return }
            switch result {
            case .success(let condition):
                ticket.paper = .printed
                conditionRead(condition)
            case .failure(let error):
                ticket.paper = .notPrinted
                printError("tessera kiosk: ticket \(ticket.code) is issued but was not printed: \(error)")
                conditionRead(.unreachable)
            }
            showTicket(ticket)
        }
    }

    /// Reads the printer's status now and then every `pollInterval`, for as long as the model lives.
    public func watchPrinter() {
        guard let printing, !printerReadInFlight else { return }
        printerPoll?.cancel()
        printerReadInFlight = true
        Task { [weak self] in
            let condition = await printing.printer.condition()
            guard let self else { return }
            printerReadInFlight = false
            conditionRead(condition)
            printerPoll = time.schedule(after: printing.pollInterval) { [weak self] in self?.watchPrinter() }
        }
    }

    public func stopWatchingPrinter() {
        printerPoll?.cancel()
        printerPoll = nil
    }

    /// A new condition is recorded in the store, so desks and the board (other processes) show it.
    func conditionRead(_ condition: PrinterCondition) {
        guard condition != printerCondition else { return }
        printerCondition = condition
        let (store, instant, terminal) = (store, time.now(), printing?.terminal)
        Blocking.start {
            do { _ = try store.perform(.reportPrinter(condition, terminal: terminal), at: instant) } catch {
                printError("tessera kiosk: could not record the printer's condition (\(condition.rawValue)): \(error)")
            }
        }
    }

    /// Staff asked for a copy (`tessera queue reprint`, a desk): print it between customers'
    /// tickets (the printer takes one job at a time). The customer's screen does not change.
    func reprint(_ id: TicketID) {
        guard let printing else { return }
        let store = store
        Task { [weak self] in
            let paper = await Blocking.run { () -> PrintedTicket? in
                guard let ticket = try? store.ticket(id), let configuration = try? store.configuration() else { return nil }
                let name = configuration.services[ticket.service]?.name ?? ticket.service.rawValue
                return PrintedTicket(ticket, serviceName: name, configuration: configuration, footer: printing.footer,
                                     standing: nil, isReprint: true)
            }
            guard let paper else { return }
            switch await printing.printer.print(paper) {
            case .success(let condition): self?.conditionRead(condition)
            case .failure(let error):
                printError("tessera kiosk: the copy of \(paper.code) was not printed: \(error)")
                self?.conditionRead(.unreachable)
            }
        }
    }
}
