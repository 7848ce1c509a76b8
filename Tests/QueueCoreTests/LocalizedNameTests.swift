import Testing
@testable import QueueCore

/// Names per language (`name[cy]`): GKeyFile's lookup order, the locales a name may be given in,
/// and a setup that changes only a Welsh name reaching the store.
@Suite struct LocalizedNameTests {
    /// `g_key_file_get_locale_string` for a locale `lang_COUNTRY@MODIFIER` tries it, then
    /// `lang_COUNTRY`, then `lang@MODIFIER`, then `lang`, then the untranslated key.
    @Test func aLookupTriesTheFullLocaleThenLessThenThePlainName() {
        #expect(LocalizedName.candidates(for: "sr_RS@latin") == ["sr_RS@latin", "sr_RS", "sr@latin", "sr"])
        #expect(LocalizedName.candidates(for: "cy_GB.UTF-8") == ["cy_GB", "cy"], "the codeset plays no part")
        #expect(LocalizedName.candidates(for: "cy_GB.UTF-8@euro") == ["cy_GB@euro", "cy_GB", "cy@euro", "cy"])
        #expect(LocalizedName.candidates(for: "cy") == ["cy"])

        let names = ["sr_RS@latin": "full", "sr_RS": "country", "sr@latin": "modifier", "sr": "language"]
        func pick(_ kept: Set<String>, _ language: String?) -> String {
            LocalizedName.pick("plain", from: names.filter { kept.contains($0.key) }, in: language)
        }
        let all = Set(names.keys)
        #expect(pick(all, "sr_RS@latin") == "full")
        #expect(pick(all.subtracting(["sr_RS@latin"]), "sr_RS@latin") == "country")
        #expect(pick(["sr@latin", "sr"], "sr_RS@latin") == "modifier")
        #expect(pick(["sr"], "sr_RS@latin") == "language")
        #expect(pick([], "sr_RS@latin") == "plain")
        #expect(pick(all, "sr_ME") == "language", "another country falls back to the language, never to a sibling")
        #expect(pick(all, "hr") == "plain")
        #expect(pick(all, nil) == "plain")
    }

    @Test func serviceDeskAndStoreNamesUseTheLookup() {
        let service = Service(code: "C", name: "Click & Collect", localizedNames: ["cy": "Clicio a Chasglu"])
        #expect(service.name(in: "cy") == "Clicio a Chasglu")
        #expect(service.name(in: "cy_GB") == "Clicio a Chasglu")
        #expect(service.name(in: "en_GB") == "Click & Collect")
        let desk = Desk(number: 1, name: "Front Office", services: ["C"], localizedNames: ["cy": "Swyddfa Flaen"])
        #expect(desk.name(in: "cy") == "Swyddfa Flaen" && desk.name(in: nil) == "Front Office")
        let store = StoreConfiguration(storeName: "High Street", localizedStoreNames: ["cy": "Stryd Fawr"])
        #expect(store.storeName(in: "cy") == "Stryd Fawr" && store.storeName(in: "fr") == "High Street")
    }

    @Test func onlyLocalesAreLocales() {
        for locale in ["cy", "cy_GB", "sr@latin", "sr_RS@latin", "es_419", "haw"] {
            #expect(LocalizedName.isLocale(locale), "\(locale)")
        }
        for text in ["", "C", "Welsh", "CY", "cy_gb", "cy-GB", "cy_GB.UTF-8", "cy@", "cy_", "_GB", "cy_GB_X", "cy@Latin", "cy "] {
            #expect(!LocalizedName.isLocale(text), "\(text)")
        }
    }

    @Test func theRulesRefuseABadLocaleOrName() {
        var service = Service(code: "C", name: "Click & Collect", localizedNames: ["Welsh": "Clicio"])
        #expect(throws: ConfigurationError.invalidLocale(of: "service C", "Welsh")) { try ConfigurationValidator.check(service) }
        service.localizedNames = ["cy": "Clicio\na Chasglu"]
        #expect(throws: ConfigurationError.self) { try ConfigurationValidator.check(service) }
        let store = StoreConfiguration(storeName: "High Street", localizedStoreNames: ["cy": " "])
        #expect(throws: ConfigurationError.self) { try ConfigurationValidator.check(store) }
    }

    /// The file's Welsh name changed, nothing else: the store must hear of it, or the kiosk
    /// keeps the old one.
    @Test func aSetupChangingOnlyWelshNamesIsRecorded() throws {
        var harness = Harness()
        var configuration = testConfiguration()
        let desks = [Desk(number: 1, name: "Desk 1", services: ["C", "R"]), Desk(number: 2, name: "Desk 2", services: ["C", "S"]),
                     Desk(number: 3, name: "Desk 3", services: ["C", "R", "S"])]
        try harness.run(.applySetup(StoreSetup(configuration: configuration, desks: desks)))
        configuration.services["C"]?.localizedNames = ["cy": "Clicio a Chasglu"]
        configuration.localizedStoreNames = ["cy": "Stryd Fawr"]
        var welsh = desks
        welsh[0].localizedNames = ["cy": "Desg Un"]
        let events = try harness.run(.applySetup(StoreSetup(configuration: configuration, desks: welsh)))
        #expect(events.count == 2, "one storeConfigured, one deskConfigured: \(events)")
        #expect(harness.state.configuration.services["C"]?.name(in: "cy") == "Clicio a Chasglu")
        #expect(harness.state.configuration.storeName(in: "cy") == "Stryd Fawr")
        #expect(harness.state.desks[1]?.name(in: "cy") == "Desg Un")
        #expect(try harness.run(.applySetup(StoreSetup(configuration: configuration, desks: welsh))).isEmpty)
    }
}
