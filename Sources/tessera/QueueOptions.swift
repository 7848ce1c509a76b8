import CGtk
import Foundation

/// One option a `tessera queue` command accepts, declared for GLib's `GOptionContext`.
struct OptionSpec: Sendable {
    enum Kind: Sendable { case flag, string, integer }
    let name: String
    let kind: Kind
    var argument: String? = nil
    let help: String
    var hidden = false
}

/// What `GOptionContext` found on the command line.
struct ParsedOptions {
    var flags: Set<String> = []
    var strings: [String: String] = [:]
    var integers: [String: Int] = [:]
    /// Arguments that are not options, in order (the command name is not included).
    var positional: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Bad usage: the message goes to stderr and the exit code is 2.
struct UsageError: Error { let message: String }

/// Parses `arguments` with a fresh `GOptionContext` (`g_option_context_parse_strv`), so messages
/// and `--help` look like every other GLib program's. `--help` prints and exits 0 (GLib's behaviour).
func parseOptions(
    _ arguments: [String], command: String, parameters: String, summary: String, specs: [OptionSpec]
) throws(UsageError) -> ParsedOptions {
    var owned: [UnsafeMutablePointer<CChar>] = []
    func keep(_ string: String) -> UnsafeMutablePointer<CChar> {
        let copy = strdup(string)!
        owned.append(copy)
        return copy
    }
    let flagStorage = UnsafeMutablePointer<gboolean>.allocate(capacity: max(specs.count, 1))
    let stringStorage = UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>.allocate(capacity: max(specs.count, 1))
    let integerStorage = UnsafeMutablePointer<gint>.allocate(capacity: max(specs.count, 1))
    let entries = UnsafeMutablePointer<GOptionEntry>.allocate(capacity: specs.count + 1)
    defer {
        for index in specs.indices { g_free(stringStorage[index]) }
        flagStorage.deallocate(); stringStorage.deallocate(); integerStorage.deallocate(); entries.deallocate()
        owned.forEach { free($0) }
    }
    let unset = gint.min
    for (index, spec) in specs.enumerated() {
        flagStorage[index] = 0
        stringStorage[index] = nil
        integerStorage[index] = unset
        let (kind, storage): (GOptionArg, UnsafeMutableRawPointer) = switch spec.kind {
        case .flag: (G_OPTION_ARG_NONE, UnsafeMutableRawPointer(flagStorage + index))
        case .string: (G_OPTION_ARG_STRING, UnsafeMutableRawPointer(stringStorage + index))
        case .integer: (G_OPTION_ARG_INT, UnsafeMutableRawPointer(integerStorage + index))
        }
        entries[index] = GOptionEntry(
            long_name: keep(spec.name), short_name: 0,
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
    let all = ["tessera queue \(command)"] + arguments
    var vector: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? =
        g_malloc0(gsize((all.count + 1) * MemoryLayout<UnsafeMutablePointer<gchar>?>.stride))?
        .bindMemory(to: UnsafeMutablePointer<gchar>?.self, capacity: all.count + 1)
    for (index, argument) in all.enumerated() { vector![index] = g_strdup(argument) }
    defer { g_strfreev(vector) }

    var error: UnsafeMutablePointer<GError>?
    if g_option_context_parse_strv(context, &vector, &error) == 0 {
        let message = error.map { String(cString: $0.pointee.message) } ?? "cannot parse the options"
        g_error_free(error)
        throw UsageError(message: "tessera queue \(command): \(message) (see tessera queue \(command) --help)")
    }

    var parsed = ParsedOptions()
    var index = 1
    while let argument = vector?[index] {
        parsed.positional.append(String(cString: argument))
        index += 1
    }
    for (index, spec) in specs.enumerated() {
        switch spec.kind {
        case .flag: if flagStorage[index] != 0 { parsed.flags.insert(spec.name) }
        case .string: if let value = stringStorage[index] { parsed.strings[spec.name] = String(cString: value) }
        case .integer: if integerStorage[index] != unset { parsed.integers[spec.name] = Int(integerStorage[index]) }
        }
    }
    return parsed
}
