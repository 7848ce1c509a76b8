import CGtk

/// A command-line option, registered with `g_application_add_main_option` so GLib parses
/// the command line (and `--help`) the standard way.
public struct ApplicationOption: Sendable, Equatable {
    /// The option's argument.
    public enum Kind: Sendable, Equatable {
        /// `--name` with no argument (`G_OPTION_ARG_NONE`).
        case flag
        /// `--name VALUE` (`G_OPTION_ARG_STRING`).
        case string
        /// `--name N` (`G_OPTION_ARG_INT`).
        case int
        /// Everything that is not an option (`G_OPTION_REMAINING`, `G_OPTION_ARG_STRING_ARRAY`).
        case remaining

        var gtk: GOptionArg {
            switch self {
            case .flag: G_OPTION_ARG_NONE
            case .string: G_OPTION_ARG_STRING
            case .int: G_OPTION_ARG_INT
            case .remaining: G_OPTION_ARG_STRING_ARRAY
            }
        }
    }

    public var longName: String
    public var shortName: Character?
    public var kind: Kind
    public var description: String
    public var argumentDescription: String?

    public init(_ longName: String, short shortName: Character? = nil, kind: Kind = .flag,
                description: String, argumentDescription: String? = nil) {
        self.longName = longName
        self.shortName = shortName
        self.kind = kind
        self.description = description
        self.argumentDescription = argumentDescription
    }

    /// The arguments left after options (`G_OPTION_REMAINING`), e.g. a subcommand.
    public static func remaining(description: String = "", argumentDescription: String? = nil) -> ApplicationOption {
        ApplicationOption("", kind: .remaining, description: description, argumentDescription: argumentDescription)
    }
}

/// The options GLib parsed, copied out of its `GVariantDict` into Swift values.
public struct ParsedOptions: Sendable, Equatable {
    public var flags: Set<String> = []
    public var strings: [String: String] = [:]
    public var ints: [String: Int32] = [:]
    /// The non-option arguments, in order.
    public var remaining: [String] = []

    public init() {}

    /// Reads every declared option from `dict` (`g_variant_dict_lookup`).
    init(_ dict: UnsafeMutablePointer<GVariantDict>, declared: [ApplicationOption]) {
        for option in declared {
            let key = option.longName
            switch option.kind {
            case .flag:
                var value: gboolean = 0
                if Bool(gboolean: tessera_variant_dict_lookup_bool(dict, key, &value)), Bool(gboolean: value) {
                    flags.insert(key)
                }
            case .string:
                var value: UnsafeMutablePointer<CChar>?
                if Bool(gboolean: tessera_variant_dict_lookup_string(dict, key, &value)) {
                    strings[key] = string(taking: value)
                }
            case .int:
                var value: Int32 = 0
                if Bool(gboolean: tessera_variant_dict_lookup_int(dict, key, &value)) { ints[key] = value }
            case .remaining:
                var value: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
                if Bool(gboolean: tessera_variant_dict_lookup_strv(dict, key, &value)) {
                    remaining = GtkKit.strings(taking: value)
                }
            }
        }
    }
}
