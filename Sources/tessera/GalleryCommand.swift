import FoundationEssentials
import GtkKit
import Localization
import TesseraApp
import TesseraFeatures
import TesseraStyle

/// `tessera gallery [--theme NAME|FILE] [--context desk|kiosk] [--output DIR] [--print-css]`
///
/// Shows every button style in every state in a window, or with `--output` renders each one to
/// `DIR/<style>-<state>.png` in-process and exits. `--theme` takes `default`, `high-contrast` or
/// a theme file; a bad file is listed (file, line, key) and the command exits with status 2, so
/// the gallery doubles as a theme checker. `--print-css` prints the generated stylesheet.
func runGalleryCommand(_ arguments: [String]) -> Int32 {
    MainActor.assumeIsolated {
        let options: GalleryOptions
        do {
            options = try GalleryOptions(arguments)
        } catch {
            printError("\(error)\n\(GalleryOptions.usage)")
            return 2
        }
        let loaded = ThemeLoader.resolve(options.theme)
        guard loaded.errors.isEmpty else {
            for line in loaded.report { printError(line) }
            return 2
        }
        if options.printCSS {
            return StandardStreams.printOutput(StyleSheet(theme: loaded.theme).css) ? 0 : ExitStatus.outputLost
        }
        if let directory = options.output {
            return renderGallery(theme: loaded.theme, context: options.context, to: directory)
        }
        return showGallery(theme: loaded.theme, context: options.context)
    }
}

/// The parsed command line (GLib's option parser, like every other tessera command).
private struct GalleryOptions {
    static let usage = localized("usage: tessera gallery [--theme default|high-contrast|FILE] [--context desk|kiosk] [--output DIR] [--print-css]")

    var theme = "default"
    var context = ButtonContext.desk
    var output: String?
    var printCSS = false

    init(_ arguments: [String]) throws(UsageError) {
        let parsed: ParsedCommandLine
        do {
            parsed = try OptionContext.parse(
                arguments, program: "tessera gallery", parameters: "",
                summary: localized("Every button style in every state, in a window or (--output) as PNG files."),
                options: [
                    CommandOption(name: "theme", kind: .string, argument: "default|high-contrast|FILE",
                                  help: localized("The theme to show (default: default)")),
                    CommandOption(name: "context", kind: .string, argument: "desk|kiosk",
                                  help: localized("Button sizes for a desk or the kiosk (default: desk)")),
                    CommandOption(name: "output", kind: .string, argument: "DIR",
                                  help: localized("Render each style × state to DIR/<style>-<state>.png and exit")),
                    CommandOption(name: "print-css", kind: .flag, help: "Print the generated stylesheet and exit"),
                ])
        } catch {
            throw UsageError(error.message)
        }
        guard parsed.positional.isEmpty else {
            throw UsageError(localized("tessera gallery: unexpected argument “%s”", parsed.positional[0]))
        }
        theme = parsed.strings["theme"] ?? theme
        output = parsed.strings["output"]
        printCSS = parsed.has("print-css")
        if let name = parsed.strings["context"] {
            guard let parsedContext = ButtonContext(rawValue: name) else {
                throw UsageError(localized("tessera gallery: unknown context “%s”; use desk or kiosk", name))
            }
            context = parsedContext
        }
    }
}

@MainActor private func renderGallery(theme: Theme, context: ButtonContext, to directory: String) -> Int32 {
    guard Gtk.initialize() else {
        printError(localized("tessera gallery: no display; run it under scripts/headless"))
        return 1
    }
    let parseErrors = StyleProvider.shared.use(theme)
    guard parseErrors.isEmpty else {
        printError(localized("tessera gallery: GTK rejected the stylesheet: %s", parseErrors))
        return 1
    }
    let window = Window()
    window.title = localized("Tessera button gallery")
    let gallery = StyleGallery(context: context)
    window.child = gallery.root
    window.present()
    defer { window.destroy() }
    do {
        for path in try gallery.render(to: directory) { StandardStreams.printOutput(path) }
        return 0
    } catch {
        printError(localized("tessera gallery: %s", "\(error)"))
        return 1
    }
}

@MainActor private func showGallery(theme: Theme, context: ButtonContext) -> Int32 {
    let application = Application(id: AppIdentity.applicationID + ".Gallery", flags: .nonUnique)
    var gallery: StyleGallery?
    application.onActivate { application in
        StyleProvider.shared.use(theme)
        let window = ApplicationWindow(application: application)
        window.title = localized("Tessera button gallery")
        let content = StyleGallery(context: context, demoActions: true)
        window.child = content.root
        gallery = content
        window.present()
    }
    let status = application.run([CommandLine.arguments.first ?? "tessera"])
    // The window's buttons keep their Swift state (demo actions) in the gallery until the loop ends.
    withExtendedLifetime(gallery) {}
    return status
}
