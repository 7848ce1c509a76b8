import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// The admin page's model against the real store: every change lands in the database as an
/// event naming the administrator, forms are read with the configuration file's rules, and
/// what the file defines cannot be changed here.
@MainActor @Suite(.sharesTheMainThread) struct AdminModelTests {
    let scratch = ScratchDirectory()
    let time = ManualTimeSource()

    private func store() throws -> any QueueStore {
        let store = try openStore(url: scratch.path("queue.db"))
        _ = try store.perform(.setService(Service(code: "C", name: "Click & Collect")), at: time.now())
        _ = try store.perform(.setDesk(Desk(number: 1, name: "Front Counter", services: ["C"])), at: time.now())
        _ = try store.perform(.setDesk(Desk(number: 2, name: "Back Counter", services: ["C"], localizedNames: ["cy": "Cownter Cefn"])),
                              at: time.now())
        return store
    }

    private func model(_ store: any QueueStore, locks: ConfigurationLocks = .none) async throws -> (AdminModel, any StaffCredentials) {
        let credentials = try #require(staffCredentials(of: store))
        let admin = try credentials.addStaff(name: "Morgan", role: .administrator, at: time.now())
        let model = AdminModel(admin: admin, store: store, credentials: credentials, time: time, locks: locks)
        await model.reload()
        return (model, credentials)
    }

    @Test func aServiceAddedFromTheFormIsInTheStoreAsTheAdministratorsChange() async throws {
        let store = try store()
        let (model, _) = try await model(store)
        #expect(await model.addService(ServiceForm(code: "k", name: "Key Cutting", hours: "09:00-17:30", dailyCap: "40")))
        let added = try #require(try store.configuration().services["K"])
        #expect(added.name == "Key Cutting")
        #expect(added.openingHours == OpeningHours(opens: TimeOfDay(hour: 9, minute: 0), closes: TimeOfDay(hour: 17, minute: 30)))
        #expect(added.dailyCap == 40)
        let event = try #require(try store.latestEvent(of: .serviceConfigured))
        #expect(event.event.staff == model.admin.id, "the event names who added it")
        #expect(model.snapshot?.service("K") != nil, "the page shows it")
    }

    /// The form's Welsh name is the service's `name[cy]`: what a customer who chose Cymraeg reads.
    @Test func aWelshNameFromTheFormIsTheServicesNameInWelsh() async throws {
        let store = try store()
        let (model, _) = try await model(store)
        #expect(await model.addService(ServiceForm(code: "K", name: "Key Cutting", welshName: " Torri Allweddi ")))
        let added = try #require(try store.configuration().services["K"])
        #expect(added.localizedNames == ["cy": "Torri Allweddi"] && added.name(in: "cy") == "Torri Allweddi")
        #expect(await model.addService(ServiceForm(code: "L", name: "Locks")))
        #expect(try store.configuration().services["L"]?.localizedNames == [:], "no Welsh name: none stored")
    }

    @Test func aFormTheFileWouldRefuseIsRefusedWithWhatToDoAndAddsNothing() async throws {
        let store = try store()
        let (model, _) = try await model(store)
        let before = try store.lastEventID()
        #expect(!(await model.addService(ServiceForm(code: "K", name: "Keys", hours: "17:30-09:00"))))
        #expect(model.message == .refused("The hours must end after they start, like 09:00-17:30."))
        #expect(!(await model.addService(ServiceForm(code: "c", name: "Again"))))
        #expect(model.message?.text.contains("already a service C") == true)
        #expect(!(await model.addService(ServiceForm(code: "K", name: "Keys", dailyCap: "lots"))))
        #expect(try store.lastEventID() == before, "nothing was recorded")
    }

    @Test func aMemberAddedWithAPinCanSignInAtOnceAndTheEventNamesTheAdministrator() async throws {
        let store = try store()
        let (model, credentials) = try await model(store)
        #expect(!(await model.addStaff(StaffForm(name: "Nia"), pin: "12")), "a PIN is 4 to 8 digits")
        #expect(try credentials.activeStaff().map(\.member.name) == ["Morgan"])
        #expect(await model.addStaff(StaffForm(name: " Nia "), pin: "24681357"))
        let nia = try #require(try credentials.activeStaff().first { $0.member.name == "Nia" })
        #expect(nia.hasPin)
        #expect(PinHash.verify("24681357", against: try #require(try credentials.pinHash(of: nia.member.id))))
        let event = try #require(try store.latestEvent(of: .staffRegistered))
        #expect(event.event.staff == model.admin.id)
        #expect(await model.resetPin(of: nia.member, to: "97531864"))
        #expect(PinHash.verify("97531864", against: try #require(try credentials.pinHash(of: nia.member.id))))
        #expect(!(await model.remove(model.admin)), "an administrator cannot remove themselves")
        #expect(await model.remove(nia.member))
        #expect(try credentials.activeStaff().map(\.member.name) == ["Morgan"])
    }

    @Test func theServicesChosenForADeskAreWhatItsCallNextTakes() async throws {
        let store = try store()
        let (model, _) = try await model(store)
        #expect(await model.addService(ServiceForm(code: "K", name: "Key Cutting")))
        #expect(!(await model.setServices(of: 2, to: [])), "a desk calls from at least one service")
        #expect(await model.setServices(of: 2, to: ["K"]))
        #expect(try store.desks().first { $0.number == 2 }?.allowedServices == ["K"])
        #expect(try store.desks().first { $0.number == 2 }?.name(in: "cy") == "Cownter Cefn", "its Welsh name stays")
        let event = try #require(try store.latestEvent(of: .deskConfigured))
        #expect(event.event.staff == model.admin.id)
        _ = try store.perform(.issue(service: "C"), at: time.now())
        let key = try store.perform(.issue(service: "K"), at: time.now())
        _ = try store.perform(.callNext(desk: 2), at: time.now())
        #expect(try store.desks().first { $0.number == 2 }?.currentTicket == key.events.first?.event.ticket)
    }

    @Test func whatTheFileDefinesIsShownLockedAndCannotBeChangedHere() async throws {
        let store = try store()
        let locks = ConfigurationLocks(service: { $0 == "C" ? "Set in /etc/tessera/tessera.conf, line 12" : nil },
                                       desk: { $0 == 1 ? "Set in /etc/tessera/tessera.conf, line 40" : nil })
        let (model, _) = try await model(store, locks: locks)
        #expect(model.snapshot?.service("C")?.lockedBecause == "Set in /etc/tessera/tessera.conf, line 12")
        #expect(model.snapshot?.desk(2)?.lockedBecause == nil)
        let before = try store.lastEventID()
        #expect(!(await model.setServices(of: 1, to: ["C"])))
        #expect(model.message == .refused("Set in /etc/tessera/tessera.conf, line 40"))
        #expect(try store.lastEventID() == before)
    }

    @Test func theFilesServicesAndDesksAreLockedWithTheLineOfTheirGroup() throws {
        let path = scratch.path("tessera.conf")
        try "[store]\nname = Corner Shop\n\n[service:c]\nname = Click & Collect\n\n[desk:1]\nservices = C\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let locks = ConfigurationLocks.of(try SettingsFile.read(path: path))
        #expect(locks.service("C") == "Set in \(path), line 4: change it there.")
        #expect(locks.desk(1) == "Set in \(path), line 7: change it there.")
        #expect(locks.service("K") == nil, "a service the file does not define is the store's")
        #expect(locks.desk(2) == nil)
        #expect(ConfigurationLocks.of(TesseraSettings()).service("C") == nil, "without a file nothing is locked")
    }

    @Test func removingAServiceWithTicketsWaitingIsRefusedWithTheCountAndTheTransferMovesThemAll() async throws {
        let store = try store()
        _ = try store.perform(.setService(Service(code: "R", name: "Returns")), at: time.now())
        _ = try store.perform(.setDesk(Desk(number: 1, name: "Front Counter", services: ["C", "R"])), at: time.now())
        let (model, _) = try await model(store)
        let waiting = try (1...3).map { _ in try #require(try store.perform(.issue(service: "R"), at: time.now()).tickets.first) }
        let before = try store.lastEventID()
        #expect(!(await model.removeService("R")))
        #expect(model.message?.text.contains("3 tickets wait for R (Returns)") == true, "\(String(describing: model.message))")
        #expect(model.removalWaiting == "R", "the page offers to move them")
        #expect(try store.lastEventID() == before, "nothing was recorded")
        #expect(await model.removeService("R", transferTo: "C"))
        #expect(model.removalWaiting == nil)
        #expect(try store.configuration().services["R"] == nil)
        for ticket in waiting {
            let moved = try #require(try store.ticket(ticket.id))
            #expect(moved.service == "C" && moved.state == .waiting && moved.code == ticket.code, "\(moved)")
        }
    }

    @Test func aRoleChangedOnThePageIsTheMembersAtTheNextSignInAndNamesTheAdministrator() async throws {
        let store = try store()
        let (model, credentials) = try await model(store)
        #expect(await model.addStaff(StaffForm(name: "Nia"), pin: "24681357"))
        let nia = try #require(try credentials.activeStaff().first { $0.member.name == "Nia" }?.member)
        #expect(nia.role == .clerk)
        #expect(await model.setRole(of: nia, to: .administrator))
        #expect(try credentials.activeStaff().first { $0.member.id == nia.id }?.member.role == .administrator)
        #expect(try store.latestEvent(of: .staffRegistered)?.event.staff == model.admin.id)
        #expect(!(await model.setRole(of: model.admin, to: .clerk)), "not one's own")
        #expect(try credentials.activeStaff().first { $0.member.id == model.admin.id }?.member.role == .administrator)
    }
}
