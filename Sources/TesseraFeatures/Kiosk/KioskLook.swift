/// How the kiosk looks to the customer in front of it: the high-contrast look and large text,
/// each set in `[kiosk]` and turned on or off by a customer for their ticket. Like the language,
/// the choice ends with their ticket or at idle, and the kiosk returns to `[kiosk]`'s.
public struct KioskLook: Equatable, Sendable {
    /// What a customer can turn on or off; one toggle button each.
    public enum Option: CaseIterable, Sendable {
        case highContrast
        case largeText
    }

    /// WCAG 2.2 AAA contrast (7:1), thicker borders and focus rings.
    public var highContrast: Bool
    /// Every text and button larger.
    public var largeText: Bool

    public init(highContrast: Bool = false, largeText: Bool = false) {
        self.highContrast = highContrast
        self.largeText = largeText
    }

    /// `[kiosk] high-contrast=` and `large-text=`: the look every customer starts in.
    public init(_ settings: KioskSettings) {
        self.init(highContrast: settings.highContrast, largeText: settings.largeText)
    }

    public subscript(option: Option) -> Bool {
        get {
            switch option {
            case .highContrast: highContrast
            case .largeText: largeText
            }
        }
        set {
            switch option {
            case .highContrast: highContrast = newValue
            case .largeText: largeText = newValue
            }
        }
    }
}
