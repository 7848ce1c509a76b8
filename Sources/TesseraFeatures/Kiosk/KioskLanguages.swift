import Localization

/// The languages a kiosk offers its customers (`[kiosk] languages=`, `default-language=`).
public struct KioskLanguages: Equatable, Sendable {
    /// In the order the buttons show them.
    public var offered: [Language]
    /// The language every customer starts in, and the kiosk returns to at idle.
    public var standard: Language

    /// No `languages=`: the kiosk speaks the locale's language and offers no choice.
    public init(_ settings: KioskSettings = KioskSettings()) {
        offered = settings.languages.map(Language.init)
        standard = (settings.defaultLanguage ?? settings.languages.first).map(Language.init) ?? .locale
    }

    /// Whether the customer has a choice (a language button shows).
    public var offersChoice: Bool { offered.count > 1 }
}
