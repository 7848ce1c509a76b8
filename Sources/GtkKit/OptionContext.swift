import CGtk
import Glibc

/// One option a command accepts, for GLib's parser: a subcommand's `GOptionContext` (see
/// `OptionContext`) or a `GApplication`'s main options (`Application.addMainOption`).
public struct CommandOption: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `--name` (`G_OPTION_ARG_NONE`).
        case flag
        /// `--name VALUE` (`G_OPTION_ARG_STRING`).
        case string
        /// `--name N` (`G_OPTION_ARG_INT`).
        case integer
    }
    public let name: String
    public var short: Character?
    public let kind: Kind
    /// How `--help` names the option's value (`URL`, `N`).
    public var argument: String?
    public let help: String
    public var hidden: Bool

    public init(name: String, short: Character? = nil, kind: Kind, argument: String? = nil, help: String,
                hidden: Bool = false) {
        self.name = name
        self.short = short
        self.kind = kind
        self.argument = argument
        self.help = help
        self.hidden = hidden
    }

    /// The usage message for the first switch given a value (`--priority=no`) among
    /// `arguments` (up to `--`), if any: GLib takes `--flag=VALUE` as the flag set, whatever
    /// VALUE says.
    public static func switchGivenAValue(in arguments: some Sequence<String>, options: [CommandOption],
                                         program: String) -> String? {
        for argument in arguments.prefix(while: { $0 != "--" }) where argument.hasPrefix("--") {
            let name = argument.dropFirst(2).prefix { $0 != "=" }
            if argument.contains("="), options.contains(where: { $0.kind == .flag && $0.name == name }) {
                return """
                    \(program): --\(name) is a switch and takes no value (got “\(argument)”): \
                    give --\(name) alone, or leave it out (see \(program) --help)
                    """
            }
        }
        return nil
    }

    /// The short name as GLib takes it (0: none).
    var shortName: CChar { short?.asciiValue.map { CChar(bitPattern: $0) } ?? 0 }
}

/// What GLib's parser found on the command line.
public struct ParsedCommandLine: Sendable, Equatable {
    public var flags: Set<String> = []
    public var strings: [String: String] = [:]
    public var integers: [String: Int] = [:]
    /// Integer options whose value is not a decimal whole number, with the text given.
    /// (GLib's own integer options read `010` as octal 8; these are read as decimal here.)
    public var malformedIntegers: [String: String] = [:]
    /// Arguments that are not options, in order (the program name is not included).
    public var positional: [String] = []

    public init() {}

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Files an integer option's text: decimal digits with an optional minus sign.
    mutating func record(integer text: String, for name: String) {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) {
            integers[name] = value
        } else {
            malformedIntegers[name] = text
        }
    }

    /// The usage message for the first malformed integer option, if any.
    public func integerProblem(program: String) -> String? {
        guard let (name, text) = malformedIntegers.min(by: { $0.key < $1.key }) else { return nil }
        return "\(program): --\(name) takes a whole number, got “\(text)” (see \(program) --help)"
    }
}

/// A command line GLib could not parse; `message` names the program and the problem.
public struct OptionParseError: Error, Sendable {
    public let message: String
}

/// GLib's command-line parser for programs and subcommands that are not a `GApplication`
/// (`tessera queue …`, `tessera gallery`), so their messages and `--help` look like every other
/// GLib program's. (`Application` parses its own options with `g_application_add_main_option`.)
public enum OptionContext {
    /// Parses `arguments` (without the program name) with a fresh `GOptionContext`
    /// (`g_option_context_parse_strv`). `--help` prints and exits 0, as GLib does.
    /// `program` names the command in messages and usage, e.g. `tessera queue issue`.
    public static func parse(
        _ arguments: [String], program: String, parameters: String, summary: String, options specs: [CommandOption]
    ) throws(OptionParseError) -> ParsedCommandLine {
        // `--` ends the options: what follows is positional, whatever it looks like. GLib keeps
        // the `--` itself in some cases and not in others, so it never sees it.
        let end = arguments.firstIndex(of: "--")
        let afterEnd = end.map { Array(arguments[($0 + 1)...]) } ?? []
        let arguments = end.map { Array(arguments[..<$0]) } ?? arguments
        if let problem = CommandOption.switchGivenAValue(in: arguments, options: specs, program: program) {
            throw OptionParseError(message: problem)
        }
        var owned: [UnsafeMutablePointer<CChar>] = []
        func keep(_ string: String) -> UnsafeMutablePointer<CChar> {
            let copy = strdup(string)!
            owned.append(copy)
            return copy
        }
        let flagStorage = UnsafeMutablePointer<gboolean>.allocate(capacity: max(specs.count, 1))
        let stringStorage = UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>.allocate(capacity: max(specs.count, 1))
        let entries = UnsafeMutablePointer<GOptionEntry>.allocate(capacity: specs.count + 1)
        defer {
            for index in specs.indices { g_free(stringStorage[index]) }
            flagStorage.deallocate(); stringStorage.deallocate(); entries.deallocate()
            owned.forEach { free($0) }
        }
        for (index, spec) in specs.enumerated() {
            flagStorage[index] = 0
            stringStorage[index] = nil
            let storage = spec.kind == .flag ? UnsafeMutableRawPointer(flagStorage + index)
                : UnsafeMutableRawPointer(stringStorage + index)
            let kind = spec.argumentKind
            entries[index] = GOptionEntry(
                long_name: keep(spec.name), short_name: spec.shortName,
                flags: spec.hidden ? gint(G_OPTION_FLAG_HIDDEN.rawValue) : 0,
                arg: kind, arg_data: storage, description: keep(spec.help),
                arg_description: spec.argument.map { keep($0) })
        }
        entries[specs.count] = GOptionEntry()

        let context = g_option_context_new(parameters)
        defer { g_option_context_free(context) }
        g_option_context_set_summary(context, summary)
        g_option_context_add_main_entries(context, entries, nil)

        // g_option_context_parse_strv wants a g_malloc'd, NULL-terminated vector it may shrink and free.
        let all = [program] + arguments
        var vector: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? =
            g_malloc0(gsize((all.count + 1) * MemoryLayout<UnsafeMutablePointer<gchar>?>.stride))?
            .bindMemory(to: UnsafeMutablePointer<gchar>?.self, capacity: all.count + 1)
        for (index, argument) in all.enumerated() { vector![index] = g_strdup(argument) }
        defer { g_strfreev(vector) }

        var error: UnsafeMutablePointer<GError>?
        if g_option_context_parse_strv(context, &vector, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot parse the options"
            g_error_free(error)
            throw OptionParseError(message: "\(program): \(message) (see \(program) --help)")
        }

        var parsed = ParsedCommandLine()
        var index = 1
        while let argument = vector?[index] {
            parsed.positional.append(String(cString: argument))
            index += 1
        }
        parsed.positional += afterEnd
        for (index, spec) in specs.enumerated() {
            switch spec.kind {
            case .flag: if flagStorage[index] != 0 { parsed.flags.insert(spec.name) }
            case .string: if let value = stringStorage[index] { parsed.strings[spec.name] = String(cString: value) }
            case .integer: if let value = stringStorage[index] { parsed.record(integer: String(cString: value), for: spec.name) }
            }
        }
        if let problem = parsed.integerProblem(program: program) { throw OptionParseError(message: problem) }
        return parsed
    }
}
