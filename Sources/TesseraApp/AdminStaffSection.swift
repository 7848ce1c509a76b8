import GtkKit
import Localization
import QueueCore
import QueueStore
import TesseraFeatures
import TesseraStyle

/// The admin page's staff: who may sign in, their role and whether a PIN is set, a new PIN for
/// one who forgot theirs, removal; then a form that adds a member with their PIN in one step.
@MainActor final class AdminStaffSection {
    let root = Box(orientation: .vertical, spacing: 12)
    private let model: AdminModel
    private let list = Box(orientation: .vertical, spacing: 0)
    private var rows: [StaffID: Row] = [:]
    let name = AdminField(localized("Name"), width: 24)
    let pin = AdminField(localized("PIN (4 to 8 digits)"), width: 10, secret: true)
    let administrator = CheckButton(label: localized("Administrator (may manage the store)"))
    private(set) var add: StyledButton!

    @MainActor final class Row {
        let root = Box(orientation: .horizontal, spacing: 16)
        let title = Label()
        let newPin: AdminField
        let setPin: StyledButton
        let role: StyledButton
        let remove: StyledButton
        init(newPin: AdminField, setPin: StyledButton, role: StyledButton, remove: StyledButton) {
            self.newPin = newPin
            self.setPin = setPin
            self.role = role
            self.remove = remove
        }
    }

    init(model: AdminModel) {
        self.model = model
        root.append(AdminField.heading(localized("Staff who may sign in")))
        root.append(list)
        root.append(AdminField.heading(localized("Add a staff member")))
        let form = AdminField.form([name, pin]) { [weak self] in self?.submit() }
        form.attach(administrator, column: 1, row: 2)
        root.append(form)
        add = StyledButton(localized("Add staff member"), style: .primary, context: .desk).onClicked { [weak self] in self?.submit() }
        add.widget.halign = .start
        root.append(add.widget)
    }

    private func submit() {
        guard !model.isBusy else { return }
        let form = StaffForm(name: name.entry.text, isAdministrator: administrator.isActive)
        let typed = pin.entry.text
        pin.entry.text = ""  // a PIN stays on screen no longer than it takes to read it
        Task {
            if await model.addStaff(form, pin: typed) {
                name.entry.text = ""
                administrator.isActive = false
            }
        }
    }

    func update() {
        add.setBusy(model.isBusy)
        let staff = model.snapshot?.staff ?? []
        for record in staff {
            let member = record.member
            let row = rows[member.id] ?? makeRow(member.id)
            let role = member.role == .administrator ? localized("administrator") : localized("staff")
            // TRANSLATORS: a staff row: name, role, and whether they can sign in yet.
            var title = localized("%1$s · %2$s · %3$s", member.name, role, record.hasPin ? localized("PIN set") : localized("no PIN yet"))
            // Nobody removes themselves: the store would be left with nobody to manage it.
            if member.id == model.admin.id { title += " · " + localized("signed in here") }
            if row.title.text != title { row.title.text = title }
            row.setPin.setBusy(model.isBusy)
            row.remove.setBusy(model.isBusy)
            row.remove.widget.isVisible = member.id != model.admin.id
            row.role.widget.isVisible = member.id != model.admin.id
            row.role.label = member.role == .administrator ? localized("Make staff") : localized("Make administrator")
            row.role.setBusy(model.isBusy)
        }
        let ids = Set(staff.map(\.member.id))
        for (id, row) in rows where !ids.contains(id) {
            list.remove(row.root)
            rows[id] = nil
        }
    }

    private func makeRow(_ id: StaffID) -> Row {
        let newPin = AdminField(localized("New PIN"), width: 10, secret: true)
        let setPin = StyledButton(localized("Set PIN"), style: .secondary, context: .desk)
        let remove = StyledButton(localized("Remove"), style: .secondary, context: .desk)
        let role = StyledButton(localized("Make administrator"), style: .secondary, context: .desk)
        let row = Row(newPin: newPin, setPin: setPin, role: role, remove: remove)
        let member = { [weak self] in self?.model.snapshot?.staff.first { $0.member.id == id }?.member }
        _ = setPin.onClicked { [weak self] in
            guard let self, let who = member() else { return }
            let typed = newPin.entry.text
            newPin.entry.text = ""
            Task { await self.model.resetPin(of: who, to: typed) }
        }
        _ = role.onClicked { [weak self] in
            guard let self, let who = member() else { return }
            Task { await self.model.setRole(of: who, to: who.role == .administrator ? .clerk : .administrator) }
        }
        _ = remove.onClicked { [weak self] in
            guard let self, let who = member() else { return }
            Task { await self.model.remove(who) }
        }
        row.root.addCSSClass(AdminStyle.row)
        row.title.addCSSClass(AdminStyle.text)
        row.title.xalign = 0
        row.title.hexpand = true
        row.title.wraps = true
        row.root.append(row.title)
        newPin.entry.placeholder = newPin.label.text
        newPin.entry.valign = .center
        row.root.append(newPin.entry)
        for button in [setPin, role, remove] {
            button.widget.valign = .center
            row.root.append(button.widget)
        }
        list.append(row.root)
        rows[id] = row
        return row
    }
}
