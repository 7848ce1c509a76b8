import GtkKit

/// The queue commands declare their options with GtkKit's `CommandOption`.
typealias OptionSpec = CommandOption

/// Bad usage: the message goes to stderr and the exit code is 2.
struct UsageError: Error { let message: String }

/// Parses one queue command's arguments with GLib's option parser.
func parseOptions(
    _ arguments: [String], command: String, parameters: String, summary: String, specs: [OptionSpec]
) throws(UsageError) -> ParsedCommandLine {
    do {
        return try OptionContext.parse(arguments, program: "tessera queue \(command)", parameters: parameters,
                                       summary: summary, options: specs)
    } catch {
        throw UsageError(message: error.message)
    }
}
