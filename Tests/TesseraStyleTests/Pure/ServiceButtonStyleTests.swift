import Testing
@testable import TesseraStyle

@Suite struct ServiceButtonStyleTests {
    /// The sample file's colours, a light one that needs black text, and one that reads with
    /// neither black nor white at 7:1 as it is.
    static let colours = ["#2E7D32", "#1565C0", "#6A1B9A", "#81C784", "#3465A4", "#808080"]

    @Test(arguments: [Theme.standard, Theme.highContrast])
    func everyStatesTextReachesTheThemesContrast(theme: Theme) {
        for colour in Self.colours {
            let tokens = ServiceButtonStyle(code: "C", colour: colour).tokens(from: theme)
            for state in ButtonState.allCases {
                let colours = tokens[state]
                let ratio = colours.foreground.contrastRatio(with: colours.background)
                let required = state == .disabled ? ContrastAudit.textMinimum : theme.textContrast
                #expect(ratio >= required, "\(colour) \(state): \(ratio)")
            }
            #expect(tokens.pressed.background != tokens.normal.background, "\(colour): pressed looks pressed")
            #expect(tokens.loading.background != tokens.normal.background, "\(colour): loading looks busy")
            #expect(tokens.disabled.background != tokens.normal.background, "\(colour): disabled looks off")
        }
    }

    @Test func theHighContrastSectionIsScopedAndOutweighsTheStandardRules() {
        let css = StyleSheet(theme: .standard, styles: builtInButtonStyles + [ServiceButtonStyle(code: "C", colour: "#2E7D32")],
                             highContrast: .highContrast, largeTextScale: 1.5).css
        #expect(css.contains(".tessera-high-contrast button.tessera-button.tessera-service-C {"))
        #expect(css.contains(".tessera-high-contrast .tessera-text {"))
        #expect(css.contains(".tessera-large-text button.tessera-button,"))
        #expect(StyleSheet(theme: .standard).css.contains("tessera-high-contrast") == false)
    }
}
