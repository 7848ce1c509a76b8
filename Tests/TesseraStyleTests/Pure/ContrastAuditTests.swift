import Testing
@testable import TesseraStyle

@Suite struct ContrastAuditTests {
    @Test(arguments: [Theme.standard, Theme.highContrast])
    func builtInThemesPassEveryCheck(theme: Theme) {
        let failures = ContrastAudit.failures(in: theme)
        #expect(failures.isEmpty, "\(theme.name): \(failures.map { "\($0.subject) \($0.ratio)" })")
    }

    @Test func everyRoleAndStateHasATextCheckAtAA() {
        let checks = ContrastAudit.checks(for: .standard)
        for role in ButtonRole.allCases {
            for state in ButtonState.allCases {
                let check = checks.first { $0.subject == .text(role, state) }
                #expect(check?.required == 4.5, "missing or wrong check for \(role) \(state)")
                #expect(check?.foreground == Theme.standard[role][state].foreground)
            }
        }
    }

    @Test func aLowContrastPressedStateIsFlagged() {
        var theme = Theme.standard
        theme.secondary.pressed.background = ThemeColor(rgb: 0x777777)  // black text on mid grey: 4.69 — passes
        #expect(ContrastAudit.failures(in: theme).isEmpty)
        theme.secondary.pressed.foreground = ThemeColor(rgb: 0x333333)  // dark grey on mid grey: fails
        let failures = ContrastAudit.failures(in: theme)
        #expect(failures.map(\.subject) == [.text(.secondary, .pressed)])
        #expect(failures.first.map { $0.ratio < 4.5 } == true)
    }

    @Test func spinnerAndFocusRingNeedThreeToOne() {
        var theme = Theme.standard
        theme.primary.spinner = ThemeColor(rgb: 0x555555)  // on #333333 loading background
        theme.focusRing.color = ThemeColor(rgb: 0xdddddd)  // on a white surface
        let subjects = Set(ContrastAudit.failures(in: theme).map(\.subject))
        #expect(subjects == [.spinner(.primary), .focusRing])
    }
}
