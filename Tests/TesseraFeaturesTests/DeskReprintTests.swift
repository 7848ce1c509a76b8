import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// Reprint at the desk: the kiosk prints the desk's current ticket again. The events are read
/// back from the store; every reason is what the button would show.
@MainActor @Suite(.sharesTheMainThread) struct DeskReprintTests {
    let store: ScriptedStore
    let time = ManualTimeSource()
    let ada = StaffMember(id: 1, name: "Ada")

    init() throws {
        store = try ScriptedStore()
        _ = try store.perform(.registerStaff(ada), at: time.now())
    }

    private func desk(as member: StaffMember? = nil) async throws -> DeskModel {
        let model = DeskModel(desk: 1, store: store, time: time)
        try await model.follow()
        await model.signIn(member ?? ada)
        return model
    }

    private func reprintRequests() throws -> [Event] {
        try store.events(after: .none, limit: 1000).map(\.event).filter { if case .ticketReprintRequested = $0.details { true } else { false } }
    }

    private func printer(_ condition: PrinterCondition) throws {
        _ = try store.perform(.reportPrinter(condition, terminal: "Door"), at: time.now())
    }

    @Test func onePressAsksForExactlyOneCopyOfTheCurrentTicketAndNamesWhoAsked() async throws {
        try printer(.ready)
        let ticket = try store.perform(.issue(service: "C"), at: time.now()).ticket!
        let model = try await desk()
        #expect(await model.perform(.callNext))
        #expect(model.availability(of: .reprint) == .enabled)
        #expect(await model.perform(.reprint))
        let requests = try reprintRequests()
        #expect(requests.count == 1)
        #expect(requests.first?.ticket == ticket.id && requests.first?.staff == ada.id)
        #expect(requests.first?.details == .ticketReprintRequested(terminal: "Door"))
        #expect(try store.ticket(ticket.id)?.state == .called, "a reprint changes nothing in the queue")
        #expect(model.availability(of: .reprint) == .enabled, "another copy may be asked for")
    }

    @Test func withTwoKiosksTheCopyIsAskedOfTheFirstByNameThatCanPrint() async throws {
        try printer(.ready)
        _ = try store.perform(.reportPrinter(.ready, terminal: "Back"), at: time.now())
        _ = try store.perform(.issue(service: "C"), at: time.now())
        let model = try await desk()
        #expect(await model.perform(.callNext))
        #expect(await model.perform(.reprint))
        _ = try store.perform(.reportPrinter(.paperOut, terminal: "Back"), at: time.now())
        #expect(await eventually { model.snapshot?.reprintKiosk == "Door" })
        #expect(await model.perform(.reprint))
        #expect(try reprintRequests().map(\.details) == [.ticketReprintRequested(terminal: "Back"), .ticketReprintRequested(terminal: "Door")],
                "one kiosk prints each copy: Back first by name, Door once Back is out of paper")
    }

    @Test func aPressSaysWhichKioskPrintsTheCopyUntilTheNextAction() async throws {
        try printer(.ready)
        _ = try store.perform(.reportPrinter(.ready, terminal: "Back"), at: time.now())
        _ = try store.perform(.issue(service: "C"), at: time.now())
        let model = try await desk()
        #expect(await model.perform(.callNext))
        #expect(model.notice == nil)
        #expect(await model.perform(.reprint))
        #expect(model.notice == "Printing a copy at kiosk “Back”")
        #expect(try reprintRequests().map(\.details) == [.ticketReprintRequested(terminal: "Back")], "the kiosk it names is the one asked")
        #expect(await model.perform(.start))
        #expect(model.notice == nil, "the next action clears it")
    }

    @Test func theServedTicketCanBeReprintedByEveryRole() async throws {
        try printer(.paperNearEnd)
        _ = try store.perform(.issue(service: "C"), at: time.now())
        for (index, role) in StaffRole.allCases.enumerated() {
            let member = StaffMember(id: StaffID(rawValue: 10 + index), name: "Staff \(index)", role: role)
            _ = try store.perform(.registerStaff(member), at: time.now())
            let model = try await desk(as: member)
            if model.snapshot?.current == nil { #expect(await model.perform(.callNext)) }
            if model.snapshot?.current?.state == .called { #expect(await model.perform(.start)) }
            #expect(model.availability(of: .reprint) == .enabled, "\(role)")
            #expect(await model.perform(.reprint))
            await model.signOut()
            model.stop()
        }
        #expect(try reprintRequests().map(\.staff) == [10, 11, 12])
    }

    @Test func reprintIsOffWithTheReasonWhenNothingWouldPrint() async throws {
        let model = try await desk()
        #expect(model.availability(of: .reprint) == .disabled(reason: "This desk has no ticket; call one first."))
        _ = try store.perform(.issue(service: "C"), at: time.now())
        #expect(await eventually { model.snapshot?.waitingCount == 1 })
        #expect(await model.perform(.callNext))
        #expect(model.availability(of: .reprint) == .disabled(reason: "No kiosk has a ticket printer."))
        try printer(.paperOut)
        #expect(await eventually { model.snapshot?.printers == [PrinterReport(.paperOut, terminal: "Door")] })
        #expect(model.availability(of: .reprint) == .disabled(reason: "The kiosk printer cannot print a copy now."))
        #expect(await model.perform(.reprint) == false)
        try printer(.ready)
        #expect(await eventually { model.availability(of: .reprint) == .enabled })
        await model.signOut()
        #expect(model.availability(of: .reprint) == .disabled(reason: "Sign in first."))
        #expect(try reprintRequests().isEmpty)
    }

    @Test func offlineReprintIsOffSayingSoAndBackOnlineItWorks() async throws {
        try printer(.ready)
        _ = try store.perform(.issue(service: "C"), at: time.now())
        let model = try await desk()
        #expect(await model.perform(.callNext))
        store.setReachability(.reconnecting)
        #expect(await eventually { model.isOffline })
        #expect(model.availability(of: .reprint) == .disabled(reason: DeskModel.offline))
        #expect(await model.perform(.reprint) == false)
        store.setReachability(.online)
        #expect(await eventually { !model.isOffline })
        #expect(await model.perform(.reprint))
        #expect(try reprintRequests().count == 1)
    }
}
