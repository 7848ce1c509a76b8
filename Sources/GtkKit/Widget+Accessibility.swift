import CGtk

// Accessible properties and states go through the `GValue` forms of the variadic
// `gtk_accessible_update_*` calls. GTK 4.8 has no getters for them, so the wrapper
// remembers what it set.

extension Widget {
    /// The accessible name screen readers announce
    /// (`gtk_accessible_update_property_value` with `GTK_ACCESSIBLE_PROPERTY_LABEL`).
    public var accessibleLabel: String? {
        get { accessibleText[GTK_ACCESSIBLE_PROPERTY_LABEL.rawValue] }
        set { setAccessibleText(newValue, for: GTK_ACCESSIBLE_PROPERTY_LABEL) }
    }

    /// The accessible description
    /// (`gtk_accessible_update_property_value` with `GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`).
    public var accessibleDescription: String? {
        get { accessibleText[GTK_ACCESSIBLE_PROPERTY_DESCRIPTION.rawValue] }
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
        accessibleText[property.rawValue] = text
    }
}
