import Foundation
import GtkKit
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
            FileHandle.standardError.write(Data("tessera gallery: \(error)\n\(GalleryOptions.usage)\n".utf8))
            return 2
        }
        let loaded = ThemeLoader.resolve(options.theme)
        guard loaded.errors.isEmpty else {
            for problem in loaded.errors { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
            return 2
        }
        if options.printCSS {
            print(StyleSheet(theme: loaded.theme).css, terminator: "")
            return 0
        }
        if let directory = options.output {
            return renderGallery(theme: loaded.theme, context: options.context, to: directory)
        }
        return showGallery(theme: loaded.theme, context: options.context)
    }
}

/// The parsed command line.
private struct GalleryOptions {
    static let usage = "usage: tessera gallery [--theme default|high-contrast|FILE] [--context desk|kiosk] "
        + "[--output DIR] [--print-css]"

    var theme = "default"
    var context = ButtonContext.desk
    var output: String?
    var printCSS = false

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for option: String) throws -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(description: "\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--theme": theme = try value(for: argument)
            case "--output": output = try value(for: argument)
            case "--print-css": printCSS = true
            case "--context":
                let name = try value(for: argument)
                guard let parsed = ButtonContext(rawValue: name) else {
                    throw UsageError(description: "unknown context “\(name)”; use desk or kiosk")
                }
                context = parsed
            default:
                throw UsageError(description: "unknown argument “\(argument)”")
            }
        }
    }
}

@MainActor private func renderGallery(theme: Theme, context: ButtonContext, to directory: String) -> Int32 {
    guard Gtk.initialize() else {
        FileHandle.standardError.write(Data("tessera gallery: no display; run it under scripts/headless\n".utf8))
        return 1
    }
    let parseErrors = StyleProvider.shared.use(theme)
    guard parseErrors.isEmpty else {
        FileHandle.standardError.write(Data("tessera gallery: GTK rejected the stylesheet: \(parseErrors)\n".utf8))
        return 1
    }
    let window = Window()
    window.title = "Tessera button gallery"
    let gallery = StyleGallery(context: context)
    window.child = gallery.root
    window.present()
    defer { window.destroy() }
    do {
        for path in try gallery.render(to: directory) { print(path) }
        return 0
    } catch {
        FileHandle.standardError.write(Data("tessera gallery: \(error)\n".utf8))
        return 1
    }
}

@MainActor private func showGallery(theme: Theme, context: ButtonContext) -> Int32 {
    let application = Application(flags: .nonUnique)
    var gallery: StyleGallery?
    application.onActivate { application in
        StyleProvider.shared.use(theme)
        let window = ApplicationWindow(application: application)
        window.title = "Tessera button gallery"
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
