import GtkKit
import QueueCore
import TesseraFeatures
import TesseraStyle

/// The kiosk's timings, in milliseconds.
private enum Timing {
    /// The cross-fade between the services and the ticket.
    static let pageFade: UInt32 = 250
    /// How soon a change of services waiting for a press to end is tried again.
    static let servicesRetry: UInt32 = 50
    /// How often the end of the fade back to the services is looked for: well within one fade,
    /// so the buttons take taps again soon after it ends.
    static let fadeEndPoll: UInt32 = 20
}

private enum Layout {
    /// The ticket code on a kiosk of one column of services (the demo's third): at full size
    /// "C001" alone is wider than the third.
    static let narrowCodeScale = 0.7
}

/// The customer's screen, bound to a `KioskModel`: the model decides what a tap does, this
/// class only shows its phase and services.
///
/// Both pages live in one `Stack` for the screen's whole life. While the model takes no tap
/// every service button is insensitive, and it stays so until the stack's cross-fade back to
/// the services has ended (the model hears `servicesShown()` only then): during the fade the
/// old page is still drawn, and no tap may reach a button through it.
@MainActor final class KioskScreen {
    let model: KioskModel
    private let pages = ScreenPages()
    var root: Stack { pages.stack }
    let services: KioskServicesPage
    let ticket: KioskTicketPage
    private var watch: MainContextSource?
    /// Whether this print's start was marked for `TESSERA_TRACE` already (updates repeat).
    private var printingMarked = false

    init(model: KioskModel, maxColumns: Int = KioskServicesPage.mostColumns) {
        self.model = model
        services = KioskServicesPage(maxColumns: maxColumns, languages: model.languages,
                                     choose: { [weak model] code in model?.choose(code) },
                                     chooseLanguage: { [weak model] language in model?.choose(language: language) },
                                     toggle: { [weak model] option in model?.toggle(option) })
        ticket = KioskTicketPage(words: KioskWords(language: model.language), codeScale: maxColumns == 1 ? Layout.narrowCodeScale : 1) {
            [weak model] in model?.dismiss()
        }
        root.transition = .crossfade
        root.transitionDuration = Timing.pageFade
        // Page titles are set once, in the kiosk's standard language.
        pages.add(services.root, name: "services", title: services.words.prompt)
        pages.add(ticket.root, name: "ticket", title: services.words.pageTitle)
        model.onChange = { [weak self] in self?.update() }
        update()
    }

    /// Shows the model's phase; sets only what changes, on widgets that always exist.
    private func update() {
        let words = KioskWords(language: model.language)
        services.show(words: words, storeName: model.storeName)
        services.show(storeName: model.storeName)
        show(model.look, words: words)
        applyServicesWhenSafe()
        switch model.phase {
        case .choosing:
            services.setButtons(busy: nil, enabled: model.takesTaps)
            services.show(notice: model.isOffline ? words.offline : printerNotice)
        case .issuing(let code, let overdue):
            services.setButtons(busy: code, enabled: false)
            services.show(notice: overdue ? words.slow : nil)
        case .printing(let code, _):
            if !printingMarked { KioskTrace.mark("printing-started") }
            printingMarked = true
            services.setButtons(busy: code, enabled: false, busyLabel: words.printing)
            services.show(notice: nil)
        case .showingTicket(let shown):
            printingMarked = false
            if pages.visibleName != "ticket" { KioskTrace.afterNextPaint(of: root, mark: "ticket-painted") }
            services.setButtons(busy: nil, enabled: false)
            ticket.show(shown, words: words)
            pages.show("ticket")
            // Focus on Done, whose description carries the ticket: what a screen reader says as the
            // page appears (GTK 4.8 has no announcement call).
            if !ticket.done.button.hasFocus { _ = ticket.done.button.grabFocus() }
        case .returning:
            services.setButtons(busy: nil, enabled: false)
            services.show(notice: printerNotice)
            pages.show("services")
            reportWhenServicesShown()
        case .failed(let code, let failure):
            services.setButtons(busy: nil, enabled: !model.isOffline)
            let name = model.services.first { $0.code == code }.map(model.name(of:))
            services.show(notice: model.isOffline ? words.offline : words.refusal(failure, service: name))
        }
    }

    /// The customer's look: a class on the page stack each (the stylesheet's high-contrast and
    /// large-text sections), and the labels' sizes. Widgets stay; a press survives it.
    private func show(_ look: KioskLook, words: KioskWords) {
        for (on, name) in [(look.highContrast, CSSClass.highContrast), (look.largeText, CSSClass.largeText)]
        where root.hasCSSClass(name) != on {
            if on { root.addCSSClass(name) } else { root.removeCSSClass(name) }
        }
        let scale = look.largeText ? KioskText.largeScale : 1
        services.show(scale: scale, storeName: model.storeName)
        ticket.show(scale: scale)
        services.choices.show(look, words: words)
    }

    /// While the printer cannot print, the customer hears so before tapping.
    private var printerNotice: String? {
        guard let condition = model.printerCondition, !condition.canPrint else { return nil }
        return KioskWords(language: model.language).printerDown(condition, stopped: model.stoppedByPrinter)
    }

    /// A change of services is applied only while the kiosk takes taps and nothing is pressed;
    /// otherwise it waits for the next update (or the press to end).
    private func applyServicesWhenSafe() {
        guard model.services != services.shown else { return }
        guard model.takesTaps, !services.isPressed else {
            if model.takesTaps { retryServicesSoon() }
            return
        }
        // Their colours first: a new button is styled from its first frame.
        StyleProvider.shared.use(services: model.services.map { ServiceButtonStyle(code: $0.code.rawValue, colour: $0.colour) })
        services.show(model.services)
        services.setButtons(busy: nil, enabled: true)
    }

    private func retryServicesSoon() {
        guard watch == nil else { return }
        watch = MainContext.timeout(milliseconds: Timing.servicesRetry) { [weak self] in
            self?.watch = nil
            self?.applyServicesWhenSafe()
            return false
        }
    }

    /// Tells the model once the cross-fade back to the services has ended.
    private func reportWhenServicesShown() {
        _ = MainContext.timeout(milliseconds: Timing.fadeEndPoll) { [weak self] in
            guard let self, case .returning = model.phase else { return false }
            if root.isTransitionRunning || pages.visibleName != "services" { return true }
            model.servicesShown()
            return false
        }
    }
}
