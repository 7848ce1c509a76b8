import FoundationEssentials
import GtkKit
import Localization
import QueueCore
import QueueStore
import TesseraFeatures

/// The desk role's page: the sign-in screen until someone signs in, then the desk screen; back
/// to sign-in on sign-out (also the automatic one after `[staff] sign-out-minutes`). An
/// administrator can open the store's admin page from the desk (`AdminScreen`), made for them
/// and taken down when they go back or are signed out.
@MainActor final class DeskPage {
    /// The member a store with no staff at all gets, so a fresh demo can be signed in to.
    nonisolated static let demoStaff = (name: "Demo", pin: "1234")

    let root = Box(orientation: .vertical, spacing: 0)
    let desk: DeskModel
    let signIn: SignInModel
    let signInScreen: DeskSignInScreen
    let deskScreen: DeskScreen
    private let pages = ScreenPages()
    private let administration: AdminAccess
    /// The admin page while an administrator has it open from this desk.
    private(set) var admin: AdminScreen?
    /// A member added at any terminal appears among the names without a restart.
    private var staffChanges: ChangeSubscription?

    private init(desk: DeskModel, signIn: SignInModel, deskName: String, hint: String?, administration: AdminAccess) {
        self.desk = desk
        self.signIn = signIn
        self.administration = administration
        signInScreen = DeskSignInScreen(model: signIn, deskName: deskName, hint: hint)
        deskScreen = DeskScreen(model: desk)
        pages.add(signInScreen.root, name: "sign-in", title: localized("Sign in"))
        pages.add(deskScreen.root, name: "desk", title: deskName)
        pages.stack.vexpand = true
        root.append(pages.stack)
        let clicks = GestureClick()
        clicks.propagationPhase = .capture
        clicks.onPressed { [weak self] _, _, _, _ in self?.desk.touch() }
        root.addController(clicks)
        signIn.onSignedIn = { [weak self] member in await self?.desk.signIn(member) }
        deskScreen.onManage = { [weak self] in self?.openAdmin() }
        let previous = desk.onChange
        desk.onChange = { [weak self] in
            previous?()
            self?.showPage()
        }
        showPage()
        // The page is not in a window until MainWindow adds it: focus the first button then.
        root.onRealize { [weak self] in self?.focusFirstButton() }
    }

    /// Gives the desk the keys of `window` whatever has focus in the desk, or when nothing has:
    /// a pointer press that leaves no widget focused (a button that turns insensitive as it
    /// acts) must not take the keys away. Keys typed with focus in the demo's kiosk or board
    /// stay theirs. Before the focused widget, the keypad's digits and the desk's F-keys; after
    /// it, an Enter no focused button took is Call next.
    func takeKeys(of window: Window) {
        let keys = EventControllerKey()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self] keyval, _, _ in
            guard let self, root.isMapped, !root.focusIsElsewhereInWindow else { return false }
            desk.touch()
            // The admin page's fields take every key typed into them.
            guard admin == nil else { return false }  // any key keeps the staff member signed in
            return desk.staff == nil ? signInScreen.handleKey(keyval) : deskScreen.handleKey(keyval)
        }
        window.addController(keys)
        let enter = EventControllerKey()
        enter.onKeyPressed { [weak self] keyval, _, _ in
            guard let self, root.isMapped, !root.focusIsElsewhereInWindow, desk.staff != nil, admin == nil else { return false }
            return deskScreen.handleUnclaimedKey(keyval)
        }
        window.addController(enter)
    }

    /// Opens desk `number` of `store`: reads the staff list (seeding the demo member into a
    /// store that has no staff at all) and starts following the queue.
    static func open(desk number: DeskNumber, store: any QueueStore, time: any TimeSource, settings: StaffSettings,
                     admin options: AdminOptions) async throws -> DeskPage
    {
        guard let credentials = staffCredentials(of: store) else { throw UsageError(localized("this store keeps no staff PINs")) }
        let (deskName, hint) = try await Blocking.run { () throws -> (String, String?) in
            guard let desk = try store.desks().first(where: { $0.number == number }) else {
                throw UsageError(localized("there is no desk %s in this store (see tessera queue status)", number.rawValue))
            }
            if try credentials.activeStaff().isEmpty {
                let member = try credentials.addStaff(name: demoStaff.name, role: .clerk, at: time.now())
                try credentials.setPinHash(try PinHash.make(demoStaff.pin), for: member.id)
            }
            // The hint shows only while the demo member still has the demo PIN.
            let demo = try credentials.activeStaff().first { $0.member.name == demoStaff.name }
            let hasDemoPin = try demo.flatMap { try credentials.pinHash(of: $0.member.id) }
                .map { PinHash.verify(demoStaff.pin, against: $0) } ?? false
            return (desk.name, hasDemoPin ? localized("Demo: sign in as %1$s with PIN %2$s", demoStaff.name, demoStaff.pin) : nil)
        }
        let desk = DeskModel(desk: number, store: store, time: time, idleTimeout: .seconds(60 * settings.signOutMinutes),
                             breakLimit: .seconds(60 * settings.breakMinutes))
        let signIn = SignInModel(desk: number, credentials: credentials, time: time)
        await signIn.load()
        try await desk.follow()
        let page = DeskPage(desk: desk, signIn: signIn, deskName: deskName, hint: hint,
                            administration: AdminAccess(store: store, credentials: credentials, time: time, options: options))
        page.staffChanges = try await Blocking.run {
            try store.observe(after: store.lastEventID()) { events in
                guard events.contains(where: { $0.event.kind == .staffRegistered }) else { return }
                Task { @MainActor in await signIn.load() }
            }
        }
        return page
    }

    private func showPage() {
        if admin != nil, desk.staff.map({ !DeskPermissions.mayAdminister($0.role) }) ?? true { closeAdmin() }
        let name = desk.staff == nil ? "sign-in" : admin == nil ? "desk" : "admin"
        guard pages.visibleName != name else { return }
        pages.show(name)
        if desk.staff == nil { Task { await signIn.load() } }
        focusFirstButton()
    }

    /// The admin page for the administrator signed in here, following the store until they leave.
    private func openAdmin() {
        guard admin == nil, let member = desk.staff, DeskPermissions.mayAdminister(member.role) else { return }
        let screen = administration.screen(for: member, leaveLabel: localized("Back to the desk"))
        screen.onLeave = { [weak self] in
            self?.closeAdmin()
            self?.showPage()
        }
        admin = screen
        pages.add(screen.root, name: "admin", title: localized("Manage the store"))
        showPage()
    }

    private func closeAdmin() {
        admin?.model.stop()
        admin = nil
        pages.show(desk.staff == nil ? "sign-in" : "desk")
        pages.remove("admin")
    }

    /// The whole desk can be worked from the keyboard, starting here: the first name, or Call next.
    private func focusFirstButton() {
        let first = desk.staff == nil ? signInScreen.staffButtons.first?.button : deskScreen.buttons["Call next"]?.button
        _ = first?.grabFocus()
    }
}
