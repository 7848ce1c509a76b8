import FoundationEssentials
import Localization
import QueueCore
import QueueStore

extension TesseraSettings {
    /// Opens the store at `url` (nil: the embedded default) and makes it match this file:
    /// a new store is seeded from the file (or the built-in services without one); an existing
    /// one gets the file's settings, services and desks, recorded as administrative events only
    /// when something differs. Whether services are open and desks staffed is left as it is.
    ///
    /// Blocking (it opens a database): call it off the GTK thread.
    public func openConfiguredStore(url: String?, options: StoreOptions = StoreOptions(), at time: Date = Date())
        throws -> any QueueStore
    {
        var options = options
        if let setup { options.seed = setup }
        let store = try openStore(url: url, options: options)
        try apply(to: store, at: time)
        return store
    }

    /// Applies the file's setup to `store` (nothing without a file).
    public func apply(to store: any QueueStore, at time: Date) throws {
        guard let setup else { return }
        do {
            _ = try store.perform(.applySetup(setup), at: time)
        } catch {
            guard case .refused(.invalidConfiguration(let problem)) = error else { throw error }
            throw SettingsFileError(file: file ?? localized("the configuration"), localized("does not fit the store: %s", problem.description))
        }
    }
}
