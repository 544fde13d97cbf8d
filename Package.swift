// swift-tools-version:6.0
import PackageDescription

// The modules where the tests spend their CPU, compiled optimised in debug builds too (as
// Cargo's per-package opt-level): the planner's search (the plan gate of every export with a
// previous build, the acceptance batches), the JSON reader and writer, the reading of records
// and vocabularies, file stamps, rules, word diffs. At -Onone they were most of the test run's time.
// `-assert-config Debug` keeps assert and precondition messages as a debug build has them;
// SwiftPM still passes -enable-testing, so @testable imports work. Release builds are unchanged.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))]

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
        .target(name: "CatalogJSON", swiftSettings: optimisedInDebug),
        // What every part shares, a planner app too: CatalogError and JSONReader, ids, reason
        // codes, vocabularies, equipment profiles, media facts, SHA-256, and the thread pools
        // (Parallel, SerialWorker).
        .target(name: "CatalogModel", dependencies: ["CatalogJSON", "CCrypto"], swiftSettings: optimisedInDebug),
        // The catalog's own documents, which a planner never reads: upstream records and their
        // limits, reviews and the review file format, the config, canonical text and
        // fingerprints, text normalisation, days and timestamps, near-miss names.
        .target(name: "CatalogRecords", dependencies: ["CatalogJSON", "CatalogModel"], swiftSettings: optimisedInDebug),
        // libxml2: HTML fragments read into lines of text, and the escaping HTML document writer.
        .target(name: "CatalogHTML", dependencies: ["CatalogModel", "CLibXML2"]),
        // The catalog's logic: canonical text from records, eligibility, rules, revalidation,
        // snapshot diff, suggestions, default vocabularies. Re-exports CatalogJSON and CatalogModel.
        .target(name: "CatalogCore", dependencies: ["CatalogJSON", "CatalogModel", "CatalogHTML", "CatalogRecords"], swiftSettings: optimisedInDebug),
        // Demonstration media: GIF facts (digest, size, frames) read with giflib, from files read
        // as the catalog reads its own (a regular file, its size checked before it is read).
        .target(name: "CatalogMedia", dependencies: ["CatalogModel", "CatalogFiles", "CGif"]),
        // Upstream adapters (ExerciseDB JSON and CSV, free-exercise-db, wger) and their record
        // decoders (ExerciseDB's reads plain elements straight from their bytes).
        .target(name: "CatalogImporters", dependencies: ["CatalogCore", "CatalogHTML", "CatalogJSON", "CatalogModel", "CatalogRecords"]),
        // A small wrapper of the SQLite C API: connections, statements, transactions.
        .target(name: "CatalogSQLite", dependencies: ["CSQLite"]),
        // Files read as the catalog reads its own: regular files only, sizes checked first,
        // chunked reads with a running SHA-256, reads by offset, folders held open, stamps.
        .target(name: "CatalogFiles", dependencies: ["CatalogModel", "CSystem", "CatalogJSON"], swiftSettings: optimisedInDebug),
        // The write side of files: atomic replacement, many files with one flush (Folder.write),
        // staged streamed files, journaled replacement and recovery. Builds are read without it.
        .target(name: "CatalogFileWrites", dependencies: ["CatalogFiles", "CatalogModel", "CatalogJSON", "CSystem"]),
        // Catalog files on disk (source of truth) and the derived SQLite index; imports decode
        // records with the adapters' decoders.
        .target(name: "CatalogStore", dependencies: ["CatalogCore", "CatalogImporters", "CatalogFiles", "CatalogSQLite", "CatalogJSON", "CatalogModel", "CatalogRecords", "CatalogFileWrites"]),
        // What a planner links: loads and verifies a build, answers the planner's first filter.
        // No libxml2, rules or suggester: ModuleGraphTests holds its closure to this list.
        .target(name: "CatalogReader", dependencies: ["CatalogJSON", "CatalogModel", "CatalogFiles", "CatalogSQLite", "CCrypto"], swiftSettings: optimisedInDebug),
        // The reference planner: a week from a loaded build for a profile (docs/PLANNER.md). On
        // the reader only, as a planner app would link it: ModuleGraphTests holds it there.
        .target(name: "CatalogPlanner", dependencies: ["CatalogReader", "CatalogJSON", "CatalogModel"], swiftSettings: optimisedInDebug),
        // Publishing: deterministic builds, versions, changelog, gates, signatures.
        .target(name: "CatalogBuild", dependencies: ["CatalogCore", "CatalogHTML", "CatalogFiles", "CatalogStore", "CatalogReader", "CatalogPlanner", "CatalogSQLite", "CCrypto", "CatalogJSON", "CatalogModel", "CatalogRecords", "CatalogFileWrites"]),
        // The web layer of `catalog serve`: libmicrohttpd, the handler table, the security checks
        // every request passes, the escaping HTML writer.
        .target(name: "CatalogServer", dependencies: ["CatalogJSON", "CatalogModel", "CMicroHTTPD"]),
        // What the two doors show, as values built from the store and the core (no printed
        // output): RecordView, QueueView, RevalidationView, GroupView, StatusView. The CLI's
        // --json encodes them; the workbench renders them.
        .target(name: "CatalogViews", dependencies: ["CatalogCore", "CatalogStore", "CatalogFiles", "CatalogJSON", "CatalogModel", "CatalogRecords"]),
        // The batch writes every door makes, typed in and out: Acceptance (re-confirming stale
        // reviews) and BulkConfirmation (confirming suggestions for many records).
        .target(name: "CatalogActions", dependencies: ["CatalogCore", "CatalogStore", "CatalogViews", "CatalogFiles", "CatalogJSON", "CatalogModel", "CatalogRecords"]),
        // The review workbench behind `catalog serve`: its pages, JSON API and assets, rendered
        // from the views and the planner's weeks. It links no command: ModuleGraphTests holds it to that.
        .target(name: "CatalogWorkbench", dependencies: ["CatalogCore", "CatalogStore", "CatalogViews", "CatalogActions", "CatalogServer", "CatalogBuild", "CatalogPlanner", "CatalogReader", "CatalogHTML", "CatalogFiles", "CatalogJSON", "CatalogModel", "CatalogRecords"]),
        // Command-line front end as a library, so commands can be tested in-process.
        .target(name: "CatalogCommands", dependencies: ["CatalogCore", "CatalogHTML", "CatalogImporters", "CatalogStore", "CatalogBuild", "CatalogReader", "CatalogPlanner", "CatalogMedia", "CatalogServer",
                                                        "CatalogViews", "CatalogActions", "CatalogWorkbench", "CSystem", "CatalogFiles", "CatalogJSON", "CatalogModel", "CatalogRecords", "CatalogFileWrites"]),
        .executableTarget(name: "catalog", dependencies: ["CatalogCommands", "CBuildInfo"]),

        .target(name: "TestSupport", dependencies: ["CatalogCore", "CatalogJSON", "CatalogModel"], path: "Tests/TestSupport"),
        // `runInProcess`: command tests run `CLI.run` in the test process, not the binary.
        .target(name: "CommandTestSupport", dependencies: ["CatalogCommands", "CatalogFiles", "CatalogStore", "TestSupport"], path: "Tests/CommandTestSupport"),
        .testTarget(name: "CatalogJSONTests", dependencies: ["CatalogJSON", "TestSupport"]),
        .testTarget(name: "CatalogModelTests", dependencies: ["CatalogModel", "TestSupport", "CatalogRecords"]),
        .testTarget(name: "CatalogFilesTests", dependencies: ["CatalogFiles", "CatalogModel", "TestSupport", "CatalogFileWrites"]),
        .testTarget(name: "CatalogCoreTests", dependencies: ["CatalogCore", "CatalogJSON", "CatalogHTML", "TestSupport", "CatalogModel", "CatalogRecords"]),
        .testTarget(name: "CatalogImportersTests", dependencies: ["CatalogImporters", "TestSupport", "CatalogCore", "CatalogJSON", "CatalogModel", "CatalogRecords"]),
        .testTarget(name: "CatalogStoreTests", dependencies: ["CatalogStore", "CatalogImporters", "TestSupport", "CommandTestSupport", "CatalogCore", "CatalogFiles", "CatalogJSON", "CatalogModel", "CatalogRecords", "CatalogFileWrites"]),
        .testTarget(name: "CatalogSQLiteTests", dependencies: ["CatalogSQLite", "CatalogStore", "TestSupport", "CatalogCore", "CatalogFiles", "CatalogJSON", "CatalogModel"]),
        .testTarget(name: "CatalogCommandsTests", dependencies: ["CatalogCommands", "CatalogStore", "CatalogViews", "CatalogActions", "CatalogWorkbench", "TestSupport", "CommandTestSupport", "catalog", "CatalogCore", "CatalogFiles", "CatalogJSON", "CatalogModel", "CatalogReader", "CatalogSQLite", "CatalogServer", "CatalogRecords"], exclude: ["golden"]),
        // What needs the built binary: signals, crashes, terminals, shells, the README, exit codes.
        .testTarget(name: "EndToEnd", dependencies: ["catalog", "CatalogCommands", "CommandTestSupport", "TestSupport", "CatalogCore", "CatalogJSON", "CatalogModel", "CatalogReader", "CatalogRecords"]),
        // The reader as a planner links it, on the committed fixture build (fixtures/build).
        .testTarget(name: "CatalogReaderTests", dependencies: ["CatalogReader", "CatalogModel", "CatalogJSON", "CatalogSQLite", "TestSupport"]),
        .testTarget(name: "CatalogPlannerTests", dependencies: ["CatalogPlanner", "CatalogReader", "CatalogModel", "CatalogJSON", "TestSupport"]),
        .testTarget(name: "CatalogBuildTests", dependencies: ["CatalogBuild", "CatalogReader", "CatalogSQLite", "TestSupport", "CommandTestSupport", "CatalogCore", "CatalogFiles", "CatalogJSON", "CatalogModel", "CatalogStore"]),
        .testTarget(name: "CatalogServerTests", dependencies: ["CatalogServer", "TestSupport", "CatalogCore", "CatalogJSON", "CatalogModel"]),
        .testTarget(name: "CatalogMediaTests", dependencies: ["CatalogMedia", "TestSupport", "CatalogCore", "CatalogJSON", "CatalogModel"]),
        // The fuzz targets' checks, replayed on every input the fuzzers found (`make fuzz` builds
        // the libFuzzer binaries from the same file with Tests/Fuzz/build.sh).
        .testTarget(name: "FuzzRegressionTests", dependencies: ["CatalogCore", "CatalogImporters", "CatalogMedia", "CatalogReader", "CatalogServer", "TestSupport", "CatalogJSON", "CatalogModel", "CatalogRecords"],
                    path: "Tests/Fuzz", exclude: ["FuzzTargets.swift", "build.sh", "seeds", "regressions"]),
    ]
)
