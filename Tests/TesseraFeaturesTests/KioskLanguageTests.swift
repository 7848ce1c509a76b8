import Foundation
import Localization
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// The customer's language: chosen at the kiosk, kept with their ticket (the stored row), gone
/// for the next customer.
@MainActor @Suite(.sharesTheMainThread) struct KioskLanguageTests {
    let store: ScriptedStore
    let time = ManualTimeSource()

    init() throws { store = try ScriptedStore() }

    private func kiosk(languages: [String] = ["en_GB", "cy"]) async throws -> KioskModel {
        var settings = KioskSettings()
        settings.languages = languages
        return try await KioskModel.load(store: store, time: time, timing: KioskModel.Timing(settings),
                                         languages: KioskLanguages(settings))
    }

    private func storedLanguages() throws -> [String?] { try store.tickets(TicketFilter()).map(\.language) }

    @Test func theChosenLanguageIsStoredWithTheTicketAndResetWhenItIsDone() async throws {
        let model = try await kiosk()
        #expect(model.language == Language("en_GB"))
        #expect(model.choose(language: Language("cy")))
        #expect(model.choose("C"))
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        #expect(model.language == Language("cy"), "the ticket page speaks the customer's language")
        #expect(try storedLanguages() == ["cy"])
        time.advance(by: .seconds(1))
        #expect(model.dismiss())
        #expect(model.language == Language("en_GB"), "the next customer starts in the default")
        model.servicesShown()
        time.advance(by: .seconds(1))
        #expect(model.choose("C"))
        #expect(await eventually { (try? storedLanguages()) == ["cy", "en_GB"] })
    }

    @Test func aChoiceWithoutATicketResetsAtIdle() async throws {
        let model = try await kiosk()
        #expect(model.choose(language: Language("cy")))
        time.advance(by: .seconds(KioskSettings().idleSeconds - 1))
        #expect(model.language == Language("cy"))
        time.advance(by: .seconds(1))
        #expect(model.language == Language("en_GB"))
    }

    @Test func onlyOfferedLanguagesAreTakenAndOnlyWhileTheKioskTakesTaps() async throws {
        let model = try await kiosk()
        #expect(!model.choose(language: Language("fr")))
        store.holdAfterCommit()
        #expect(model.choose("C"))
        #expect(!model.choose(language: Language("cy")), "not while a ticket is on its way")
        store.release()
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        #expect(try storedLanguages() == ["en_GB"])
    }

    @Test func aKioskWithOneLanguageStoresNone() async throws {
        let model = try await kiosk(languages: [])
        #expect(!model.languages.offersChoice)
        #expect(model.choose("C"))
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        #expect(try storedLanguages() == [nil])
    }
    /// `[service:X] name[cy]` and `[store] name[cy]`: a customer who chose Cymraeg reads the
    /// Welsh names on the buttons, the welcome and their ticket; one in English, the plain ones.
    @Test func aWelshCustomerReadsTheWelshNames() async throws {
        var configuration = try store.configuration()
        configuration.storeName = "High Street"
        configuration.localizedStoreNames = ["cy": "Stryd Fawr"]
        configuration.services["C"]?.localizedNames = ["cy": "Clicio a Chasglu"]
        _ = try store.perform(.configure(configuration), at: time.now())
        let model = try await kiosk()
        let collect = try #require(model.services.first { $0.code == "C" })
        let returns = try #require(model.services.first { $0.code == "R" })
        #expect(model.name(of: collect) == "Click & Collect" && model.storeName == "High Street")
        #expect(model.choose(language: Language("cy")))
        #expect(model.name(of: collect) == "Clicio a Chasglu")
        #expect(model.name(of: returns) == "Returns", "a service without a Welsh name keeps its own")
        #expect(model.storeName == "Stryd Fawr")
        #expect(model.choose("C"))
        #expect(await eventually { if case .showingTicket = model.phase { true } else { false } })
        guard case .showingTicket(let ticket) = model.phase else { return }
        #expect(ticket.serviceName == "Clicio a Chasglu", "the ticket page names the service in Welsh")
        time.advance(by: .seconds(1))
        #expect(model.dismiss())
        #expect(model.name(of: collect) == "Click & Collect" && model.storeName == "High Street", "the next customer's are English")
    }
}
