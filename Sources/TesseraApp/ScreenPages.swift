import GtkKit

/// A `Stack` of persistent pages that shows one and hides the others from assistive
/// technology too: GTK 4.8 keeps a stack's hidden pages in the accessible tree, and a screen
/// reader must not offer what nobody can see.
@MainActor final class ScreenPages {
    let stack = Stack()
    private var pages: [String: Widget] = [:]

    func add(_ page: Widget, name: String, title: String) {
        pages[name] = page
        stack.addNamed(page, name: name, title: title)
        page.setAccessibleHidden(stack.visibleChildName != name)
    }

    /// Takes a page out (one made for a signed-in member, when they leave it).
    func remove(_ name: String) {
        guard let page = pages.removeValue(forKey: name) else { return }
        stack.remove(page)
    }

    func show(_ name: String) {
        stack.visibleChildName = name
        for (pageName, page) in pages { page.setAccessibleHidden(pageName != name) }
    }

    var visibleName: String? { stack.visibleChildName }
}
