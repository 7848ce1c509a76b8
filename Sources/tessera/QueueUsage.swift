import GtkKit
import Localization
import TesseraFeatures

/// The queue commands declare their options with GtkKit's `CommandOption`.
typealias OptionSpec = CommandOption

/// Parses one queue command's arguments with GLib's option parser.
func parseOptions(
    _ arguments: [String], command: String, parameters: String, summary: String, specs: [OptionSpec]
) throws(UsageError) -> ParsedCommandLine {
    do {
        return try OptionContext.parse(arguments, program: "tessera queue \(command)", parameters: parameters,
                                       summary: summary, options: specs)
    } catch {
        throw UsageError(error.message)
    }
}
