import Foundation
import Testing
@testable import TesseraStyle
import KeyFileFormat

@Suite struct ThemeLoaderTests {
    private func load(_ text: String) -> ThemeLoadResult { ThemeLoader.parse(text, file: "brand.theme") }

    @Test func theSampleBrandThemeLoadsCleanly() {
        let result = ThemeLoader.load(path: RepositoryFiles.sampleTheme)
        #expect(result.errors.isEmpty, "\(result.errors.map(\.description))")
        #expect(result.theme.name == "Sample Brand")
        #expect(result.theme.primary.normal.background == ThemeColor(rgb: 0x00754a))
        #expect(result.theme.metrics.kioskMinimumHeight == 104)
        #expect(result.theme.typography.fontWeight == 700)
    }

    /// The sample is the format's documentation: it must set every key of every group.
    @Test func theSampleDocumentsEveryKey() throws {
        let text = try String(contentsOfFile: RepositoryFiles.sampleTheme, encoding: .utf8)
        let (file, _) = KeyFile.parse(text)
        for group in ThemeSchema.groups {
            let keys = try #require(ThemeSchema.keys(in: group)).map(\.0)
            let missing = keys.filter { file.entry($0, in: group) == nil }
            #expect(missing.isEmpty, "[\(group)] keys missing from the sample: \(missing)")
        }
    }

    @Test func anEmptyFileIsTheDefaultTheme() {
        let result = load("# nothing\n")
        #expect(result.errors.isEmpty)
        var expected = Theme.standard
        expected.name = "brand"
        #expect(result.theme == expected)
    }

    @Test func baseHighContrastAppliesBeforeOverridesWhereverItIsWritten() {
        let result = load("[primary]\nradius=20\n[theme]\nbase=high-contrast\n")
        #expect(result.errors.isEmpty)
        #expect(result.theme.primary.cornerRadius == 20)
        #expect(result.theme.primary.borderWidth == Theme.highContrast.primary.borderWidth)
        #expect(result.theme.typography == Theme.highContrast.typography)
    }

    @Test func fontWeightAcceptsNamesAndNumbers() {
        #expect(load("[theme]\nfont-weight=normal\n").theme.typography.fontWeight == 400)
        #expect(load("[theme]\nfont-weight=600\n").theme.typography.fontWeight == 600)
    }

    @Test func aSyntaxErrorNamesFileAndLine() {
        let result = load("[theme]\nname=Acme\nthis is not valid\n")
        #expect(result.usedDefault)
        #expect(result.theme == .standard)
        #expect(result.errors.map(\.description) == [
            "brand.theme:3: [theme]: “this is not valid” is not a key=value pair, [group] or # comment",
        ])
    }

    @Test func unknownGroupsAndKeysAreNamed() {
        let result = load("[theme]\nfont-colour=#000\n[tertiary]\nradius=3\n")
        #expect(result.errors.map(\.description) == [
            "brand.theme:2: [theme] font-colour: unknown key",
            "brand.theme:3: [tertiary]: unknown group; a theme file has [theme], [primary], [secondary] and [destructive]",
        ])
    }

    @Test func badColoursNumbersAndRanges() {
        let result = load("""
        [primary]
        pressed-background=#12g
        radius=round
        border-width=9
        [theme]
        kiosk-min-height=60
        font-family=Comic"Sans
        base=dark
        """)
        #expect(result.theme == .standard)
        let byKey = Dictionary(uniqueKeysWithValues: result.errors.map { ($0.key ?? "", $0) })
        #expect(byKey["pressed-background"]?.kind == .badColor(value: "#12g"))
        #expect(byKey["pressed-background"]?.line == 2)
        #expect(byKey["radius"]?.kind == .badNumber(value: "round"))
        #expect(byKey["border-width"]?.kind == .outOfRange(value: 9, allowed: 0...8))
        #expect(byKey["kiosk-min-height"]?.kind == .outOfRange(value: 60, allowed: 64...400))
        #expect(byKey["kiosk-min-height"]?.description
            == "brand.theme:6: [theme] kiosk-min-height: 60 is out of range; allowed 64…400")
        #expect(byKey["font-family"]?.line == 7)
        #expect(byKey["base"]?.kind == .badValue(value: "dark", expected: "default or high-contrast"))
        #expect(result.errors.count == 6)
    }

    @Test func insufficientContrastPointsAtTheKeyThatBrokeIt() throws {
        let result = load("""
        [theme]
        name=Pale
        [secondary]
        pressed-foreground=#000000
        pressed-background=#555555
        """)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(result.theme == .standard)
        #expect(error.line == 5 && error.group == "secondary" && error.key == "pressed-background")
        #expect(error.description == "brand.theme:5: [secondary] pressed-background: secondary pressed text contrast "
            + "2.81:1 (#000000 on #555555) is below the WCAG 2.2 AA minimum of 4.50:1")
    }

    @Test func contrastAgainstTheSurfaceIsChecked() {
        let result = load("[theme]\ncaption-color=#999999\n")
        #expect(result.errors.map { "\($0.line ?? 0) \($0.key ?? "")" } == ["2 caption-color"])
    }

    @Test func anUnreadableFileFallsBackToTheDefault() throws {
        let result = ThemeLoader.load(path: "/nonexistent/brand.theme")
        #expect(result.theme == .standard)
        let error = try #require(result.errors.first)
        #expect(error.line == nil && error.file == "/nonexistent/brand.theme")
        #expect(error.description.hasPrefix("/nonexistent/brand.theme: cannot read the theme file"))
    }

    @Test func resolveKnowsTheBuiltInNames() {
        #expect(ThemeLoader.resolve("high-contrast").theme == .highContrast)
        #expect(ThemeLoader.resolve("default").theme == .standard)
        #expect(ThemeLoader.resolve(RepositoryFiles.sampleTheme).theme.name == "Sample Brand")
    }
}
