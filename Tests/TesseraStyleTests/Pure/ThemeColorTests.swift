import Testing
@testable import TesseraStyle

@Suite struct ThemeColorTests {
    @Test(arguments: [("#000", 0, 0, 0), ("#FfF", 255, 255, 255), ("#1a5fb4", 0x1a, 0x5f, 0xb4), ("#a0B", 0xaa, 0x00, 0xbb)])
    func parsesHex(text: String, red: Int, green: Int, blue: Int) throws {
        let color = try #require(ThemeColor(hex: text))
        #expect([Int(color.red), Int(color.green), Int(color.blue)] == [red, green, blue])
    }

    @Test(arguments: ["", "#", "000000", "#12", "#1234", "#12345", "#1234567", "#12g", "red", "#ffffff ", "rgb(0,0,0)"])
    func rejectsNonHex(text: String) {
        #expect(ThemeColor(hex: text) == nil)
    }

    @Test func formatsLowercaseSixDigits() {
        #expect(ThemeColor(rgb: 0x0A0B0C).hex == "#0a0b0c")
        #expect(ThemeColor(hex: "#ABC")?.hex == "#aabbcc")
    }

    @Test func luminanceOfTheExtremes() {
        #expect(ThemeColor.black.relativeLuminance == 0)
        #expect(abs(ThemeColor.white.relativeLuminance - 1) < 1e-12)
    }

    @Test func blackOnWhiteIs21AndSymmetric() {
        #expect(abs(ThemeColor.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(ThemeColor.white.contrastRatio(with: .black) == ThemeColor.black.contrastRatio(with: .white))
        #expect(ThemeColor(rgb: 0x336699).contrastRatio(with: ThemeColor(rgb: 0x336699)) == 1)
    }

    /// Reference values from the WCAG 2.2 formula worked by hand (and by WebAIM's checker):
    /// #767676 is the lightest grey that passes 4.5:1 on white, #777777 the first that fails.
    @Test func knownGreysAroundTheAABoundary() {
        let white = ThemeColor.white
        let passing = ThemeColor(rgb: 0x767676).contrastRatio(with: white)
        let failing = ThemeColor(rgb: 0x777777).contrastRatio(with: white)
        #expect(passing >= 4.5 && passing < 4.55)
        #expect(failing < 4.5 && failing > 4.45)
    }
}
