import CGtk
import FoundationEssentials
import Glibc
import Localization

// Entry point. Kept synchronous on purpose: an async main would hand the main thread to
// dispatch_main(), and GLib must own it (GtkKit's Application.run installs the main-queue bridge).
// The user's locale, so GLib's messages, --help and tessera's own words use its language, and
// tessera's catalogs bound; GTK must not set the locale again (see Catalog.start).
Catalog.start()
gtk_disable_setlocale()
let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "queue":
    exit(runQueueCommand(Array(arguments.dropFirst())))
case "staff":
    exit(runStaffCommand(Array(arguments.dropFirst())))
case "simulate":
    exit(runSimulateCommand(Array(arguments.dropFirst())))
case "gallery":
    exit(runGalleryCommand(Array(arguments.dropFirst())))
default:
    exit(MainActor.assumeIsolated { runApplication(CommandLine.arguments) })
}
