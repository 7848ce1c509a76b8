import Foundation
import Testing
@testable import TesseraStyle

@Suite struct StyleSheetTests {
    static let themes: [Theme] = [.standard, .highContrast, ThemeLoader.load(path: RepositoryFiles.sampleTheme).theme]

    @Test(arguments: themes)
    func usesOnlyGtk48Syntax(theme: Theme) {
        let css = StyleSheet(theme: theme).css
        #expect(!css.contains("var("))
        #expect(!css.contains("@media"))
        #expect(!css.contains("--"))
        #expect(css.filter { $0 == "{" }.count == css.filter { $0 == "}" }.count)
        // Every declaration (a line inside a block) ends with a semicolon.
        var depth = 0
        for line in css.split(separator: "\n") {
            if line.hasSuffix("{") { depth += 1; continue }
            if line == "}" { depth -= 1; continue }
            if depth > 0 { #expect(line.hasSuffix(";"), "declaration without ';': \(line)") }
        }
    }

    @Test(arguments: themes)
    func everyReferencedColourIsDefined(theme: Theme) throws {
        let css = StyleSheet(theme: theme).css
        let defined = Set(css.split(separator: "\n").filter { $0.hasPrefix("@define-color ") }
            .map { $0.split(separator: " ")[1] })
        let referenced = try Regex(#"@(tessera_[a-z_]+)"#)
        let uses = css.matches(of: referenced).map { $0.output[1].substring.map(String.init) ?? "" }
        #expect(!uses.isEmpty)
        for name in uses { #expect(defined.contains(Substring(name)), "undefined colour @\(name)") }
    }

    @Test func isDeterministic() {
        #expect(StyleSheet(theme: .standard).css == StyleSheet(theme: .standard).css)
        #expect(StyleSheet(theme: .standard).css != StyleSheet(theme: .highContrast).css)
    }

    @Test func tokensBecomeColourDefinitions() {
        var theme = Theme.standard
        theme.primary.pressed.background = ThemeColor(rgb: 0x123456)
        theme.destructive.spinner = ThemeColor(rgb: 0xfedcba)
        let css = StyleSheet(theme: theme).css
        #expect(css.contains("@define-color tessera_primary_pressed_bg #123456;"))
        #expect(css.contains("@define-color tessera_destructive_spinner #fedcba;"))
        #expect(css.contains("@define-color tessera_secondary_normal_border #000000;"))
    }

    @Test func everyStyleHasARuleForEveryState() {
        let css = StyleSheet(theme: .standard).css
        for style in builtInButtonStyles {
            let button = "button.tessera-button.\(style.cssClass)"
            for selector in [button + " {", button + ":hover {", button + ":active,", button + ":disabled {",
                             button + ".tessera-loading {", button + ".tessera-loading ~ .tessera-loading-cover {"] {
                #expect(css.contains(selector), "missing \(selector)")
            }
        }
    }

    /// GTK's min-height is the content box: the theme's whole-button height minus padding and border.
    @Test func minimumHeightsAccountForPaddingAndBorder() throws {
        let theme = Theme.standard  // kiosk 96, desk 48, padding 12, border 2
        let rules = PrimaryButtonStyle().cssRules(for: theme)
        let kiosk = try #require(rules.first { $0.selectors == ["button.tessera-button.tessera-primary.tessera-kiosk"] })
        #expect(kiosk.declarations.map(\.value) == ["68px"])
        let desk = try #require(rules.first { $0.selectors == ["button.tessera-button.tessera-primary.tessera-desk"] })
        #expect(desk.declarations.map(\.value) == ["20px"])
    }

    @Test func aCustomStyleAddsItsOwnClass() {
        struct Accent: ButtonStyle {
            var name: String { "accent" }
            var cssClass: String { "store-accent" }
            func tokens(from theme: Theme) -> RoleTokens { theme.primary }
        }
        let css = StyleSheet(theme: .standard, styles: builtInButtonStyles + [Accent()]).css
        #expect(css.contains("button.tessera-button.store-accent:active"))
        #expect(css.contains("@define-color tessera_store_accent_normal_bg #000000;"))
    }

    @Test func aThemeNameCannotCloseTheHeaderComment() {
        var theme = Theme.standard
        theme.name = "Evil */ button { color: red; } /*"
        #expect(!StyleSheet(theme: theme).css.split(separator: "\n")[0].contains("*/ button"))
    }
}
