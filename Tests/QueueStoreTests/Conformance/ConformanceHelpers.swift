import Foundation
import QueueCore
import QueueStore
import Testing

/// The queue error a refused command carries, or nil (with a recorded issue) if it was not refused.
func refusal(_ body: () throws -> CommandResult,
             sourceLocation: SourceLocation = #_sourceLocation) -> QueueError? {
    do {
        let result = try body()
        Issue.record("expected a refusal, got \(result.events.map(\.event.kind))", sourceLocation: sourceLocation)
        return nil
    } catch {
        guard let error = error as? StoreError, case .refused(let reason) = error else {
            Issue.record("expected a refusal, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(error.exitCode == 1, sourceLocation: sourceLocation)
        return reason
    }
}

extension QueueStore {
    /// Issues a ticket and returns it.
    func issue(_ service: ServiceCode, _ priority: PriorityClass = .normal, at time: Date) throws -> Ticket {
        let result = try perform(.issue(service: service, priority: priority), at: time)
        return try #require(result.ticket)
    }

    /// Calls the next ticket at a desk and returns it.
    func call(desk: DeskNumber, service: ServiceCode? = nil, at time: Date) throws -> Ticket {
        let result = try perform(.callNext(desk: desk, service: service), at: time)
        return try #require(result.ticket)
    }

    /// Issues a C ticket at +0 s and calls it to `desk` at +1 s.
    func issueAndCall(desk: DeskNumber) throws -> Ticket {
        let ticket = try issue("C", at: Clock.at(0))
        #expect(try call(desk: desk, at: Clock.at(1)).id == ticket.id)
        return ticket
    }

    func desk(_ number: DeskNumber) throws -> Desk? {
        try desks().first { $0.number == number }
    }
}
