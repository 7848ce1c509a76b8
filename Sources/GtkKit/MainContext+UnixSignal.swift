import CGtk

extension MainContext {
    /// Runs `body` on the main loop each time the process receives `signal`
    /// (`g_unix_signal_add_full`: GLib's handler only wakes the loop, so `body` may do anything
    /// a main-loop callback may). GLib accepts SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2 and
    /// SIGWINCH only.
    @discardableResult
    public static func onUnixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Void) -> MainContextSource {
        let box = CallbackBox<@MainActor () -> Bool> { body(); return true }
        let id = g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, runSignalSource, box.retainedForGLib(),
                                        releaseSourceBox)
        return MainContextSource(sourceID: id, box: box)
    }
}

/// `GSourceFunc` for `onUnixSignal`: the box's closure says whether to keep the source.
private let runSignalSource: GSourceFunc = { data in
    guard let data else { return 0 }
    let box = CallbackBox<@MainActor () -> Bool>.from(data)
    return MainActor.assumeIsolated { box.call().gboolean }
}
