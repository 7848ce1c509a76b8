import Localization
import Testing
@testable import TesseraFeatures

/// `[kiosk] languages=`, `default-language=` and `[board] languages=`.
struct LanguageSettingsFileTests {
    init() { Catalog.startOnce() }

    @Test func languagesAreReadInButtonOrder() throws {
        let settings = try SettingsFile.parse("""
            [kiosk]
            languages = en_GB; cy
            default-language = cy
            [board]
            language = cy
            languages = cy;en_GB
            """, file: "f")
        #expect(settings.kiosk.languages == ["en_GB", "cy"] && settings.kiosk.defaultLanguage == "cy")
        #expect(KioskLanguages(settings.kiosk).standard.code == "cy")
        #expect(settings.board.language == "cy" && settings.board.languages == ["cy", "en_GB"])
    }

    @Test func aBadLanguageIsRefusedWithItsLine() throws {
        let error = #expect(throws: SettingsFileError.self) {
            try SettingsFile.parse("[kiosk]\nlanguages = en_GB;Welsh\n", file: "f")
        }
        #expect(error?.description.contains("f:2: [kiosk] languages: “Welsh” is not a language name") == true,
                "\(String(describing: error))")
        let other = #expect(throws: SettingsFileError.self) {
            try SettingsFile.parse("[kiosk]\nlanguages = en_GB;cy\ndefault-language = en_US\n", file: "f")
        }
        #expect(other?.description.contains("f:3: [kiosk] default-language: “en_US” is not one of languages=") == true,
                "\(String(describing: other))")
    }

    /// The kiosk shows a language only from its catalog (English is the sources' own): a
    /// language without one would be a button that changes nothing.
    @Test func aKioskLanguageWithoutACatalogIsRefusedWithItsLine() throws {
        #expect(Catalog.languages().contains("cy"), "scripts/translations builds the catalogs the tests read")
        let error = #expect(throws: SettingsFileError.self) {
            try SettingsFile.parse("[kiosk]\nlanguages = en_GB;cy;fr\n", file: "f")
        }
        #expect(error?.problems.map(\.description) == [
            "f:2: [kiosk] languages: “fr” has no catalog, so the kiosk cannot show it; languages with one: "
                + Catalog.languages().joined(separator: ", "),
        ])
        let alone = #expect(throws: SettingsFileError.self) { try SettingsFile.parse("[kiosk]\ndefault-language = fr\n", file: "f") }
        #expect(alone?.description.contains("f:2: [kiosk] default-language: “fr” has no catalog") == true, "\(String(describing: alone))")
        let english = try SettingsFile.parse("[kiosk]\nlanguages = en_GB;cy_GB;en\n", file: "f")
        #expect(english.kiosk.languages == ["en_GB", "cy_GB", "en"], "English is the sources' own; cy_GB reads cy's catalog")
    }
}
