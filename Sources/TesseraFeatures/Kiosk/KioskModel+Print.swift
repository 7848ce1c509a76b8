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

    /// What the flow decides by.
    var flowPrinter: KioskFlow.Printer {
        KioskFlow.Printer(footer: footer, withoutPrinter: withoutPrinter, pollInterval: pollInterval, terminal: terminal)
    }
}

extension KioskModel {
    /// Reads the printer's status now and then every `pollInterval`, for as long as the model lives.
    public func watchPrinter() {
        send(.watchPrinter)
    }

    public func stopWatchingPrinter() {
        send(.stopWatchingPrinter)
    }

    /// Prints the committed ticket; a failure is logged here, what it means is the flow's.
    func printTicket(_ ticket: PrintedTicket) {
        guard let printer = printing?.printer else { return }
        Task { [weak self] in
            let result = await printer.print(ticket)
            if case .failure(let error) = result {
                printError("tessera kiosk: ticket \(ticket.code) is issued but was not printed: \(error)")
            }
            guard let self else { return }
            send(.printed(result, now: time.now()))
        }
    }

    func readPrinterCondition() {
        guard let printer = printing?.printer else { return }
        Task { [weak self] in
            let condition = await printer.condition()
            guard let self else { return }
            send(.printerConditionRead(condition, now: time.now()))
        }
    }

    func record(_ condition: PrinterCondition, terminal: String?, at instant: Date) {
        let store = store
        Blocking.start {
            do { _ = try store.perform(.reportPrinter(condition, terminal: terminal), at: instant) } catch {
                printError("tessera kiosk: could not record the printer's condition (\(condition.rawValue)): \(error)")
            }
        }
    }

    /// Staff asked for a copy (`tessera queue reprint`, a desk): print it between customers'
    /// tickets (the printer takes one job at a time). The customer's screen does not change.
    func reprint(_ id: TicketID, footer: String) {
        guard let printer = printing?.printer else { return }
        let store = store
        Task { [weak self] in
            let paper = await Blocking.run { () -> PrintedTicket? in
                guard let ticket = try? store.ticket(id), let configuration = try? store.configuration() else { return nil }
                let name = configuration.services[ticket.service]?.name(in: PrintedTicket.nameLocale(of: ticket))
                    ?? ticket.service.rawValue
                return PrintedTicket(ticket, serviceName: name, configuration: configuration, footer: footer,
                                     standing: nil, isReprint: true)
            }
            guard let paper else { return }
            let result = await printer.print(paper)
            if case .failure(let error) = result {
                printError("tessera kiosk: the copy of \(paper.code) was not printed: \(error)")
            }
            guard let self else { return }
            send(.reprinted(result, now: time.now()))
        }
    }
}
