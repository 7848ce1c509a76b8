import GtkKit

/// A labelled text field of an admin form: the label is the entry's accessible name too.
@MainActor struct AdminField {
    let label: Label
    let entry = Entry()

    init(_ title: String, width: Int32, secret: Bool = false) {
        label = Label(title)
        label.xalign = 0
        label.addCSSClass(AdminStyle.text)
        entry.accessibleLabel = title
        entry.widthChars = width
        entry.hexpand = false
        entry.halign = .start
        if secret {
            entry.isTextVisible = false
            entry.expectDigits(secret: true)
        }
    }

    /// The fields as a form: each label beside its entry, one a row; Enter in any runs `submit`.
    static func form(_ fields: [AdminField], submit: (@MainActor () -> Void)? = nil) -> Grid {
        let form = Grid()
        form.rowSpacing = 8
        form.columnSpacing = 12
        for (index, field) in fields.enumerated() {
            form.attach(field.label, column: 0, row: Int32(index))
            form.attach(field.entry, column: 1, row: Int32(index))
            if let submit { field.entry.onActivate(submit) }
        }
        return form
    }

    static func heading(_ text: String) -> Label {
        let label = Label(text)
        label.addCSSClass(AdminStyle.section)
        label.xalign = 0
        return label
    }
}
