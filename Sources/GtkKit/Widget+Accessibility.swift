import CGtk

// Accessible properties and states go through the `GValue` forms of the variadic
// `gtk_accessible_update_*` calls. GTK 4.8 has getters for them only in its testing API;
// the text getters use it (`reportedAccessibleText`) rather than a copy of what was set,
// because GTK sets some of them itself (a button's text names it, a tooltip describes it).

extension Widget {
    /// The accessible name screen readers announce, as GTK holds it
    /// (`gtk_accessible_update_property_value` with `GTK_ACCESSIBLE_PROPERTY_LABEL`).
    public var accessibleLabel: String? {
        get { reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_LABEL) }
        set { setAccessibleText(newValue, for: GTK_ACCESSIBLE_PROPERTY_LABEL) }
    }

    /// The accessible description, as GTK holds it
    /// (`gtk_accessible_update_property_value` with `GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`).
    public var accessibleDescription: String? {
        get { reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) }
        set { setAccessibleText(newValue, for: GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) }
    }

    /// Marks the widget busy, e.g. while its action runs
    /// (`gtk_accessible_update_state_value` with `GTK_ACCESSIBLE_STATE_BUSY`).
    public func setAccessibleBusy(_ busy: Bool) {
        setAccessibleState(GTK_ACCESSIBLE_STATE_BUSY, busy)
    }

    /// Hides the widget and its children from assistive technology, or shows them again
    /// (`gtk_accessible_update_state_value` with `GTK_ACCESSIBLE_STATE_HIDDEN`), e.g. for an
    /// overlay that is on screen but invisible.
    public func setAccessibleHidden(_ hidden: Bool) {
        setAccessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, hidden)
    }

    private func setAccessibleState(_ state: GtkAccessibleState, _ flag: Bool) {
        withWidget { widget in
            var value = GValue()
            g_value_init(&value, tessera_type_boolean())
            g_value_set_boolean(&value, flag.gboolean)
            var state = state
            gtk_accessible_update_state_value(widget.opaque, 1, &state, &value)
            g_value_unset(&value)
        }
    }

    private func setAccessibleText(_ text: String?, for property: GtkAccessibleProperty) {
        withWidget { widget in
            var property = property
            if let text {
                var value = GValue()
                g_value_init(&value, tessera_type_string())
                g_value_set_string(&value, text)
                gtk_accessible_update_property_value(widget.opaque, 1, &property, &value)
                g_value_unset(&value)
            } else {
                gtk_accessible_reset_property(widget.opaque, property)
            }
        }
    }
}

// What GTK's accessibility layer holds, through its testing API (GTK 4.8 has no other
// getters). Tests assert these, never what a wrapper remembers setting.
extension Widget {
    /// A boolean accessible state (busy, hidden…) as GTK holds it for assistive technology,
    /// `nil` if it was never set (`gtk_test_accessible_has_state`, `gtk_test_accessible_check_state`).
    public func reportedAccessibleState(_ state: GtkAccessibleState) -> Bool? {
        withWidget(nil) { widget in
            guard Bool(gboolean: gtk_test_accessible_has_state(widget.opaque, state)) else { return nil }
            guard let mismatch = tessera_test_accessible_check_boolean_state(widget.opaque, state, 1) else { return true }
            g_free(mismatch)
            return false
        }
    }

    /// A text accessible property (label, description) as GTK holds it for assistive
    /// technology, `nil` if it is not set (`gtk_test_accessible_has_property`,
    /// `gtk_test_accessible_check_property`, which renders the value when it differs).
    public func reportedAccessibleText(_ property: GtkAccessibleProperty) -> String? {
        withWidget(nil) { widget in
            guard Bool(gboolean: gtk_test_accessible_has_property(widget.opaque, property)) else { return nil }
            return string(taking: tessera_test_accessible_check_string_property(widget.opaque, property, "")) ?? ""
        }
    }
}
