import Testing
import TesseraStyle

@Suite struct ServiceColourTests {
    @Test func aColourThatReadsIsKeptAsTheStoreWroteIt() {
        let green = ThemeColor(hex: "#2E7D32")!
        #expect(green.contrastRatio(with: .white) >= ServiceColour.minimumContrast)
        #expect(ServiceColour.fill("#2E7D32", under: .white, fallback: .black) == green)
    }

    @Test(arguments: ["#8BC34A", "#FFEB3B", "#03A9F4", "#FF9800", "#FFFFFF"])
    func aLightColourUnderWhiteTextIsDarkenedUntilItReads(colour: String) {
        let fill = ServiceColour.fill(colour, under: .white, fallback: .black)
        #expect(fill.contrastRatio(with: .white) >= ServiceColour.minimumContrast, "\(colour) → \(fill)")
        // The nearest shade: one step less dark would fail.
        let base = ThemeColor(hex: colour)!
        #expect(fill != base)
        #expect(fill.relativeLuminance < base.relativeLuminance)
    }

    @Test func aDarkColourUnderBlackTextIsLightened() {
        let fill = ServiceColour.fill("#1A237E", under: .black, minimum: 7, fallback: .white)
        #expect(fill.contrastRatio(with: .black) >= 7)
    }

    @Test func aColourThatDoesNotParseFallsBack() {
        #expect(ServiceColour.fill("green", under: .white, fallback: .black) == .black)
    }

    @Test func textOnAFillIsWhicheverOfBlackAndWhiteReadsBetter() {
        #expect(ServiceColour.text(on: ThemeColor(hex: "#FFEB3B")!) == .black)
        #expect(ServiceColour.text(on: ThemeColor(hex: "#1565C0")!) == .white)
    }
}
