import CPostgres
import QueueStoreTesting
import Testing
@testable import QueueStore

/// The loader's own failures, by soname: a library that is not installed, and one that is not
/// libpq. (LibpqLoadingTests drives the same paths through the `tessera` process.)
@Suite(.offThePool) struct LibpqLoaderTests {
    @Test func aLibraryThatIsNotInstalledSaysWhatToInstall() {
        #expect {
            _ = try Libpq.functions(target: "postgresql://shop/queue", soname: "libpq-not-installed.so.5")
        } throws: { error in
            guard let error = error as? StoreError,
                  case .unavailable("postgresql://shop/queue", .clientMissing, let detail) = error else { return false }
            return detail.contains("libpq-not-installed.so.5: cannot open shared object file")
                && error.exitCode == 3 && error.description.contains("Install the libpq5 package")
        }
    }

    @Test func aLibraryWithoutLibpqsFunctionsNamesTheFirstMissing() {
        #expect {
            _ = try Libpq.functions(target: "postgresql://shop/queue", soname: "libz.so.1")
        } throws: { error in
            guard case .unavailable(_, .clientMissing, let detail)? = error as? StoreError else { return false }
            return detail == "libz.so.1 has no function PQclear"
        }
    }

    @Test func theInstalledLibpqHasEveryFunction() throws {
        let functions = try Libpq.functions(target: "postgresql://shop/queue")
        // A real libpq function, called through the table: no connection, CONNECTION_BAD.
        #expect(functions.PQstatus(nil) == CONNECTION_BAD)
    }
}
