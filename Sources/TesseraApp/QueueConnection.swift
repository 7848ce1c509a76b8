import Foundation
import QueueCore
import QueueStore

/// The screens' way to the queue store. The store is synchronous and blocking (SQLite with
/// `synchronous=FULL` waits for the disk, and a busy database for up to 5 s), so every call
/// runs off the GTK thread and comes back with `await`; the GtkKit main-queue bridge delivers
/// the continuation to the main actor.
struct QueueConnection: Sendable {
    let store: any QueueStore

    /// A ticket just issued, as the customer sees it.
    struct IssuedTicket: Sendable, Equatable {
        var code: String
        var serviceName: String
        /// nil when it could not be worked out; the ticket is valid all the same.
        var peopleAhead: Int?
    }

    /// Opens the store at `url` (nil: the embedded default).
    static func open(url: String?) async throws -> QueueConnection {
        try await Task.detached {
            QueueConnection(store: try SQLiteQueueStore(url: url))
        }.value
    }

    /// Issues a ticket for `service`; returns only once it is committed durably, so nothing is
    /// shown (or printed) that a crash could take back. Once `perform` has committed, nothing
    /// here throws: what the screen adds (the service name, people ahead) is best effort, so a
    /// failing read can never make a committed ticket look like a failure.
    func issue(_ service: ServiceCode) async throws -> IssuedTicket {
        let store = store
        return try await Task.detached {
            let result = try store.perform(.issue(service: service), at: Date())
            guard let ticket = result.ticket else { throw KioskError.noTicketIssued }
            let name = (try? store.configuration().services[service]?.name) ?? service.rawValue
            let waiting = try? store.tickets(TicketFilter(day: ticket.businessDay, state: .waiting, service: service))
            return IssuedTicket(code: ticket.code, serviceName: name,
                                peopleAhead: waiting.map { Estimates.peopleAhead(of: ticket, among: $0) })
        }.value
    }

    /// Waiting counts per service and what every desk holds, now.
    func status() async throws -> QueueStatus {
        let store = store
        return try await Task.detached { try store.status(at: Date()) }.value
    }

    /// Calls `onChange` on the main actor whenever any process commits a change to the queue.
    /// Subscribing opens a connection and reads the newest event id, so it runs off the GTK thread.
    func observeChanges(_ onChange: @escaping @MainActor () -> Void) async throws -> ChangeSubscription {
        let store = store
        return try await Task.detached {
            try store.observe(after: store.lastEventID()) { _ in
                Task { @MainActor in onChange() }
            }
        }.value
    }
}

/// What a customer is told when a ticket cannot be issued: what happened and what to do.
enum KioskError: Error, LocalizedError {
    case noTicketIssued
    case store(StoreError)

    init(_ error: any Error) {
        self = (error as? StoreError).map(KioskError.store) ?? (error as? KioskError) ?? .noTicketIssued
    }

    var errorDescription: String? {
        switch self {
        case .store(.refused(let reason)): "No ticket: \(reason) Please ask a member of staff."
        case .store, .noTicketIssued: "Sorry, no ticket could be issued. Please ask a member of staff."
        }
    }
}
