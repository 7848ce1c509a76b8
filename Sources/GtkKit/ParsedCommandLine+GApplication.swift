import CGtk

extension CommandOption {
    /// How GLib reads the value. Integers are read as text and converted here, in decimal
    /// (GLib's `G_OPTION_ARG_INT` takes `010` as octal: desk 8).
    var argumentKind: GOptionArg {
        switch kind {
        case .flag: G_OPTION_ARG_NONE
        case .string, .integer: G_OPTION_ARG_STRING
        }
    }
}

extension ParsedCommandLine {
    /// Reads every declared option and the remaining arguments (`G_OPTION_REMAINING`) from the
    /// `GVariantDict` a `GApplication` parsed into (`g_variant_dict_lookup`).
    init(_ dict: UnsafeMutablePointer<GVariantDict>, declared: [CommandOption]) {
        self.init()
        for option in declared {
            let key = option.name
            switch option.kind {
            case .flag:
                var value: gboolean = 0
                if Bool(gboolean: tessera_variant_dict_lookup_bool(dict, key, &value)), Bool(gboolean: value) {
                    flags.insert(key)
                }
            case .string, .integer:
                var value: UnsafeMutablePointer<CChar>?
                if Bool(gboolean: tessera_variant_dict_lookup_string(dict, key, &value)), let text = string(taking: value) {
                    if option.kind == .string { strings[key] = text } else { record(integer: text, for: key) }
                }
            }
        }
        var remaining: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        if Bool(gboolean: tessera_variant_dict_lookup_strv(dict, G_OPTION_REMAINING, &remaining)) {
            positional = GtkKit.strings(taking: remaining)
        }
    }
}
