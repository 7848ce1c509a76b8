import Foundation

/// Files of the repository the tests read (the shipped sample theme, reference images).
enum RepositoryFiles {
    /// The repository root, found from this source file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static let sampleTheme = path("Resources/themes/sample-brand.theme")
}

import Testing
import TesseraStyle

extension Theme: CustomTestStringConvertible {
    /// Parameterised tests name a theme, not its hundred tokens.
    public var testDescription: String { name }
}
