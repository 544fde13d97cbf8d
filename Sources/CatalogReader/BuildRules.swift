import CatalogModel
import Foundation

/// What verify holds a build's files and records to beyond their digests: digests only show
/// the files agree with a manifest anyone can recompute, so these are the checks an unsigned
/// build can still fail (issue 16).
public enum BuildRules {
    /// Why `name`, a file name listed in a manifest, cannot name a file of the build (nil when
    /// it can): a plain name inside the build folder, nothing that walks out of it or hides.
    public static func fileNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.hasPrefix(".") { return "starts with '.'" }
        for scalar in name.unicodeScalars {
            if scalar == "/" || scalar == "\\" { return "contains a path separator: only plain names inside the build are read" }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format {
                return "contains a control or invisible character"
            }
        }
        return name.utf8.count > 255 ? "is longer than 255 bytes" : nil
    }

    /// Why a build's file may not be read.
    public enum FileProblem: Sendable, Equatable, CustomStringConvertible {
        case missing
        /// Any other reason, as people read it.
        case refused(String)

        public var description: String {
            switch self {
            case .missing: return "missing"
            case .refused(let why): return why
            }
        }
    }

    /// Why the build's file `name` may not be read (nil when it may): only regular files, never
    /// links (a link could name any file on the machine, or a device that never ends).
    public static func fileKindProblem(directory: String, name: String) -> FileProblem? {
        var info = stat()
        guard lstat(directory + "/" + name, &info) == 0 else { return errno == ENOENT ? .missing : .refused("cannot be read: \(String(cString: strerror(errno)))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return .refused("is a symbolic link: a build holds only regular files")
        case S_IFDIR: return .refused("is a folder: a build holds only regular files")
        default: return .refused("is not a regular file (a FIFO, device or socket): not read")
        }
    }

    /// The contract's invariants of one record, and for a record cleared for automatic planning
    /// the values it must have: with `vocabulary` (the build's own, or one verify was given),
    /// every pattern, equipment item, muscle, joint, mechanic and laterality must be the
    /// vocabulary's. The first broken one (field and why), nil when none is.
    /// A record of a schema 1 build has no planner-scoring keys to hold to anything.
    public static func recordProblem(_ e: Exercise, vocabulary: BuildVocabulary?, schema: Int = BuildFormat.schemaVersion) -> (field: String, message: String)? {
        if e.autoPlan != e.reasons.isEmpty {
            return ("autoPlan", e.autoPlan ? "is true but the record carries reasons" : "is false but the record carries no reason")
        }
        var codes = Set<ReasonCode>()
        for code in e.reasonCodes where !codes.insert(code).inserted { return ("reasons", "reason code \(code.rawValue) twice") }
        for (muscle, credit) in e.setCredit where !(credit > 0 && credit <= 1) {
            return ("setCredit", "\(CatalogError.quote(muscle)): \(credit) is outside (0, 1]")
        }
        if let confidence = e.confidence, !(0...1).contains(confidence) { return ("confidence", "\(confidence) is outside 0–1") }
        if schema >= 2, let problem = variantProblem(e) { return problem }
        // A held-back record may carry the invalid value that holds it back (FIELD_INVALID):
        // values are checked where the planner trusts them.
        guard e.autoPlan else { return nil }
        if let level = e.level, !BuildFormat.levels.contains(level) { return ("level", "\(CatalogError.quote(level)) is not a level") }
        if let seconds = e.setupSeconds, !(0...600).contains(seconds) { return ("setupSeconds", "\(seconds) is outside 0–600") }
        guard let vocabulary else { return nil }
        return vocabularyProblem(e, vocabulary)
    }

    /// A copy carries VARIANT naming what `variantOf` names, and nothing else does; a record is
    /// no copy of itself.
    static func variantProblem(_ e: Exercise) -> (field: String, message: String)? {
        let of = e.reasons.first { $0.code == .variant }?.details.objectValue?["of"]?.stringValue
        switch (e.variantOf, e.reasonCodes.contains(.variant)) {
        case (let variantOf?, true) where variantOf != of:
            return ("reasons", "VARIANT names \(CatalogError.quote(of ?? "nothing")) where variantOf is \(CatalogError.quote(variantOf))")
        case (let variantOf?, _) where variantOf == e.id: return ("variantOf", "names the record itself")
        case (_?, false): return ("variantOf", "is set but the record carries no VARIANT reason")
        case (nil, true): return ("reasons", "VARIANT without a variantOf")
        default: return nil
        }
    }

    static func vocabularyProblem(_ e: Exercise, _ build: BuildVocabulary) -> (field: String, message: String)? {
        let vocabulary = build.vocabulary
        if let pattern = e.movementPattern, !vocabulary.patternIDs.contains(pattern) {
            return ("movementPattern", "\(CatalogError.quote(pattern)) is in no movement pattern of the vocabulary")
        }
        for item in e.equipment ?? [] where !vocabulary.equipmentIDs.contains(item) {
            return ("equipment", "\(CatalogError.quote(item)) is no equipment item of the vocabulary")
        }
        for (field, muscles) in [("primaryMuscles", e.primaryMuscles), ("secondaryMuscles", e.secondaryMuscles)] {
            for m in muscles where !vocabulary.muscleOrGroupIDs.contains(m) { return (field, "\(CatalogError.quote(m)) is no muscle or group of the vocabulary") }
        }
        // Sorted to name the first in order, only when there is one to name.
        if e.setCredit.keys.contains(where: { !vocabulary.muscleIDs.contains($0) }) {
            for m in e.setCredit.keys.sorted() where !vocabulary.muscleIDs.contains(m) {
                return ("setCredit", "\(CatalogError.quote(m)) is no muscle of the vocabulary")
            }
        }
        for joint in e.jointStress ?? [] where !vocabulary.jointIDs.contains(joint) {
            return ("jointStress", "\(CatalogError.quote(joint)) is no joint of the vocabulary")
        }
        if let mechanic = e.mechanic, !build.mechanics.contains(mechanic) {
            return ("mechanic", "\(CatalogError.quote(mechanic)) is none of the vocabulary's mechanics (\(build.mechanics.joined(separator: ", ")))")
        }
        if let laterality = e.laterality, !build.lateralities.contains(laterality) {
            return ("laterality", "\(CatalogError.quote(laterality)) is none of the vocabulary's lateralities (\(build.lateralities.joined(separator: ", ")))")
        }
        return nil
    }
}
