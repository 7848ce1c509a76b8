// Prints one format-1 `events` row per event below, as the format-1 store wrote it
// (SliceWriter: kind, ticket_id, desk, staff, at = seconds since 1970, data = TicketJSON's or
// StreamingJSONEncoder's JSON), tab-separated. Compiled by make-event-samples.sh together with
// the format-1 sources; FormatUpgradeTests.eventsOfEveryTypeUpgrade expects these events.
import Foundation

let day = BusinessDay(year: 2026, month: 11, day: 30)
// Sub-millisecond parts: the upgrade rounds instants down to the millisecond.
let time = Date(timeIntervalSince1970: 1_796_029_200.2506)
let placement = LanePlacement(position: .arrival, orderingKey: OrderingKey(rawValue: 5), arrivalKey: OrderingKey(rawValue: 9))
var configuration = StoreConfiguration.demo(timeZone: TimeZone(identifier: "America/New_York")!)
configuration.fairness.priorityHeadStart = 90.5
configuration.estimates.defaultServiceTime = 30.25
configuration.carryOver = .carryOver
configuration.services["C"]?.openingHours = OpeningHours(opens: TimeOfDay(hour: 9), closes: TimeOfDay(hour: 17, minute: 30))
configuration.services["C"]?.numbering = NumberingRule(start: 0, width: 2, wrapBound: 99)
let details: [EventDetails] = [
    .ticketIssued(IssuedTicket(service: "C", priority: .priority, businessDay: day, sequence: 12, number: 12,
                               code: "C012", orderingKey: OrderingKey(rawValue: 1), arrivalKey: OrderingKey(rawValue: 2))),
    .ticketCalled(day: day), .ticketRecalled, .serviceStarted, .ticketCompleted(outcome: "referred"), .ticketNoShow,
    .ticketReactivated(placement), .ticketTransferred(from: "C", to: "R", placement: placement), .ticketParked,
    .ticketResumed(placement: placement), .ticketResumed(placement: nil), .ticketCancelled,
    .ticketClosedAtDayEnd(newDay: day.next), .ticketCarriedOver(to: day.next),
    .businessDayChanged(from: day.previous, to: day), .businessDayChanged(from: nil, to: day),
    .deskConfigured(Desk(number: 2, name: "Desk \"2\"", services: ["R", "S"], status: .paused, currentTicket: 7, staff: 1)),
    .deskOpened, .deskPaused, .deskClosed,
    .serviceConfigured(Service(code: "X", name: "Extra/desk", colour: "#AA5500", isOpen: false, dailyCap: 40, priorityWeight: 3)),
    .serviceOpened("X"), .serviceClosed("X"), .staffRegistered(StaffMember(id: 4, name: "Ana", role: .supervisor)),
    .storeConfigured(configuration),
]
for (index, detail) in details.enumerated() {
    let event = Event(ticket: 7, desk: 2, staff: 1, time: time.addingTimeInterval(Double(index)), details: detail)
    let json = try TicketJSON.encode(event) ?? StreamingJSONEncoder.encode(event)
    print([event.kind.rawValue, "7", "2", "1", "\(event.time.timeIntervalSince1970)", json].joined(separator: "\t"))
}
