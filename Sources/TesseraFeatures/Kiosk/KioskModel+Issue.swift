import FoundationEssentials
import Localization
import QueueCore
import QueueStore

extension KioskModel {
    /// Issues the ticket off the main thread; returns once it is committed durably, so nothing
    /// is shown that a crash could take back. After the commit nothing fails: where the ticket
    /// stands is best effort, so a failing read never makes a committed ticket look like a failure.
    /// With a `footer` (a printer is configured) the ticket's paper version comes too. `words`:
    /// the language the customer reads, which names the service on the page and the paper.
    nonisolated(nonsending) static func issue(_ service: KioskService, language: String?, words: Language = .locale,
                                  store: any QueueStore, at instant: Date,
                                  footer: String? = nil) async -> Result<KioskTicket, KioskFailure>
    {
        await Blocking.run {
            let ticket: Ticket
            do {
                guard let issued = try store.perform(.issue(service: service.code, language: language), at: instant).ticket else {
                    return .failure(.unavailable)
                }
                ticket = issued
            } catch {
                return .failure(KioskFailure(error))
            }
            let standing = try? store.standing(of: ticket.id, at: instant)
            let serviceName = service.name(in: words)
            var shown = KioskTicket(code: ticket.code, serviceName: serviceName,
                                    peopleAhead: standing?.peopleAhead, estimatedWait: standing?.estimatedWait,
                                    id: ticket.id)
            if let footer, let configuration = try? store.configuration() {
                // The paper's words are the ticket's language's (`TicketLayout`), and so is its name.
                let paperName = LocalizedName.pick(service.name, from: service.localizedNames,
                                                   in: PrintedTicket.nameLocale(of: ticket))
                shown.printable = PrintedTicket(ticket, serviceName: paperName, configuration: configuration, footer: footer,
                                                standing: standing.map { ($0.peopleAhead, $0.estimatedWait) })
            }
            return .success(shown)
        }
    }
}
