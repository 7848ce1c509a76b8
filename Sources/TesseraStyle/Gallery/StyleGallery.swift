import FoundationEssentials
import GtkKit

/// Every button style in every state, side by side: the `tessera gallery` window, and the
/// source of its PNG renders and of the visual regression references.
@MainActor public final class StyleGallery {
    /// One style in one state, in its own frame.
    public struct Cell {
        public let style: any ButtonStyle
        public let sample: GallerySample
        /// What is rendered: the button on the surface colour, with room for the focus ring.
        public let frame: Box
        public let button: StyledButton
        /// `primary-pressed.png`.
        public var fileName: String { "\(style.name)-\(sample.rawValue).png" }
    }

    /// The gallery's content; put it in a window.
    public let root = Box(orientation: .vertical, spacing: 0)
    public private(set) var cells: [Cell] = []

    /// Builds the gallery. With `demoActions`, a tap on a normal sample shows it busy for
    /// `demoWorkMilliseconds`, as a screen does while its model waits for the store.
    public init(styles: [any ButtonStyle] = builtInButtonStyles, context: ButtonContext = .desk,
                demoActions: Bool = false) {
        root.addCSSClass(CSSClass.surface)
        // Margins on an inner box, so renders of `root` include the white border.
        let content = Box(orientation: .vertical, spacing: 8)
        content.margins = EdgeInsets(all: 16)
        root.append(content)
        content.append(headingRow())
        for style in styles {
            let title = Label("\(Self.displayName(style)) — .\(style.cssClass)")
            title.addCSSClass(CSSClass.caption)
            title.xalign = 0
            title.margins = EdgeInsets(top: 8, start: 14)
            content.append(title)
            let row = Box(orientation: .horizontal, spacing: 0)
            row.isHomogeneous = true
            for sample in GallerySample.allCases {
                let cell = makeCell(style, sample, context: context, demoActions: demoActions)
                row.append(cell.frame)
                cells.append(cell)
            }
            content.append(row)
        }
        showStateLooks()
    }

    /// The label the gallery puts on a style's buttons.
    public static func sampleLabel(for style: any ButtonStyle) -> String {
        switch style.name {
        case "primary": "Call next"
        case "secondary": "Recall"
        case "destructive": "No-show"
        default: displayName(style)
        }
    }

    private static func displayName(_ style: any ButtonStyle) -> String {
        style.name.prefix(1).uppercased() + style.name.dropFirst()
    }

    private func headingRow() -> Box {
        let row = Box(orientation: .horizontal, spacing: 0)
        row.isHomogeneous = true
        for sample in GallerySample.allCases {
            let heading = Label(sample.title)
            heading.addCSSClass(CSSClass.caption)
            row.append(heading)
        }
        return row
    }

    private func makeCell(_ style: any ButtonStyle, _ sample: GallerySample, context: ButtonContext,
                          demoActions: Bool) -> Cell {
        let button = StyledButton(Self.sampleLabel(for: style), style: style, context: context)
        let frame = Box(orientation: .vertical, spacing: 0)
        frame.addCSSClass(CSSClass.surface)
        button.widget.margins = EdgeInsets(all: 14)
        button.widget.valign = .start
        frame.append(button.widget)
        switch sample {
        case .disabled:
            button.disabled(true, reason: GallerySample.disabledReason)
        case .loading:
            button.setBusy(true, label: GallerySample.loadingLabel)
        case .normal where demoActions:
            button.busyLabel(GallerySample.loadingLabel).onClicked { [weak button] in
                button?.setBusy(true)
                MainContext.timeout(milliseconds: Self.demoWorkMilliseconds) {
                    button?.setBusy(false)
                    return false
                }
            }
        default:
            break
        }
        return Cell(style: style, sample: sample, frame: frame, button: button)
    }

    /// Puts the hover, pressed and focus samples in their looks by setting GTK state flags.
    /// In a live window GTK may clear them again as the pointer moves; that is fine for a showcase.
    public func showStateLooks() {
        for cell in cells { cell.button.button.setStateFlags(cell.sample.stateFlags) }
    }

    /// Renders every cell to `directory/<style>-<state>.png`, then the whole gallery to
    /// `directory/gallery.png` (the contact sheet), and returns the paths.
    ///
    /// The gallery must be on a window that has been shown. Transitions and the spinner's
    /// animation are frozen (`.tessera-still`), and each cell's state flags are set only while
    /// it is rendered, so every file depends on the theme alone.
    public func render(to directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        root.addCSSClass(CSSClass.still)
        defer { root.removeCSSClass(CSSClass.still) }
        for cell in cells { cell.button.button.unsetStateFlags(cell.sample.stateFlags) }
        var paths: [String] = []
        for cell in cells {
            cell.button.button.setStateFlags(cell.sample.stateFlags)
            paths.append(try snapshot(cell.frame, to: directory, cell.fileName))
            cell.button.button.unsetStateFlags(cell.sample.stateFlags)
        }
        showStateLooks()
        paths.append(try snapshot(root, to: directory, Self.contactSheetName))
        return paths
    }

    /// How long a demo tap shows the busy look: long enough to tap again and see it ignored.
    static let demoWorkMilliseconds: UInt32 = 2000

    /// File name of the whole-gallery render.
    public static let contactSheetName = "gallery.png"

    private func snapshot(_ widget: Widget, to directory: String, _ name: String) throws -> String {
        guard widget.waitForPaint() else { throw GalleryError.notPainted(name) }
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        try widget.snapshotPNG(to: path)
        return path
    }
}

/// Why the gallery could not render.
public enum GalleryError: Error, CustomStringConvertible {
    /// The window never painted the cell (no display, or the window is not shown).
    case notPainted(String)

    public var description: String {
        switch self {
        case .notPainted(let file): "the gallery window did not paint while rendering \(file)"
        }
    }
}
