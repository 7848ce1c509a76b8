import Glibc
import Localization
import Testing

/// The catalogs as gettext reads them (`.build/locale`, made by `scripts/translations`): a
/// customer's language is looked up beside the staff's, Welsh plurals take their six forms.
@Suite(.serialized) struct LanguageTests {
    init() { Catalog.start() }

    @Test func aCustomersLanguageLeavesTheStaffsAlone() {
        let welsh = Language("cy").localized("Take a ticket")
        #expect(welsh == "Cymerwch docyn")
        #expect(Language.locale.localized("Take a ticket") == "Take a ticket")
        #expect(Language("cy").localized("Take a ticket") == welsh)
        #expect(String(cString: getenv("LANGUAGE")) == "")
    }

    @Test func eachLanguageNamesItselfFromItsOwnCatalog() {
        #expect(Language("cy").name == "Cymraeg")
        #expect(Language("en_GB").name == "English")
    }

    /// cy.po's rule: 0, 1, 2, 3, 6 and everything else each have a form of their own.
    @Test func welshTakesSixPluralForms() {
        let forms = [0, 1, 2, 3, 6, 8, 11].map {
            Language("cy").localizedPlural("%d person ahead of you", "%d people ahead of you", count: $0)
        }
        #expect(forms == ["Neb o’ch blaen", "1 person o’ch blaen", "2 berson o’ch blaen", "3 pherson o’ch blaen",
                          "6 pherson o’ch blaen", "8 o bobl o’ch blaen", "11 o bobl o’ch blaen"])
        #expect(Language("en_GB").localizedPlural("%d person ahead of you", "%d people ahead of you", count: 2)
            == "2 people ahead of you")
    }

    @Test func placeholdersTakeTheirArgumentsByPosition() {
        #expect(Language.locale.localized("%2$s, %1$s", "a", "b") == "b, a")
    }

    @Test func timesFollowTheLanguagesFormat() {
        #expect(Language("cy").time(hour: 9, minute: 5) == "09:05")
    }
}
