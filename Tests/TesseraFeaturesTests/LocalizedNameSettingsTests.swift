import Localization
import QueueCore
import Testing
@testable import TesseraFeatures

/// `name[cy] = …` (GKeyFile's localized keys) for the store, services and desks: read into the
/// setup, refused on every other key, for a locale that is none, and for a language no screen
/// can be in, each with `FILE:LINE`.
@Suite struct LocalizedNameSettingsTests {
    init() { Catalog.startOnce() }

    @Test func namesInOtherLanguagesAreReadForTheStoreServicesAndDesks() throws {
        let settings = try SettingsFile.parse("""
            [store]
            name = High Street
            name[cy] = Stryd Fawr

            [service:C]
            name = Click & Collect
            name[cy] = Clicio a Chasglu
            name[cy_GB] = Clicio a Chasglu (GB)

            [service:R]
            name = Returns

            [desk:1]
            name[cy] = Desg Un
            services = C;R
            """, file: "tessera.conf")
        let setup = try #require(settings.setup)
        #expect(setup.configuration.localizedStoreNames == ["cy": "Stryd Fawr"])
        #expect(setup.configuration.services["C"]?.localizedNames == ["cy": "Clicio a Chasglu", "cy_GB": "Clicio a Chasglu (GB)"])
        #expect(setup.configuration.services["R"]?.localizedNames == [:])
        #expect(setup.desks.first?.name == "Desk 1", "a desk without name= keeps its default one")
        #expect(setup.desks.first?.name(in: "cy") == "Desg Un")
    }

    @Test func aLanguageOnAnyOtherKeyIsRefusedWithItsLine() {
        #expect(problems("""
            [service:C]
            name = Click & Collect
            colour[cy] = #2E7D32
            [kiosk]
            name[cy] = Drws
            [board]
            speech[cy] = true
            """) == [
                "tessera.conf:3: [service:C] colour[cy]: only the names of the store, services and desks take a language; write colour= without [cy]",
                "tessera.conf:5: [kiosk] name[cy]: only the names of the store, services and desks take a language; write name= without [cy]",
                "tessera.conf:7: [board] speech[cy]: only the names of the store, services and desks take a language; write speech= without [cy]",
            ])
        #expect(problems("[board]\nvoices[cy] = cy\n").first?.hasPrefix("tessera.conf:2: [board] voices[cy]: unknown key; [board] has") == true,
                "a key no group has is unknown, language or not")
    }

    @Test func aLocaleThatIsNoneOrEmptyIsRefusedWithItsLine() {
        let found = problems("""
            [service:C]
            name = Click & Collect
            name[Welsh] = Clicio
            name[cy_GB.UTF-8] = Clicio
            name[] = Clicio
            """)
        #expect(found.count == 3, "\(found)")
        #expect(found.first == "tessera.conf:3: [service:C] name[Welsh]: “Welsh” is not a locale; write a language in the brackets, like name[cy] or name[cy_GB]")
        #expect(found.dropFirst().first?.hasPrefix("tessera.conf:4: [service:C] name[cy_GB.UTF-8]: “cy_GB.UTF-8” is not a locale") == true)
        #expect(found.last?.hasPrefix("tessera.conf:5: [service:C] name[]: the brackets name no locale") == true, "\(found)")
    }

    /// As `[kiosk] languages=` refuses a language without a catalog: no screen is ever in it,
    /// so its name would never show.
    @Test func aNameInALanguageWithoutACatalogIsRefusedWithItsLine() throws {
        #expect(problems("[store]\nname = High Street\nname[fr] = Grand-Rue\n[service:C]\nname = C\n") == [
            "tessera.conf:3: [store] name[fr]: “fr” has no catalog, so no screen shows this name; languages with one: "
                + Catalog.languages().joined(separator: ", "),
        ])
        let english = try SettingsFile.parse("[store]\nname = Stryd Fawr\nname[en] = High Street\n[service:C]\nname = C\n", file: "f")
        #expect(english.setup?.configuration.localizedStoreNames == ["en": "High Street"], "English is the sources' own")
    }

    @Test func aBadWelshNameIsRefusedAsABadNameIs() {
        let found = problems("[service:C]\nname = Click & Collect\nname[cy] =\n")
        #expect(found.count == 1 && found[0].hasPrefix("tessera.conf:3: [service:C] name[cy]: is empty"), "\(found)")
    }
}
