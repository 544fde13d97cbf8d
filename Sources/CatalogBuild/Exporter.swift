import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogReader
import CatalogRecords
import CatalogStore
import Foundation

/// Publishes a build: `dist/<name>-<version>/` with catalog.json, catalog.sqlite, CHANGELOG.md,
/// manifest.json (and manifest.sig when signed). Deterministic: no clock, stable order and bytes.
public struct Exporter {
    public struct Options: Sendable {
        public var version: SemanticVersion?
        public var outDirectory: String?
        public var date: String
        public var signingKey: (pem: String, file: String)?
        public var allowDrop: Bool
        /// Publish even when a coverage cell the previous build covered falls below the minimum.
        public var allowCoverageDrop: Bool
        /// The build's `validUntil` (`YYYY-MM-DDTHH:MM:SSZ`), as given: never the clock's.
        public var validUntil: String?
        /// Every key rotation of the catalog (catalog/keys), in sequence.
        public var keyRotations: [KeyRotation]
        /// Publish even when a standard week's muscle that reached its minimum on the previous
        /// build falls below it (the plan gate).
        public var allowPlanRegression: Bool
        /// False for a build nobody publishes (`plan` on the catalog as edited): lint and the
        /// gates that compare with a previous build are not applied.
        public var applyGates: Bool

        public init(version: SemanticVersion? = nil, outDirectory: String? = nil, date: String, signingKey: (pem: String, file: String)? = nil,
                    allowDrop: Bool = false, allowCoverageDrop: Bool = false, validUntil: String? = nil, keyRotations: [KeyRotation] = [],
                    allowPlanRegression: Bool = false, applyGates: Bool = true) {
            self.validUntil = validUntil
            self.keyRotations = keyRotations
            self.allowPlanRegression = allowPlanRegression
            self.applyGates = applyGates
            self.version = version
            self.outDirectory = outDirectory
            self.date = date
            self.signingKey = signingKey
            self.allowDrop = allowDrop
            self.allowCoverageDrop = allowCoverageDrop
        }
    }

    /// What an export did. `written` false: nothing changed since the last build, so none was
    /// written; `version`, `directory`, `manifestSha256` and `counts` are then the last build's.
    public struct Result: Sendable {
        public var written: Bool
        public var version: SemanticVersion
        public var directory: String
        public var manifestSha256: String
        public var counts: JSONValue
        public var diff: BuildDiff
        public var previous: SemanticVersion?
    }

    /// The latest build of `name` in `directory` (highest version), if any.
    public static func previousBuild(in directory: String, name: String) -> (version: SemanticVersion, path: String)? {
        let prefix = name + "-"
        let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).compactMap { entry -> (SemanticVersion, String)? in
            guard entry.hasPrefix(prefix), let v = SemanticVersion(String(entry.dropFirst(prefix.count))),
                  FileManager.default.fileExists(atPath: directory + "/" + entry + "/manifest.json") else { return nil }
            return (v, directory + "/" + entry)
        }
        return candidates.max { $0.0 < $1.0 }
    }

    /// Builds, checks the gates and publishes. The records are written as they come (in id
    /// order, a batch at a time) into a temporary folder, compared on the way with the previous
    /// build's records; the gates and the version are decided once all are seen, and only then
    /// does the folder get its name. A failed gate leaves nothing behind.
    public static func export(_ catalog: Catalog, options: Options, progress: (String) -> Void = { _ in }) throws(CatalogError) -> Result {
        let config = catalog.config
        let out = options.outDirectory ?? catalog.layout.distDirectory

        // The review files of other sources are linted first: they are not in the build, but
        // they are the catalog's. The member source's are counted as its records are evaluated.
        var lintErrors = LintTally()
        lintErrors.add(try catalog.lint(checkFormat: false, sources: catalog.reviewSources().filter { $0 != config.memberSource }))
        let previous = try previousChecked(in: out, name: config.buildName, version: options.version, layout: catalog.layout)
        try checkSigningKey(options)

        let created = !FileSystem.exists(out)
        try FileSystem.createDirectory(out)
        let temp = out + "/.\(config.buildName).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileSystem.createDirectory(temp)
        // Whatever stops the export leaves no trace: no temporary folder, no empty `out`. The
        // writer's thread is waited for first: it may still be inserting rows, and the last
        // reference it drops would close the writer's files in `temp` while they are removed.
        var writer: BuildWriter?
        func cleanUp() {
            writer?.abandon()
            try? FileManager.default.removeItem(atPath: temp)
            if created { rmdir(out) }
        }
        do {
            let written = try writeRecords(catalog, in: temp, previous: previous, writer: &writer, progress: progress)
            // The release gates: lint, from the records as evaluated and the other sources' files.
            lintErrors.add(written.walked.lintErrors)
            if options.applyGates { try lintGate(lintErrors) }
            try variantGate(written.walked.brokenVariants)
            try replacementGate(written.walked.replacements, catalog: catalog)
            // The gates that compare with the previous build name its folder as their place.
            let last = previous.map { LastBuild(summary: $0.summary, folder: catalog.layout.relative($0.path)) }
            try releaseGates(written, previous: last, config: config, options: options)
            let coverageChanges = try coverageGate(written.coverage, previous: written.previousCoverage, folder: last?.folder, min: config.coverageMin,
                                                   allow: options.allowCoverageDrop)
            guard let version = try decideVersion(written.diff, previous: last, given: options.version, channelChanged: channelChanged(previous?.summary.manifest, options)) else {
                // Nothing to publish is no failure: the last build stands, and nothing is written.
                cleanUp()
                let summary = previous!.summary
                return Result(written: false, version: summary.manifest.version, directory: previous!.path, manifestSha256: summary.manifestSha256,
                              counts: summary.manifest.counts, diff: written.diff, previous: summary.manifest.version)
            }
            let final = out + "/\(config.buildName)-\(version)"
            if FileManager.default.fileExists(atPath: final) {
                throw CatalogError(.cannotWrite, "a build \(version) exists already", .init(file: catalog.layout.relative(final)))
            }
            let manifest = try finish(written, catalog: catalog, in: temp, version: version, previous: previous,
                                      coverageChanges: coverageChanges, options: options)
            guard rename(temp, final) == 0 else { throw CatalogError(.cannotWrite, "cannot move the build into place", .init(file: catalog.layout.relative(final))) }
            return Result(written: true, version: version, directory: final, manifestSha256: SHA256.hex(manifest.fileText), counts: manifest.counts,
                          diff: written.diff, previous: previous?.summary.manifest.version)
        } catch let error as CatalogError {
            cleanUp()
            throw error
        } catch {
            cleanUp()
            throw CatalogError(.internalError, "export: \(error)")
        }
    }

    /// Writes the records into `temp` (`write`). The index guesses which records are copies (a
    /// base lists its copies, and may come before them): when the review files say otherwise,
    /// the records are written again, with what the files say. Wrong twice: the files changed
    /// meanwhile. `writer`: the writer in use, for the caller to abandon on a failure.
    static func writeRecords(_ catalog: Catalog, in temp: String, previous: (summary: PublishedCatalog.Summary, path: String)?,
                             writer: inout BuildWriter?, progress: (String) -> Void) throws(CatalogError) -> Written {
        var variants: BuildVariants?
        while true {
            writer?.abandon()
            writer = nil
            let started = try BuildWriter(directory: temp, name: catalog.config.buildName)
            writer = started
            let written = try write(catalog, into: started, previous: previous, variants: variants, progress: progress)
            if written.walked.variantsHeld { return written }
            guard variants == nil else {
                throw CatalogError(.conflict, "review files changed while the build was written; run export again",
                                   .init(file: catalog.layout.relative(catalog.layout.reviewsDirectory + "/" + catalog.config.memberSource)))
            }
            variants = BuildVariants(found: written.walked.variants)
        }
    }

    /// The previous build, checked by the same verification the planner's reader uses, and a
    /// version given on the command line checked against it.
    static func previousChecked(in out: String, name: String, version given: SemanticVersion?, layout: CatalogLayout) throws(CatalogError) -> (summary: PublishedCatalog.Summary, path: String)? {
        var previous: (summary: PublishedCatalog.Summary, path: String)?
        if let found = previousBuild(in: out, name: name) {
            previous = (try PublishedCatalog.verified(directory: found.path), found.path)
        }
        if let given, let previous, given <= previous.summary.manifest.version {
            throw CatalogError(.usage, "version \(given) is not above the last build, \(previous.summary.manifest.version)", .init(file: layout.relative(previous.path)))
        }
        if let given, FileManager.default.fileExists(atPath: out + "/\(name)-\(given)") {
            throw CatalogError(.cannotWrite, "a build \(given) exists already", .init(file: layout.relative(out + "/\(name)-\(given)")))
        }
        return previous
    }

    /// What writing the records found out: the writer (its files not ended yet), the changes
    /// against the previous build, the counts, and both builds' coverage.
    struct Written {
        var writer: BuildWriter
        var diff: BuildDiff
        var autoPlan = 0
        var reasons: [String: Int] = [:]
        var coverage: Coverage
        var previousCoverage: Coverage?
        /// What the walk found beside the records: lint errors, broken and found variants.
        var walked = BuildContents.Walked(lintErrors: LintTally(), brokenVariants: [], variants: [:], variantsHeld: true)
        var vocabulary: BuildVocabulary
        /// changes.json, written as the records are compared.
        var changes: ChangesWriter
    }

    /// What a worker made of a share of the records.
    struct Share: Sendable {
        var rendered: BuildWriter.Rendered
        var coverage: Coverage
        var records: [Exercise]
        var autoPlan = 0
        var reasons: [String: Int] = [:]
    }

    /// Writes the records with `writer` (into the temporary folder), comparing them on the way with the previous build's.
    /// `variants`: the copies, as a walk before found them (default: the index's guess).
    static func write(_ catalog: Catalog, into writer: BuildWriter, previous: (summary: PublishedCatalog.Summary, path: String)?,
                      variants: BuildVariants?, progress: (String) -> Void) throws(CatalogError) -> Written {
        let vocabulary = try catalog.vocabulary()
        let walk = try previous.map { p throws(CatalogError) in RecordWalk(try BuildRecords(path: p.path + "/catalog.sqlite")) }
        var written = Written(writer: writer,
                              diff: BuildDiff(previousSchema: previous?.summary.manifest.schemaVersion ?? BuildFormat.schemaVersion),
                              coverage: try Coverage(profiles: catalog.config.profiles, vocabulary: vocabulary), vocabulary: BuildVocabulary(vocabulary),
                              changes: try ChangesWriter(directory: writer.directory, previous: previous?.summary))
        // The previous build's coverage, counted as the walk reads its records for the diff.
        var before = written.coverage
        walk?.visit = { before.add($0) }
        // Each share of records is rendered, and counted, on a worker; the records are kept
        // for the comparison with a previous build, and changes.json.
        let empty = written.coverage
        written.walked = try BuildContents.walk(catalog, variants: variants, making: { exercises, start in
            var share = Share(rendered: BuildWriter.render(exercises, start: start), coverage: empty, records: exercises)
            for i in exercises.indices {
                share.coverage.add(exercises[i])
                if exercises[i].autoPlan { share.autoPlan += 1 }
                for r in exercises[i].reasons { share.reasons[r.code.rawValue, default: 0] += 1 }
            }
            return share
        }) { share throws(CatalogError) in
            written.coverage.add(share.coverage)
            written.autoPlan += share.autoPlan
            for (code, n) in share.reasons { written.reasons[code, default: 0] += n }
            for i in share.records.indices {
                // A first build's records are all added (its changelog lists none of them).
                let (before, compared) = try walk?.compare(share.records[i], into: &written.diff) ?? (nil, BuildDiff.Compared(added: true, fields: [], planning: nil))
                try written.changes.add(share.records[i], before: before, compared: compared, record: share.rendered.rows.bytes[share.rendered.records[i]])
            }
            try written.writer.append(share.rendered)
            progress("building: \(written.writer.count) records")
        }
        try walk?.finish(into: &written.diff)
        if walk != nil { written.previousCoverage = before }
        return written
    }

    /// The previous build as the gates compare with it, and its folder as their errors name it.
    struct LastBuild {
        var summary: PublishedCatalog.Summary
        var folder: String
    }

    /// No record id of the previous build may go missing, and no more of its cleared records
    /// than `maxAutoPlanDrop` may leave automatic planning (unless `--allow-drop`).
    static func releaseGates(_ written: Written, previous last: LastBuild?, config: CatalogConfig, options: Options) throws(CatalogError) {
        guard let last else { return }
        let previous = last.summary, folder = last.folder
        let removed = written.diff.removed
        if !removed.isEmpty {
            throw CatalogError(.findings, "release gate: \(removed.count) record ids of build \(previous.manifest.version) are missing (ids are a contract with the planner): \(removed.prefix(10).map(\.id).joined(separator: " "))", .init(file: folder))
        }
        let before = previous.autoPlan, autoPlan = written.autoPlan
        if before > 0, !options.allowDrop {
            let drop = Double(before - autoPlan) / Double(before)
            if drop > config.maxAutoPlanDrop {
                throw CatalogError(.findings, "release gate: records cleared for automatic planning drop from \(before) to \(autoPlan) (\(Int((drop * 100).rounded()))% > \(Int((config.maxAutoPlanDrop * 100).rounded()))% allowed by maxAutoPlanDrop); review them, or pass --allow-drop", .init(file: folder))
            }
        }
    }

    /// The version: given and checked, or proposed from the changes; nil when nothing changed
    /// since the previous build (there is nothing to publish).
    /// `channelChanged`: the build's validity or key rotations differ from the previous build's
    /// (a renewal with nothing else changed is a patch).
    static func decideVersion(_ diff: BuildDiff, previous: LastBuild?, given: SemanticVersion?, channelChanged: Bool = false) throws(CatalogError) -> SemanticVersion? {
        guard let previous else { return given ?? SemanticVersion(1, 0, 0) }
        guard let bump = diff.bump ?? (channelChanged ? .patch : nil) else { return nil }
        if let given { return given }
        let last = previous.summary.manifest.version
        guard let next = last.bumped(bump) else {
            throw CatalogError(.dataError, "the \(bump.rawValue) number of build \(last) is at its largest (\(SemanticVersion.maxPart)), so it cannot be raised; give the new build's version with --version",
                               .init(file: previous.folder))
        }
        return next
    }

    /// Ends the record files, writes the changelog, the manifest and its signature; returns the manifest.
    static func finish(_ written: Written, catalog: Catalog, in temp: String, version: SemanticVersion, previous last: (summary: PublishedCatalog.Summary, path: String)?,
                       coverageChanges: (gained: [Coverage.Cell], lost: [Coverage.Cell]), options: Options) throws(CatalogError) -> Manifest {
        let config = catalog.config, previous = last?.summary
        let total = written.writer.count
        var files = try written.writer.finish(version: version, metadata: [
            ("format", BuildFormat.catalogTag), ("schemaVersion", String(BuildFormat.schemaVersion)),
            ("minReaderSchemaVersion", String(BuildFormat.minReaderSchemaVersion)), ("name", config.buildName),
            ("version", version.description), ("createdAt", options.date),
        ], vocabulary: written.vocabulary)
        let profiles = BuildProfiles.bytes(config.profiles)
        try FileSystem.writeAtomically(temp + "/" + BuildProfiles.file, profiles)
        files[BuildProfiles.file] = Manifest.FileEntry(sha256: SHA256.hex(profiles), bytes: profiles.count)
        let plans = try planGate(in: temp, name: config.buildName, version: version, previous: last, vocabulary: written.vocabulary,
                                 profiles: config.profiles, folder: last.map { catalog.layout.relative($0.path) }, options: options)
        let counts: JSONValue = .object(JSONObject([
            JSONMember("total", .int(total)), JSONMember("autoPlan", .int(written.autoPlan)),
            JSONMember("reasons", .object(JSONObject(written.reasons.keys.sorted().map { JSONMember($0, .int(written.reasons[$0]!)) }))),
        ]))
        let changelog = Array((written.diff.markdown(name: config.buildName, version: version, previous: previous?.manifest.version, total: total, autoPlan: written.autoPlan)
            + Self.coverageMarkdown(coverageChanges) + (plans?.markdown ?? "")).utf8)
        try FileSystem.writeAtomically(temp + "/CHANGELOG.md", changelog)
        files[BuildFormat.changesFile] = try written.changes.finish(version: version, vocabulary: written.vocabulary)
        files["CHANGELOG.md"] = Manifest.FileEntry(sha256: SHA256.hex(changelog), bytes: changelog.count)
        var upstream = JSONObject()
        for source in catalog.sources() {
            let meta = try catalog.meta(source)
            upstream[source] = .object(JSONObject([
                JSONMember("snapshotSha256", .string(meta.snapshotSha256)),
                JSONMember("files", .array(meta.files.map { .object(JSONObject([JSONMember("name", .string($0.name)), JSONMember("sha256", .string($0.sha256))])) })),
            ]))
        }
        let previousJSON: JSONValue = previous.map { p in .object(JSONObject([
            JSONMember("version", .string(p.manifest.version.description)), JSONMember("manifestSha256", .string(p.manifestSha256)),
        ])) } ?? .null
        let manifest = Manifest(name: config.buildName, version: version, createdAt: options.date, counts: counts,
                                upstream: .object(upstream), files: files, previous: previousJSON, validUntil: options.validUntil, keyRotations: options.keyRotations)
        let manifestText = manifest.fileText
        try FileSystem.writeAtomically(temp + "/manifest.json", manifestText)
        if let key = options.signingKey {
            try FileSystem.writeAtomically(temp + "/" + BuildFormat.signatureFile, try Ed25519.sign(Array(manifestText.utf8), privatePEM: key.pem, keyFile: key.file))
        }
        return manifest
    }

    /// Every variantOf names a record of the build that is no copy itself (verify holds a build to it).
    static func variantGate(_ broken: [String]) throws(CatalogError) {
        guard !broken.isEmpty else { return }
        throw CatalogError(.findings, "release gate: variantOf must name a record of the build that is not itself a variant (\(broken.count)): \(broken.prefix(10).joined(separator: "; "))\(broken.count > 10 ? "; …" : ""); review them")
    }

    /// The lint gate; its error names the first file with an error.
    static func lintGate(_ tally: LintTally) throws(CatalogError) {
        guard tally.errors > 0 else { return }
        let files = tally.files == 1 ? "" : " in \(tally.files) review files"
        throw CatalogError(.findings, "release gate: lint reports \(tally.errors) error\(tally.errors == 1 ? "" : "s")\(files); run `catalog lint` and fix them",
                           .init(file: tally.first))
    }

    /// The coverage gate: a profile/level/muscle cell that had at least `coverage.min` cleared
    /// primary candidates in the previous build must still have them. Returns the cells that
    /// gained or lost coverage, for the changelog.
    static func coverageGate(_ coverage: Coverage, previous: Coverage?, folder: String?, min: Int, allow: Bool) throws(CatalogError) -> (gained: [Coverage.Cell], lost: [Coverage.Cell]) {
        guard let previous else { return ([], []) }
        let changes = coverage.changes(from: previous, min: min)
        let drops = changes.lost
        if !drops.isEmpty && !allow {
            let cells = drops.prefix(12).map { "\($0.after.profile)/\($0.after.level)/\($0.after.muscle) \($0.before.primary) → \($0.after.primary)" }
            throw CatalogError(.findings, "release gate: coverage drops below \(min) cleared primary candidates in \(drops.count) cell\(drops.count == 1 ? "" : "s") (profile/level/muscle): \(cells.joined(separator: ", "))\(drops.count > 12 ? ", …" : ""); review them, or pass --allow-coverage-drop", .init(file: folder))
        }
        return (changes.gained.map(\.after), changes.lost.map(\.after))
    }

    static func coverageMarkdown(_ changes: (gained: [Coverage.Cell], lost: [Coverage.Cell])) -> String {
        guard !changes.gained.isEmpty || !changes.lost.isEmpty else { return "" }
        var out = "\n## Coverage\n\n"
        for (verb, cells) in [("lost", changes.lost), ("gained", changes.gained)] {
            for cell in cells { out += "- \(verb): \(cell.profile) / \(cell.level) / \(cell.muscle) (\(cell.primary) cleared primary candidates)\n" }
        }
        return out
    }
}
