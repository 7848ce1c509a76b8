import Foundation
import QueueStoreTesting
import QueueCore
import Testing
@testable import QueueStore

/// The JSON in the `data` columns is format 2 as docs/storage-format.md writes it down: the
/// documents below are copied from there, and every event type is a flat object named by its
/// type that reads back as the same event.
@Suite(.offThePool) struct StoredJSONTests {
    let codec = RowCodec(file: "test.db")
    let day = BusinessDay(year: 2026, month: 11, day: 30)
    /// 2026-11-30 09:00:00.250 UTC.
    let instant = Date(timeIntervalSince1970: 1_796_029_200.25)
    let milliseconds: Int64 = 1_796_029_200_250

    /// What the store writes for `value`: the codec's JSON as text.
    private func encoded(_ value: some Encodable) throws -> String {
        try #require(try codec.encode(value).boundText)
    }

    private func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// One event of each type, with every optional value given.
    private func sample(_ kind: EventKind) -> EventDetails {
        let placement = LanePlacement(position: .arrival, orderingKey: OrderingKey(rawValue: 5), arrivalKey: OrderingKey(rawValue: 9))
        switch kind {
        case .ticketIssued:
            return .ticketIssued(IssuedTicket(service: "C", priority: .priority, businessDay: day, sequence: 12, number: 12,
                                              code: "C012", orderingKey: OrderingKey(rawValue: 1), arrivalKey: OrderingKey(rawValue: 2)))
        case .ticketCalled: return .ticketCalled(day: day)
        case .ticketRecalled: return .ticketRecalled
        case .serviceStarted: return .serviceStarted
        case .ticketCompleted: return .ticketCompleted(outcome: "served \"twice\"")
        case .ticketNoShow: return .ticketNoShow
        case .ticketReactivated: return .ticketReactivated(placement)
        case .ticketTransferred: return .ticketTransferred(from: "C", to: "R", placement: placement)
        case .ticketParked: return .ticketParked
        case .ticketResumed: return .ticketResumed(placement: placement)
        case .ticketCancelled: return .ticketCancelled
        case .ticketClosedAtDayEnd: return .ticketClosedAtDayEnd(newDay: day.next)
        case .ticketCarriedOver: return .ticketCarriedOver(to: day.next)
        case .businessDayChanged: return .businessDayChanged(from: day.previous, to: day)
        case .deskConfigured: return .deskConfigured(Desk(number: 2, name: "Desk “2”", services: ["R", "S"], status: .paused, currentTicket: 9, staff: 1))
        case .deskOpened: return .deskOpened
        case .deskPaused: return .deskPaused
        case .deskClosed: return .deskClosed
        case .deskServicesChosen: return .deskServicesChosen(["R", "C"])
        case .deskRemoved: return .deskRemoved
        case .serviceConfigured:
            return .serviceConfigured(Service(code: "X", name: "Extra/desk", colour: "#AA5500", isOpen: false,
                                              openingHours: OpeningHours(opens: TimeOfDay(hour: 9), closes: TimeOfDay(hour: 17, minute: 30)),
                                              dailyCap: 40, priorityWeight: 3, numbering: NumberingRule(start: 0, width: 2, wrapBound: 99)))
        case .serviceOpened: return .serviceOpened("X")
        case .serviceClosed: return .serviceClosed("X")
        case .staffRegistered: return .staffRegistered(StaffMember(id: 4, name: "Ana", role: .supervisor))
        case .storeConfigured: return .storeConfigured(.demo(timeZone: TimeZone(identifier: "Europe/London")!))
        case .printerReported: return .printerReported(.paperOut, terminal: "Door “1”")
        case .ticketReprintRequested: return .ticketReprintRequested(terminal: "Door")
        }
    }

    @Test(arguments: EventKind.allCases)
    func everyEventTypeIsAFlatObjectNamedByItsType(kind: EventKind) throws {
        let event = Event(ticket: 7, desk: 3, staff: 2, time: instant, details: sample(kind))
        let json = try encoded(event)
        let fields = try object(json)
        #expect(fields["type"] as? String == kind.rawValue, "\(json)")
        #expect((fields["time"] as? NSNumber)?.int64Value == milliseconds, "\(json)")
        #expect(fields["ticket"] as? Int == 7 && fields["desk"] as? Int == 3 && fields["staff"] as? Int == 2, "\(json)")
        #expect(!json.contains("_0") && fields["details"] == nil, "\(json)")
        #expect(try codec.decode(Event.self, json) == event)
    }

    @Test func eventsReadAsDocumented() throws {
        let json = """
            {"type": "ticketTransferred", "time": 1796030280000, "ticket": 9, "desk": 3,
             "from": "R", "to": "S", "placement": {"position": "arrival", "orderingKey": 1796027520000, "arrivalKey": 1796027520000}}
            """
        let placement = LanePlacement(position: .arrival, orderingKey: OrderingKey(rawValue: 1_796_027_520_000),
                                      arrivalKey: OrderingKey(rawValue: 1_796_027_520_000))
        #expect(try codec.decode(Event.self, json) == Event(
            ticket: 9, desk: 3, time: Instant(unixSeconds: 1_796_030_280),
            details: .ticketTransferred(from: "R", to: "S", placement: placement)))
        let issued = #"{"type":"ticketIssued","time":1796029200250,"ticket":7,"service":"C","priority":"priority","businessDay":"2026-11-30","sequence":12,"number":12,"code":"C012","orderingKey":1,"arrivalKey":2}"#
        #expect(try codec.decode(Event.self, issued) == Event(ticket: 7, time: instant, details: sample(.ticketIssued)))
    }

    @Test func aPrinterReportNamesItsKioskAndOneFromBeforeReadsUnnamed() throws {
        let named = Event(time: instant, details: .printerReported(.coverOpen, terminal: "Door"))
        #expect(try object(try encoded(named))["terminal"] as? String == "Door")
        let unnamed = try encoded(Event(time: instant, details: .printerReported(.ready)))
        #expect(try object(unnamed)["terminal"] == nil, "no key for an unnamed kiosk: \(unnamed)")
        let older = #"{"type":"printerReported","time":1796029200250,"printer":"paperOut"}"#
        #expect(try codec.decode(Event.self, older) == Event(time: instant, details: .printerReported(.paperOut, terminal: nil)))
        let reprint = #"{"type":"ticketReprintRequested","time":1796029200250,"ticket":7}"#
        #expect(try codec.decode(Event.self, reprint) == Event(ticket: 7, time: instant, details: .ticketReprintRequested(terminal: nil)),
                "a reprint for every kiosk, as tessera queue reprint and older builds write it")
    }

    @Test func anUnknownEventTypeIsCorrupt() {
        #expect(throws: StoreError.self) { try codec.decode(Event.self, #"{"type":"ticketTeleported","time":1}"#) }
    }

    /// A ticket's JSON, as formats 2 to 4 stored it and `tessera queue … --json` prints it (with
    /// ISO 8601 times there): the columns' keys in camel case.
    @Test func ticketsReadAndWriteAsDocumented() throws {
        let ticket = DocumentedTicket.completed
        let documented = """
            {"id": 5, "businessDay": "2026-11-27", "service": "S", "issuedService": "C", "sequence": 3, "number": 3,
             "code": "C003", "priority": "normal", "state": "completed",
             "issuedAt": 1795770240000, "calledAt": 1795771380000, "startedAt": 1795771440000, "finishedAt": 1795771500000,
             "desk": 1, "staff": 2, "recallCount": 0,
             "transfers": [{"from": "C", "to": "S", "position": "front", "at": 1795771320000, "fromDesk": 3}],
             "outcome": "served", "orderingKey": 1795770240000, "arrivalKey": 1795770240000, "carryOvers": 0}
            """
        #expect(try codec.decode(Ticket.self, documented) == ticket)
        let written = try object(try encoded(ticket)) as NSDictionary
        #expect(written == (try object(documented)) as NSDictionary)
    }

    /// `Ticket`, `TransferRecord` and `IssuedTicket` are encoded by hand: a property added to
    /// one of them and not to its `encode(to:)` must fail here, not vanish from the file.
    @Test func handWrittenEncodersWriteEveryProperty() throws {
        var ticket = Ticket(id: 1, businessDay: day, service: "C", sequence: 1, number: 1, code: "C001", priority: .normal,
                            issuedAt: Instant(instant), orderingKey: OrderingKey(rawValue: 1), arrivalKey: OrderingKey(rawValue: 1))
        ticket.calledAt = Instant(instant)
        ticket.startedAt = Instant(instant)
        ticket.finishedAt = Instant(instant)
        ticket.desk = 1
        ticket.staff = 1
        ticket.outcome = .served
        ticket.language = "cy"
        ticket.quotedWait = 240_000
        let transfer = TransferRecord(from: "C", to: "R", position: .back, at: Instant(instant), fromDesk: 1)
        ticket.transfers = [transfer]
        let fields = try object(try encoded(ticket))
        #expect(Set(fields.keys) == Set(Mirror(reflecting: ticket).children.compactMap(\.label)))
        let transferFields = try #require((fields["transfers"] as? [[String: Any]])?.first)
        #expect(Set(transferFields.keys) == Set(Mirror(reflecting: transfer).children.compactMap(\.label)))
        guard case .ticketIssued(var issued) = sample(.ticketIssued) else { return }
        issued.language = "cy"
        issued.quotedWait = 240_000
        let eventFields = try object(try encoded(Event(ticket: 1, time: instant, details: .ticketIssued(issued))))
        #expect(Set(eventFields.keys) == Set(Mirror(reflecting: issued).children.compactMap(\.label) + ["type", "time", "ticket"]))
    }

    @Test func theConfigurationNamesItsZoneAndListsItsServices() throws {
        var configuration = StoreConfiguration.demo(timeZone: TimeZone(identifier: "Europe/London")!)
        configuration.fairness.priorityHeadStart = 90.5
        let json = try encoded(configuration)
        let fields = try object(json)
        #expect(fields["timeZone"] as? String == "Europe/London")
        let services = try #require(fields["services"] as? [[String: Any]], "\(json)")
        #expect(services.compactMap { $0["code"] as? String } == ["C", "R", "S"])
        let fairness = try #require(fields["fairness"] as? [String: Any])
        #expect((fairness["priorityHeadStartMilliseconds"] as? NSNumber)?.int64Value == 90_500)
        let estimates = try #require(fields["estimates"] as? [String: Any])
        #expect((estimates["defaultServiceTimeMilliseconds"] as? NSNumber)?.int64Value == 240_000)
        #expect(try codec.decode(StoreConfiguration.self, json) == configuration)
        #expect(throws: StoreError.self) {
            try codec.decode(StoreConfiguration.self, json.replacingOccurrences(of: "Europe/London", with: "Mars/Olympus_Mons"))
        }
    }

    /// `Service` and `StoreConfiguration` are coded by hand so that names in other languages
    /// (`name[cy]`) are left out when there are none: every property is still written, a
    /// document stored before them reads as having none and is written back as it was.
    @Test func namesInLanguagesAreStoredAndOlderDocumentsHaveNone() throws {
        let service = Service(code: "C", name: "Click & Collect", colour: "#2E7D32", isOpen: false,
                              openingHours: OpeningHours(opens: TimeOfDay(hour: 9), closes: TimeOfDay(hour: 17)), dailyCap: 40,
                              priorityWeight: 2, numbering: NumberingRule(start: 0, width: 2, wrapBound: 99), expectedMinutes: 6,
                              localizedNames: ["cy": "Clicio a Chasglu"])
        let serviceFields = try object(try encoded(service))
        #expect(Set(serviceFields.keys) == Set(Mirror(reflecting: service).children.compactMap(\.label)))
        #expect(try codec.decode(Service.self, try encoded(service)) == service)
        var configuration = StoreConfiguration.demo(timeZone: .utc)
        configuration.localizedStoreNames = ["cy": "Stryd Fawr"]
        configuration.services["C"] = service
        configuration.definedByFile = FileDefinitions(services: ["C"], desks: [1])
        let fields = try object(try encoded(configuration))
        #expect(Set(fields.keys) == Set(Mirror(reflecting: configuration).children.compactMap(\.label)))
        #expect(try codec.decode(StoreConfiguration.self, try encoded(configuration)) == configuration)

        let documented = """
            {"code": "C", "name": "Click & Collect", "colour": "#2E7D32", "isOpen": true, "priorityWeight": 2,
             "openingHours": {"opens": {"hour": 9, "minute": 0}, "closes": {"hour": 17, "minute": 30}},
             "dailyCap": 40, "numbering": {"start": 1, "width": 3, "wrapBound": 999}}
            """
        let older = try codec.decode(Service.self, documented)
        #expect(older.localizedNames.isEmpty && older.dailyCap == 40)
        #expect(try object(try encoded(older)) as NSDictionary == (try object(documented)) as NSDictionary)
        let demo = StoreConfiguration.demo(timeZone: .utc)
        #expect(try object(try encoded(demo))["localizedStoreNames"] == nil)
    }

    /// What `sqlite3 queue.db .dump` shows of a new database: format 2 and nothing Swift-specific.
    @Test func aNewDatabaseHoldsOnlyFormatTwo() throws {
        let scratch = ScratchDirectory()
        let store = try SQLiteQueueStore(location: scratch.location())
        let issued = try #require(try store.perform(.issue(service: "C"), at: instant).ticket)
        _ = try store.perform(.transfer(ticket: issued.id, to: "R", position: .front), at: instant.addingTimeInterval(60))
        _ = try store.perform(.callNext(desk: 1), at: instant.addingTimeInterval(120))
        try FormatInspection.expectFormatTwo(scratch.path("queue.db"))
    }
}
