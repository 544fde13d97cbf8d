// The `manifest` fuzz target (issue 16): a build's manifest.json, parsed and then verified
// beside a real build's files, so that mutations of a real manifest reach the name, digest and
// content checks. Built by Tests/Fuzz/build.sh with the reader's sources; replayed by
// FuzzRegressionTests.
import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogReader
import Foundation

enum FuzzManifestChecks {
    /// A folder holding a build's files but its manifest (`CATALOG_FUZZ_BUILD`, which `make fuzz`
    /// points at the committed fixture build of the sample catalog), copied once into a scratch folder the inputs are
    /// verified in; without it, an empty scratch folder.
    nonisolated(unsafe) static var scratch: String?

    static func folder() -> String {
        if let scratch { return scratch }
        let dir = NSTemporaryDirectory() + "catalog-fuzz-manifest-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        if let build = ProcessInfo.processInfo.environment["CATALOG_FUZZ_BUILD"] {
            for name in BuildFormat.contentFiles(schema: BuildFormat.schemaVersion) {
                try? FileManager.default.copyItem(atPath: build + "/" + name, toPath: dir + "/" + name)
            }
        }
        scratch = dir
        return dir
    }

    /// The input as a forger would write it: any JSON object, given the `selfSha256` its
    /// content has (random mutations never find a digest; this takes them past that check).
    static func forged(_ bytes: [UInt8]) -> [UInt8]? {
        guard case .object(var object)? = try? JSONParser.parse(bytes) else { return nil }
        object["selfSha256"] = nil
        object["selfSha256"] = .string(SHA256.hex(JSONWriter.string(.object(object), style: .pretty)))
        return Array(JSONWriter.string(.object(object), style: .pretty).utf8)
    }

    /// One input at a time: every check writes its manifest into the one scratch folder, and
    /// `FuzzRegressionTests` replays its inputs in parallel (two at once read each other's).
    static let oneAtATime = NSLock()

    static func run(_ bytes: [UInt8]) {
        oneAtATime.lock()
        defer { oneAtATime.unlock() }
        check(bytes)
        if let forged = forged(bytes), forged != bytes { check(forged) }
    }

    static func check(_ bytes: [UInt8]) {
        // The parser: a manifest that reads is exactly its own canonical text.
        if let manifest = try? Manifest(bytes: bytes, file: "fuzz") {
            precondition(Array(manifest.fileText.utf8) == bytes, "a manifest read that is not in its canonical form")
            precondition((try? Manifest(bytes: Array(manifest.fileText.utf8), file: "fuzz")) == manifest, "a manifest does not survive its own text")
        }
        // Verification: never a crash or a hang; a name that leaves the build is refused before
        // any file is read; a build that verifies lists only plain names of regular files.
        let dir = folder()
        _ = FileManager.default.createFile(atPath: dir + "/" + BuildFormat.manifestFile, contents: Data(bytes))
        let (summary, problems) = PublishedCatalog.inspect(directory: dir)
        guard let manifest = try? Manifest(bytes: bytes, file: "fuzz") else {
            precondition(summary == nil && !problems.isEmpty, "a manifest that does not read verified")
            return
        }
        if manifest.files.keys.contains(where: { BuildRules.fileNameProblem($0) != nil }) {
            precondition(problems.allSatisfy { $0.file == BuildFormat.manifestFile }, "files were read for a manifest naming a file outside the build")
        }
        if problems.isEmpty {
            precondition(summary != nil, "no problem and no summary")
            for name in manifest.files.keys {
                precondition(BuildRules.fileNameProblem(name) == nil && BuildRules.fileKindProblem(directory: dir, name: name) == nil, "a build verified with \(name)")
            }
        }
    }
}
