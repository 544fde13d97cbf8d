// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ExerciseCatalog",
    products: [
        .executable(name: "catalog", targets: ["catalog"]),
    ],
    targets: [
        // C libraries from Debian, linked as system libraries.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // Linux calls Swift's Glibc module does not declare (sync_file_range).
        .systemLibrary(name: "CSystem"),
        // The commit `catalog --version` names (Sources/CBuildInfo/commit.h, written by `make build`).
        .systemLibrary(name: "CBuildInfo"),

        // JSON: the strict parser (errors with line, column and path), the canonical writer, the
        // value, the array splitter and the flat-object scanner, and the byte tricks they share.
        .target(name: "CatalogJSON"),
        // The model: records, config, ids, CatalogError, reviews, vocabularies, reason codes,
        // fingerprints and SHA-256, text normalisation, and the thread pools (Parallel, SerialWorker).
        .target(name: "CatalogModel", dependencies: ["CatalogJSON", "CCrypto"]),
        // libxml2: HTML fragments read into lines of text, and the escaping HTML document writer.
        .target(name: "CatalogHTML", dependencies: ["CatalogModel", "CLibXML2"]),
        // The catalog's logic: canonical text from records, eligibility, rules, revalidation,
        // snapshot diff, suggestions, default vocabularies. Re-exports CatalogJSON and CatalogModel.
        .target(name: "CatalogCore", dependencies: ["CatalogJSON", "CatalogModel", "CatalogHTML"]),
        // Demonstration media: GIF facts (digest, size, frames) read with giflib, from files read
        // as the catalog reads its own (a regular file, its size checked before it is read).
        .target(name: "CatalogMedia", dependencies: ["CatalogCore", "CatalogFiles", "CGif"]),
        // Upstream adapters (ExerciseDB JSON and CSV, free-exercise-db, wger) and their record
        // decoders (ExerciseDB's reads plain elements straight from their bytes).
        .target(name: "CatalogImporters", dependencies: ["CatalogCore", "CatalogHTML"]),
        // A small wrapper of the SQLite C API: connections, statements, transactions.
        .target(name: "CatalogSQLite", dependencies: ["CSQLite"]),
        // Files: atomic writes, streamed reads and writes of any size, stamps.
        .target(name: "CatalogFiles", dependencies: ["CatalogModel", "CSystem"]),
        // Catalog files on disk (source of truth) and the derived SQLite index; imports decode
        // records with the adapters' decoders.
        .target(name: "CatalogStore", dependencies: ["CatalogCore", "CatalogImporters", "CatalogFiles", "CatalogSQLite"]),
        // What a planner links: loads and verifies a build, answers the planner's first filter.
        // No libxml2, rules or suggester: ModuleGraphTests holds its closure to this list.
        .target(name: "CatalogReader", dependencies: ["CatalogJSON", "CatalogModel", "CatalogFiles", "CatalogSQLite", "CCrypto"]),
        // The reference planner: a week from a loaded build for a profile (docs/PLANNER.md). On
        // the reader only, as a planner app would link it: ModuleGraphTests holds it there.
        .target(name: "CatalogPlanner", dependencies: ["CatalogReader", "CatalogJSON", "CatalogModel"]),
        // Publishing: deterministic builds, versions, changelog, gates, signatures.
        .target(name: "CatalogBuild", dependencies: ["CatalogCore", "CatalogHTML", "CatalogFiles", "CatalogStore", "CatalogReader", "CatalogPlanner", "CatalogSQLite", "CCrypto"]),
        // The web layer of `catalog serve`: libmicrohttpd, the handler table, the security checks
        // every request passes, the escaping HTML writer.
        .target(name: "CatalogServer", dependencies: ["CatalogCore", "CMicroHTTPD"]),
        // What the two doors show, as values built from the store and the core (no printed
        // output): RecordView, QueueView, RevalidationView, GroupView, StatusView. The CLI's
        // --json encodes them; the workbench renders them.
        .target(name: "CatalogViews", dependencies: ["CatalogCore", "CatalogStore"]),
        // The batch writes every door makes, typed in and out: Acceptance (re-confirming stale
        // reviews) and BulkConfirmation (confirming suggestions for many records).
        .target(name: "CatalogActions", dependencies: ["CatalogCore", "CatalogStore", "CatalogViews"]),
        // The review workbench behind `catalog serve`: its pages, JSON API and assets, rendered
        // from the views. It links no command: ModuleGraphTests holds it to that.
        .target(name: "CatalogWorkbench", dependencies: ["CatalogCore", "CatalogStore", "CatalogViews", "CatalogActions", "CatalogServer"]),
        // Command-line front end as a library, so commands can be tested in-process.
        .target(name: "CatalogCommands", dependencies: ["CatalogCore", "CatalogHTML", "CatalogImporters", "CatalogStore", "CatalogBuild", "CatalogReader", "CatalogPlanner", "CatalogMedia", "CatalogServer",
                                                        "CatalogViews", "CatalogActions", "CatalogWorkbench"]),
        .executableTarget(name: "catalog", dependencies: ["CatalogCommands", "CBuildInfo"]),

        .target(name: "TestSupport", dependencies: ["CatalogCore"], path: "Tests/TestSupport"),
        .testTarget(name: "CatalogJSONTests", dependencies: ["CatalogJSON", "TestSupport"]),
        .testTarget(name: "CatalogModelTests", dependencies: ["CatalogModel", "TestSupport"]),
        .testTarget(name: "CatalogFilesTests", dependencies: ["CatalogFiles", "CatalogModel", "TestSupport"]),
        .testTarget(name: "CatalogCoreTests", dependencies: ["CatalogCore", "CatalogJSON", "CatalogHTML", "TestSupport"]),
        .testTarget(name: "CatalogImportersTests", dependencies: ["CatalogImporters", "TestSupport"]),
        .testTarget(name: "CatalogStoreTests", dependencies: ["CatalogStore", "CatalogImporters", "TestSupport"]),
        .testTarget(name: "CatalogSQLiteTests", dependencies: ["CatalogSQLite", "CatalogStore", "TestSupport"]),
        .testTarget(name: "CatalogCommandsTests", dependencies: ["CatalogCommands", "CatalogStore", "CatalogViews", "CatalogActions", "CatalogWorkbench", "TestSupport", "catalog"]),
        // The reader as a planner links it, on the committed fixture build (fixtures/build).
        .testTarget(name: "CatalogReaderTests", dependencies: ["CatalogReader", "CatalogModel", "CatalogJSON", "CatalogSQLite", "TestSupport"]),
        .testTarget(name: "CatalogPlannerTests", dependencies: ["CatalogPlanner", "CatalogReader", "CatalogModel", "CatalogJSON", "TestSupport"]),
        .testTarget(name: "CatalogBuildTests", dependencies: ["CatalogBuild", "CatalogReader", "CatalogSQLite", "TestSupport"]),
        .testTarget(name: "CatalogServerTests", dependencies: ["CatalogServer", "TestSupport"]),
        .testTarget(name: "CatalogMediaTests", dependencies: ["CatalogMedia", "TestSupport"]),
        // The fuzz targets' checks, replayed on every input the fuzzers found (`make fuzz` builds
        // the libFuzzer binaries from the same file with Tests/Fuzz/build.sh).
        .testTarget(name: "FuzzRegressionTests", dependencies: ["CatalogCore", "CatalogImporters", "CatalogMedia", "CatalogReader", "CatalogServer", "TestSupport"],
                    path: "Tests/Fuzz", exclude: ["FuzzTargets.swift", "build.sh", "seeds", "regressions"]),
    ]
)
