import CGtk
import XCTest
@testable import GtkKit

final class MarkupTests: GtkTestCase {
    /// A staff or service name is text, never markup: every character Pango's parser treats
    /// specially shows as itself, inside a span as the screens write it.
    func testANameWithMarkupCharactersShowsLiterally() {
        MainActor.assumeIsolated {
            let name = #"Tom & Jerry's <b>"Desk"</b> > 2"#
            let label = Label()
            label.setMarkup("<span size='24pt' weight='bold'>\(Markup.escaped(name))</span>")
            XCTAssertEqual(String(cString: gtk_label_get_text(label.widgetPointer.opaque)), name)
        }
    }

    func testPlainTextIsUnchanged() {
        XCTAssertEqual(Markup.escaped("A-042 · Café ✓"), "A-042 · Café ✓")
        XCTAssertEqual(Markup.escaped(""), "")
    }
}
