import Testing
@testable import TesseraFeatures

/// `[kiosk] languages=`, `default-language=` and `[board] languages=`.
struct LanguageSettingsFileTests {
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
            try SettingsFile.parse("[kiosk]\nlanguages = en_GB;cy\ndefault-language = fr\n", file: "f")
        }
        #expect(other?.description.contains("f:3: [kiosk] default-language: “fr” is not one of languages=") == true,
                "\(String(describing: other))")
    }
}
