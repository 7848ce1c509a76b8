import FoundationEssentials
import GtkKit
import Localization
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The sign-in page's layout, in pixels unless named otherwise.
private enum Layout {
    static let spacing: Int32 = 20
    static let namesSpacing: Int32 = 16
    /// Name buttons: eight, in two rows of four.
    static let staffShown = 8
    static let staffColumns = 4
    static let staffButtonWidth: Int32 = 260
    static let staffButtonGap: Int32 = 8
    static let keypadSpacing: Int32 = 12
    static let keyWidth: Int32 = 120
    /// 20 mm for a thumb at 96 dpi, the digits' height too (the kiosk context's).
    static let keyHeight: Int32 = 76
    static let keyGap: Int32 = 6
    static let titlePoints = 28
    /// The page's one message (a wrong PIN, the lock's countdown): body text, read standing.
    static let messagePoints = 18
}

/// The desk's sign-in page, bound to a `SignInModel`: a button per staff member, then a numeric
/// keypad (no text entry, so no on-screen keyboard is needed). Digits also come from the
/// keyboard. Staff buttons are a fixed pool, relabelled, never rebuilt. One message line, in
/// body type, says whatever the model says last (a wrong PIN, a short one, a member's lock
/// counting down); no button adds a reason of its own.
@MainActor final class DeskSignInScreen {
    let model: SignInModel
    let root = Box(orientation: .vertical, spacing: Layout.spacing)
    private let pages = ScreenPages()
    private let title = Label()
    let message = Label()
    let hint = Label()
    private let dots = Label()
    private let who = Label()
    private(set) var staffButtons: [StyledButton] = []
    private var shownStaff: [StaffMember?] = []
    private(set) var digitButtons: [Int: StyledButton] = [:]
    private var signIn: StyledButton!
    private var deleteKey: StyledButton!

    init(model: SignInModel, deskName: String, hint hintText: String?) {
        self.model = model
        root.halign = .center
        root.valign = .center
        title.setMarkup("<span size='\(Layout.titlePoints)pt' weight='bold'>\(Markup.escaped(localized("%s: sign in", deskName)))</span>")
        // Both wrap: in the demo's third a line of either is wider than the page.
        title.wraps = true
        title.justification = .center
        root.append(title)
        pages.add(namesPage(), name: "names", title: localized("Who are you?"))
        pages.add(keypadPage(), name: "keypad", title: "PIN")
        root.append(pages.stack)
        message.wraps = true
        message.justification = .center
        root.append(message)
        hint.text = hintText ?? ""
        hint.isVisible = hintText != nil
        hint.addCSSClass("dim-label")
        hint.wraps = true
        hint.justification = .center
        root.append(hint)
        model.onChange = { [weak self] in self?.update() }
        update()
    }

    private func namesPage() -> Widget {
        let page = Box(orientation: .vertical, spacing: Layout.namesSpacing)
        page.append(Label(localized("Choose your name")))
        // Up to four names a row; fewer where the screen is narrow (the demo's third).
        let names = FlowBox(perLine: UInt32(Layout.staffColumns), spacing: UInt32(Layout.namesSpacing))
        for index in 0..<Layout.staffShown {
            let button = StyledButton("", style: .secondary, context: .kiosk).onClicked { [weak self] in
                guard let self, index < shownStaff.count, let member = shownStaff[index] else { return }
                model.choose(member)
            }
            button.widget.setSizeRequest(width: Layout.staffButtonWidth, height: -1)
            names.append(button.widget)
            staffButtons.append(button)
        }
        page.append(names)
        return page
    }

    private func keypadPage() -> Widget {
        let page = Box(orientation: .vertical, spacing: Layout.keypadSpacing)
        page.halign = .center
        who.addCSSClass("title-2")
        page.append(who)
        page.append(dots)
        let grid = Grid()
        grid.rowSpacing = UInt32(Layout.keypadSpacing)
        let layout: [[Int?]] = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [nil, 0, nil]]
        for (row, digits) in layout.enumerated() {
            for (column, digit) in digits.enumerated() {
                let button: StyledButton
                if let digit {
                    button = StyledButton("\(digit)", style: .secondary, context: .kiosk).onClicked { [weak self] in
                        self?.model.press(digit: digit)
                    }
                    digitButtons[digit] = button
                } else if column == 0 {
                    button = StyledButton(localized("Delete"), style: .secondary, context: .kiosk).onClicked { [weak self] in
                        self?.model.deleteDigit()
                    }
                    deleteKey = button
                } else {
                    button = StyledButton(localized("Sign in"), style: .primary, context: .kiosk).onClicked { [weak self] in
                        guard let self else { return }
                        Task { await self.model.submit() }
                    }
                    signIn = button
                }
                button.widget.setSizeRequest(width: Layout.keyWidth, height: Layout.keyHeight)
                button.widget.margins = EdgeInsets(start: Layout.keyGap, end: Layout.keyGap)
                // Sign in, with room for "Checking…", would widen its column: a row of its own.
                if button === signIn {
                    grid.attach(button.widget, column: 0, row: Int32(row + 1), width: 3)
                } else {
                    grid.attach(button.widget, column: Int32(column), row: Int32(row))
                }
            }
        }
        page.append(grid)
        let back = StyledButton(localized("Back to names"), style: .secondary, context: .desk).onClicked { [weak self] in
            self?.model.back()
        }
        page.append(back.widget)
        return page
    }

    /// Keys on the keypad: digits, Backspace, Enter to sign in, Escape back to the names (also
    /// from a locked member's countdown). On the names page every key goes to the focused name
    /// button (Tab, Enter, Space).
    func handleKey(_ keyval: UInt32) -> Bool {
        if case .locked = model.phase, keyval == DeskKeys.escape {
            model.back()
            return true
        }
        guard case .enteringPin = model.phase else { return false }
        if let digit = DeskKeys.digit(keyval) {
            model.press(digit: digit)
            return true
        }
        switch keyval {
        case DeskKeys.backspace: model.deleteDigit()
        case DeskKeys.enter, DeskKeys.keypadEnter: Task { await model.submit() }
        case DeskKeys.escape: model.back()
        default: return false
        }
        return true
    }

    func update() {
        shownStaff = (0..<Layout.staffShown).map { $0 < model.staff.count ? model.staff[$0] : nil }
        for (button, member) in zip(staffButtons, shownStaff) {
            button.label = member?.name ?? ""
            button.widget.isVisible = member != nil
        }
        let text = model.message
            ?? (model.staff.isEmpty ? localized("Nobody can sign in yet: add staff with tessera staff add NAME, which asks for their PIN.") : "")
        message.setMarkup("<span size='\(Layout.messagePoints)pt'>\(Markup.escaped(text))</span>")
        message.isVisible = !text.isEmpty
        switch model.phase {
        case .choosing:
            pages.show("names")
        case .enteringPin(let member), .checking(let member), .locked(let member, _):
            who.text = member.name
            let locked = if case .locked = model.phase { true } else { false }
            let typed = String(repeating: "● ", count: model.digitCount)
            let dotsText = locked ? localized("Locked") : typed.isEmpty ? localized("Type your PIN") : typed
            dots.setMarkup("<span size='\(Layout.titlePoints)pt'>\(Markup.escaped(dotsText))</span>")
            dots.accessibleDescription = localizedPlural("%d digit typed", "%d digits typed", count: model.digitCount)
            for key in digitButtons.values { key.disabled(locked) }
            deleteKey.disabled(locked)
            let checking = if case .checking = model.phase { true } else { false }
            signIn.setBusy(checking, label: localized("Checking…"))
            if !checking { signIn.disabled(locked) }
            pages.show("keypad")
        }
    }
}
