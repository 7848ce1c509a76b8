import GtkKit
import Localization
import QueueCore
import QueueStore
import TesseraFeatures

/// The `tessera admin` role: a sign-in (administrators only), then the admin page; Sign out
/// goes back to the sign-in. For a manager's own terminal, or the back office's PC.
@MainActor final class AdminRolePage {
    let root = Box(orientation: .vertical, spacing: 12)
    let signIn: SignInModel
    let signInScreen: DeskSignInScreen
    /// Said once when someone who is not an administrator signs in here.
    let refusal = Label()
    private let pages = ScreenPages()
    private let access: AdminAccess
    private(set) var admin: AdminScreen?

    private init(signIn: SignInModel, access: AdminAccess) {
        self.signIn = signIn
        self.access = access
        signInScreen = DeskSignInScreen(model: signIn, deskName: localized("Manage the store"), hint: nil)
        let signInPage = Box(orientation: .vertical, spacing: 12)
        refusal.addCSSClass("error")
        refusal.wraps = true
        refusal.justification = .center
        refusal.isVisible = false
        signInPage.append(refusal)
        signInScreen.root.vexpand = true
        signInPage.append(signInScreen.root)
        pages.add(signInPage, name: "sign-in", title: localized("Sign in"))
        pages.stack.vexpand = true
        root.append(pages.stack)
        signIn.onSignedIn = { [weak self] member in self?.signedIn(member) }
    }

    static func open(store: any QueueStore, time: any TimeSource, options: AdminOptions) async throws -> AdminRolePage {
        guard let credentials = staffCredentials(of: store) else { throw UsageError(localized("this store keeps no staff PINs")) }
        let administrators = try await Blocking.run {
            try credentials.activeStaff().filter { DeskPermissions.mayAdminister($0.member.role) }.count
        }
        if administrators == 0 {
            throw UsageError(localized("this store has no administrator yet; add one with: tessera staff add NAME --role admin"))
        }
        // The keypad lock is a member's wherever they type; the number only names this terminal.
        let signIn = SignInModel(desk: DeskNumber(rawValue: 0), credentials: credentials, time: time)
        await signIn.load()
        return AdminRolePage(signIn: signIn, access: AdminAccess(store: store, credentials: credentials, time: time, options: options))
    }

    /// The sign-in's keypad digits from the keyboard, while it shows.
    func takeKeys(of window: Window) {
        let keys = EventControllerKey()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self] keyval, _, _ in
            guard let self, admin == nil, root.isMapped else { return false }
            return signInScreen.handleKey(keyval)
        }
        window.addController(keys)
    }

    private func signedIn(_ member: StaffMember) {
        guard DeskPermissions.mayAdminister(member.role) else {
            refusal.text = localized("Only an administrator can manage the store; %s is not one.", member.name)
            refusal.isVisible = true
            Task { await signIn.load() }
            return
        }
        refusal.isVisible = false
        let screen = access.screen(for: member, leaveLabel: localized("Sign out"))
        screen.onLeave = { [weak self] in self?.signOut() }
        admin = screen
        pages.add(screen.root, name: "admin", title: localized("Manage the store"))
        pages.show("admin")
    }

    private func signOut() {
        admin?.model.stop()
        admin = nil
        pages.show("sign-in")
        pages.remove("admin")
        Task { await signIn.load() }
    }
}
