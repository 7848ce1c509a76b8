import FoundationEssentials

/// The sections a customer screen turns on for one customer: the high-contrast theme under
/// `.tessera-high-contrast` and larger text under `.tessera-large-text`, whatever the
/// application's theme. Each selector starts with the section's class, so it outweighs the
/// unscoped rule it repeats; large text comes last, so it applies in high contrast too.
extension StyleSheet {
    var variants: String {
        var text = ""
        if let highContrast {
            let scope = CSSClass.highContrast
            text += "\n/* high contrast, under .\(scope) */\n"
            text += scopedColors(highContrast).map(\.css).joined()
            for style in styles {
                let rules = ButtonRules(cssClass: style.cssClass, tokens: style.tokens(from: highContrast),
                                        theme: highContrast, scope: scope)
                text += rules.colorDefinitions.map(\.css).joined()
                text += rules.rules.map(\.css).joined(separator: "\n")
            }
            text += scopedRules(highContrast).map(\.css).joined(separator: "\n")
        }
        if let largeTextScale {
            text += "\n/* large text, under .\(CSSClass.largeText) */\n"
            text += largeTextRules(largeTextScale).map(\.css).joined(separator: "\n")
        }
        return text
    }

    private func scopedColors(_ theme: Theme) -> [ColorDefinition] {
        [
            ColorDefinition(name: "tessera_hc_surface", color: theme.surface.background),
            ColorDefinition(name: "tessera_hc_caption", color: theme.surface.caption),
            ColorDefinition(name: "tessera_hc_text", color: theme.surface.text),
            ColorDefinition(name: "tessera_hc_focus_ring", color: theme.focusRing.color),
        ]
    }

    private func scopedRules(_ theme: Theme) -> [CSSRule] {
        let scope = ".\(CSSClass.highContrast) "
        let typography = theme.typography
        return [
            CSSRule(scope + ".\(CSSClass.surface)", [("background-color", "@tessera_hc_surface")]),
            CSSRule(scope + ".\(CSSClass.text)", [("color", "@tessera_hc_text")]),
            CSSRule(scope + ".\(CSSClass.caption)", [("color", "@tessera_hc_caption")]),
            CSSRule([scope + "button.\(CSSClass.button)", scope + ".\(CSSClass.loadingCover)"], [
                ("font-family", "\"\(typography.fontFamily)\""),
                ("font-size", "\(typography.fontSize)px"),
                ("font-weight", "\(typography.fontWeight)"),
                ("padding", "\(theme.metrics.paddingVertical)px \(theme.metrics.paddingHorizontal)px"),
            ]),
            CSSRule(scope + "button.\(CSSClass.button):focus-visible", [
                ("outline-width", "\(theme.focusRing.width)px"),
                ("outline-color", "@tessera_hc_focus_ring"),
                ("outline-offset", "\(theme.focusRing.offset)px"),
            ]),
        ]
    }

    /// Scaled from the larger of the two themes' sizes, so large text is large in both.
    private func largeTextRules(_ scale: Double) -> [CSSRule] {
        let scope = ".\(CSSClass.largeText) "
        let base = max(theme.typography.fontSize, highContrast?.typography.fontSize ?? 0)
        func scaled(_ size: Int) -> String { "\(Int((Double(size) * scale).rounded()))px" }
        return [
            CSSRule([scope + "button.\(CSSClass.button)", scope + ".\(CSSClass.loadingCover)"],
                    [("font-size", scaled(base))]),
            CSSRule(scope + ".\(CSSClass.caption).\(ButtonContext.kiosk.cssClass)", [("font-size", scaled(max(24, base)))]),
        ]
    }
}
