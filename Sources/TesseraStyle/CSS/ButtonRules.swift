import FoundationEssentials

/// The CSS rules of one button style: its colours in every state, its shape, its minimum
/// heights, and the look of its loading cover.
struct ButtonRules {
    var cssClass: String
    var tokens: RoleTokens
    var theme: Theme
    /// A class whose descendants these rules are for (`tessera-high-contrast`); none: everywhere.
    var scope: String? = nil

    /// The `@define-color` lines the rules refer to.
    var colorDefinitions: [ColorDefinition] {
        var definitions: [ColorDefinition] = []
        for state in ButtonState.allCases {
            let colors = tokens[state]
            definitions.append(ColorDefinition(name: colorName(state, "bg"), color: colors.background))
            definitions.append(ColorDefinition(name: colorName(state, "fg"), color: colors.foreground))
            definitions.append(ColorDefinition(name: colorName(state, "border"), color: colors.border))
        }
        definitions.append(ColorDefinition(name: colorPrefix + "_spinner", color: tokens.spinner))
        return definitions
    }

    var rules: [CSSRule] {
        let button = (scope.map { ".\($0) " } ?? "") + "button.\(CSSClass.button).\(cssClass)"
        let loading = "\(button).\(CSSClass.loading)"
        let cover = "\(loading) ~ .\(CSSClass.loadingCover)"
        return [
            CSSRule(button, colors(.normal) + [
                ("border-width", px(tokens.borderWidth)),
                ("border-style", "solid"),
                ("border-radius", px(tokens.cornerRadius)),
                ("min-height", px(contentHeight(.desk))),
            ]),
            CSSRule("\(button).\(ButtonContext.kiosk.cssClass)", [("min-height", px(contentHeight(.kiosk)))]),
            CSSRule("\(button).\(ButtonContext.desk.cssClass)", [("min-height", px(contentHeight(.desk)))]),
            CSSRule("\(button):hover", colors(.hover)),
            // Pressing shows at once; only the way back is animated.
            CSSRule(["\(button):active", "\(button).\(CSSClass.keyboardActivating)"],
                    colors(.pressed) + [("transition-duration", "0ms")]),
            CSSRule("\(button):disabled", colors(.disabled)),
            CSSRule(loading, colors(.loading)),
            // The cover has the button's shape even at rest, so showing it never resizes the button.
            CSSRule("\(button) ~ .\(CSSClass.loadingCover)", [
                ("border-width", px(tokens.borderWidth)),
                ("border-style", "solid"),
                ("border-color", "transparent"),
                ("border-radius", px(tokens.cornerRadius)),
            ]),
            CSSRule(cover, [
                ("opacity", "1"),
                ("background-color", reference(.loading, "bg")),
                ("color", reference(.loading, "fg")),
                ("border-color", reference(.loading, "border")),
            ]),
            CSSRule("\(cover) spinner", [("color", "@" + colorPrefix + "_spinner")]),
        ]
    }

    /// CSS `min-height` applies to the content box, so the theme's whole-button height loses
    /// the padding and border on both sides.
    func contentHeight(_ context: ButtonContext) -> Int {
        max(0, theme.minimumHeight(for: context) - 2 * theme.metrics.paddingVertical - 2 * tokens.borderWidth)
    }

    private var colorPrefix: String {
        let scoped = scope.map { $0.replacing("tessera-", with: "") + "_" } ?? ""
        return "tessera_" + (scoped + cssClass.replacing("tessera-", with: "")).replacing("-", with: "_")
    }

    private func colorName(_ state: ButtonState, _ part: String) -> String {
        "\(colorPrefix)_\(state.rawValue)_\(part)"
    }

    private func reference(_ state: ButtonState, _ part: String) -> String { "@" + colorName(state, part) }

    private func colors(_ state: ButtonState) -> [(property: String, value: String)] {
        [
            ("background-color", reference(state, "bg")),
            ("color", reference(state, "fg")),
            ("border-color", reference(state, "border")),
        ]
    }

    private func px(_ value: Int) -> String { value == 0 ? "0" : "\(value)px" }
}
