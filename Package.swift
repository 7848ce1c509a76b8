// swift-tools-version:6.0
// Tessera: an in-store ticket-queue kiosk, GTK 4 in Swift.
// No outside Swift packages: C libraries come from Debian -dev packages via pkg-config.
import PackageDescription

// How shipped executables (and the benchmark that stands for them) are linked: lld, which comes
// with the Swift toolchain, packing relative relocations (DT_RELR, glibc ≥ 2.36 as on Debian 12),
// so the loader does not dirty ~1.8 MB of relocation pages at every start of a static-stdlib binary.
let shippedLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]),
]

let package = Package(
    name: "Tessera",
    products: [
        .executable(name: "tessera", targets: ["tessera"]),
    ],
    targets: [
        // C layer: system libraries with small shim headers.
        .systemLibrary(name: "CGtk", pkgConfig: "tessera-gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libpq's header alone (tessera-libpq.pc: no link flags); CPostgres loads the library
        // itself when a PostgreSQL store is first opened, so a kiosk on SQLite never maps it.
        .systemLibrary(name: "CLibpqHeaders", pkgConfig: "tessera-libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "CPostgres", dependencies: ["CLibpqHeaders"]),
        .systemLibrary(name: "CLibcrypt", pkgConfig: "libcrypt", providers: [.apt(["libcrypt-dev"])]),
        // Cairo alone (its PDF surface and drawing), for the report's charts.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // libqrencode: the QR code of a ticket's own address (issue 27).
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // glibc's gettext (libintl.h): nothing to link.
        .systemLibrary(name: "CIntl"),
        // getrandom(2): glibc header only, nothing to link.
        .systemLibrary(name: "CRandom"),

        // The GLib key-file format with line numbers: theme files and the store's configuration.
        .target(name: "KeyFileFormat"),

        // UI stack.
        .target(name: "GtkKit", dependencies: ["CGtk"]),
        .target(name: "TesseraStyle", dependencies: ["GtkKit", "KeyFileFormat"]),

        // Words in the staff's or a customer's language, through gettext (no GTK).
        .target(name: "Localization", dependencies: ["CIntl", "CGLib"]),

        // Data stack.
        // The queue's rules on the Swift standard library alone; time zones come through a protocol.
        .target(name: "QueueCore"),
        // QueueCore's time-zone rules from the system's tzdata, through GLib (no GTK).
        .target(name: "SystemTimeZones", dependencies: ["QueueCore", "CGLib"]),
        // CGLib for SHA-256 (g_compute_checksum_for_data) and CRandom for getrandom(2): the phone tokens.
        .target(name: "QueueStore", dependencies: ["QueueCore", "SystemTimeZones", "CSQLite", "CPostgres", "CGLib", "CRandom"]),

        // A store day replayed through the real store on a simulated clock (`tessera simulate`).
        .target(name: "StoreSimulation", dependencies: ["QueueStore", "QueueCore", "KeyFileFormat"]),

        // Screen models and the store's configuration: no GTK, tested without a display.
        .target(name: "TesseraFeatures", dependencies: ["QueueStore", "QueueCore", "KeyFileFormat", "CLibcrypt",
                                                       "Localization"]),

        // The report's charts drawn on any cairo_t (a PDF page, a GtkDrawingArea): no GTK.
        .target(name: "ReportCharts", dependencies: ["CCairo", "TesseraFeatures", "QueueCore", "Localization"]),

        // A text's QR code (libqrencode) drawn on any cairo_t (the ticket's raster, a
        // GtkDrawingArea, a PNG), and its module size on a 203 dpi ticket: no GTK.
        .target(name: "QRCode", dependencies: ["CQRencode", "CCairo"]),

        // Screens and the executable.
        .target(name: "TesseraApp", dependencies: ["TesseraFeatures", "TesseraStyle", "QueueStore", "QueueCore",
                                                  "Localization", "CGtk", "ReportCharts", "CCairo"]),
        .executableTarget(name: "tessera", dependencies: ["TesseraApp", "TesseraFeatures", "TesseraStyle", "QueueStore", "StoreSimulation",
                                                          "QueueCore", "GtkKit", "CGtk", "Localization", "ReportCharts"],
                         linkerSettings: shippedLinkerSettings),

        // Benchmark programs, linked like the shipped app; their C baselines are in Benchmarks/c.
        .executableTarget(name: "bench-binding", dependencies: ["GtkKit"], path: "Benchmarks/swift/binding",
                          linkerSettings: shippedLinkerSettings),
        .executableTarget(name: "bench-style", dependencies: ["TesseraStyle", "GtkKit"], path: "Benchmarks/swift/style",
                          linkerSettings: shippedLinkerSettings),
        .executableTarget(name: "bench-store", dependencies: ["QueueStore", "QueueCore"], path: "Benchmarks/swift/store",
                          linkerSettings: shippedLinkerSettings),

        .executableTarget(name: "bench-postgres", dependencies: ["QueueStore", "QueueCore"], path: "Benchmarks/swift/postgres",
                          linkerSettings: shippedLinkerSettings),

        // A real store with hooks (slow, failing), shared by the screen tests.
        .target(name: "QueueStoreTesting", dependencies: ["QueueStore", "QueueCore"], path: "Tests/Support/QueueStoreTesting"),

        .testTarget(name: "KeyFileFormatTests", dependencies: ["KeyFileFormat"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "GtkKitTests", dependencies: ["GtkKit"]),
        .testTarget(name: "TesseraStyleTests", dependencies: ["TesseraStyle"]),
        .testTarget(name: "TesseraFeaturesTests", dependencies: ["TesseraFeatures", "QueueStoreTesting", "QueueStore", "QueueCore",
                                                                 "Localization"]),
        .testTarget(name: "TesseraAppTests", dependencies: ["TesseraApp", "TesseraFeatures", "QueueStoreTesting", "TesseraStyle",
                                                            "QueueStore", "QueueCore", "GtkKit"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "CCairo"]),
        .testTarget(name: "QueueCoreTests", dependencies: ["QueueCore", "SystemTimeZones"]),
        .testTarget(name: "QueueStoreTests", dependencies: ["QueueStore", "QueueCore", "QueueStoreTesting"]),
        // The `tessera` executable driven as scripts and store IT drive it: real processes.
        .testTarget(name: "TesseraCLITests", dependencies: ["tessera", "QueueStore", "QueueCore", "QueueStoreTesting"]),
    ]
)
