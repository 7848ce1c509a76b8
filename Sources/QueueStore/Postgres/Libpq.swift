import CPostgres

/// libpq's functions, loaded the first time a PostgreSQL store is opened (never at process
/// start: tessera does not link libpq, so a store on SQLite never maps it and the ~20 libraries
/// it needs). Every libpq call goes through the table `functions(target:)` returns.
enum Libpq {
    /// The library Debian's libpq5 package installs.
    static let soname = "libpq.so.5"

    /// Loaded once per process (a static `let` is initialised once, thread-safely), and kept:
    /// connections come and go, the library stays.
    private static let standard = load(soname)

    /// libpq's functions, or why they cannot be had as the store error a PostgreSQL store at
    /// `target` (the URL without its password) fails with: exit 3 and what to install.
    static func functions(target: String, soname: String = Libpq.soname) throws(StoreError) -> TesseraLibpq {
        switch soname == Self.soname ? standard : load(soname) {
        case .success(let functions): return functions
        case .failure(let failure):
            throw .unavailable(file: target, problem: .clientMissing, detail: failure.reason)
        }
    }

    private struct LoadFailure: Error {
        let reason: String
    }

    private static func load(_ soname: String) -> Result<TesseraLibpq, LoadFailure> {
        // No `TesseraLibpq()`: its function pointers are never null, so C fills the memory.
        let functions = UnsafeMutablePointer<TesseraLibpq>.allocate(capacity: 1)
        defer { functions.deallocate() }
        var error = [CChar](repeating: 0, count: 512)
        let loaded = error.withUnsafeMutableBufferPointer { buffer in
            tessera_libpq_open(soname, functions, buffer.baseAddress!, buffer.count)
        }
        guard loaded else { return .failure(LoadFailure(reason: error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })) }
        return .success(functions.pointee)
    }
}
