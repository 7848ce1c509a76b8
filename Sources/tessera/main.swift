import FoundationEssentials
import Glibc

// Entry point. Kept synchronous on purpose: an async main would hand the main thread to
// dispatch_main(), and GLib must own it (GtkKit's Application.run installs the main-queue bridge).
// The user's locale, so GLib's messages and --help use its language and character set.
setlocale(LC_ALL, "")
let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "queue":
    exit(runQueueCommand(Array(arguments.dropFirst())))
case "staff":
    exit(runStaffCommand(Array(arguments.dropFirst())))
case "gallery":
    exit(runGalleryCommand(Array(arguments.dropFirst())))
default:
    exit(MainActor.assumeIsolated { runApplication(CommandLine.arguments) })
}
