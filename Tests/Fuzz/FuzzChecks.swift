// The properties each fuzz target checks. Shared with the regression tests, which replay every
// input the fuzzers ever found (Tests/Fuzz/regressions/<target>/) through the same functions.
import CatalogCore
import CatalogImporters
import CatalogJSON
import CatalogMedia
import CatalogModel
import CatalogRecords
import Foundation

enum FuzzChecks {
    static func run(_ bytes: [UInt8]) {
        #if FUZZ_JSON
        json(bytes)
        #elseif FUZZ_IMPORT
        importers(bytes)
        #elseif FUZZ_CANONICAL
        canonical(bytes)
        #elseif FUZZ_GIF
        gif(bytes)
        #elseif FUZZ_REVIEW
        review(bytes)
        #elseif FUZZ_DIFF
        diff(bytes)
        #elseif FUZZ_MANIFEST
        FuzzManifestChecks.run(bytes)
        #elseif FUZZ_SERVER
        FuzzServerChecks.run(bytes)
        #endif
    }

    /// Parsing never crashes; what parses writes back to a document that parses to the same value.
    static func json(_ bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes) else { return }
        let written = JSONWriter.bytes(value)
        guard let again = try? JSONParser.parse(written) else { fatalError("canonical output does not parse") }
        precondition(again == value, "round trip changed the value")
        precondition(JSONWriter.bytes(again) == written, "canonical output is not stable")
    }

    /// Every adapter either returns valid records or a located error; never a crash.
    static func importers(_ bytes: [UInt8]) {
        guard let input = try? ImportInput(path: "fuzz", bytes: bytes) else { return }
        for adapter in Adapters.all {
            guard let records = try? adapter.records(from: [input], options: ImportOptions()) else { continue }
            for record in records {
                precondition(RecordID.problem(with: record.id) == nil, "an adapter let an invalid id through")
                _ = CanonicalText(record: record, fields: UpstreamRecord.sharedFields, htmlFields: adapter.htmlFields).fingerprint
                precondition((try? UpstreamRecord(json: record.json)) == record, "a record does not survive its snapshot line")
            }
        }
    }

    /// Canonical text of any string, plain or HTML: no crash, normalisation is idempotent.
    static func canonical(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let once = TextNormalizer.normalize(text)
        precondition(TextNormalizer.normalize(once) == once, "normalisation is not idempotent")
        let record = UpstreamRecord(id: "x", fields: [JSONMember("name", .string(text)), JSONMember("instructions", .strings([text, once]))])
        let plain = CanonicalText(record: record, fields: UpstreamRecord.sharedFields)
        let html = CanonicalText(record: record, fields: UpstreamRecord.sharedFields, htmlFields: ["instructions"])
        precondition(!plain.text.contains("\n\n") && !html.text.contains("\n\n"), "an empty line in canonical text")
    }

    /// GIF facts: no crash, no runaway memory on hostile files.
    static func gif(_ bytes: [UInt8]) {
        if case .success(let facts) = GIFInfo.read(bytes) {
            precondition(facts.frames > 0 && facts.width > 0 && facts.height > 0)
        }
    }

    /// Review files: parse or a located error; what parses writes back to itself.
    static func review(_ bytes: [UInt8]) {
        guard let review = try? Review.parse(bytes, file: "fuzz") else { return }
        let again = try? Review.parse(Array(review.fileText.utf8), file: "fuzz")
        precondition(again == review, "a review does not survive its own file format")
    }

    /// Word diffs of two texts (split at the first NUL byte): the segments rebuild both texts
    /// byte for byte, and classifying the change never crashes and keeps planner lists substantive.
    static func diff(_ bytes: [UInt8]) {
        let cut = bytes.firstIndex(of: 0) ?? bytes.count / 2
        let old = String(decoding: bytes[..<cut], as: UTF8.self)
        let new = String(decoding: bytes[min(cut + 1, bytes.count)...], as: UTF8.self)
        precondition(Array(WordTokens.split(old).joined().utf8) == Array(old.utf8), "tokens do not join to the text")
        let ends = WordTokens.commonEnds(old, new)
        func tokens(_ text: String) -> [[UInt8]] { WordTokens.split(text).map { Array($0.utf8) } }
        precondition(tokens(ends.prefix) + tokens(ends.old) + tokens(ends.suffix) == tokens(old), "a cut split a token")
        precondition(tokens(ends.prefix) + tokens(ends.new) + tokens(ends.suffix) == tokens(new), "a cut split a token")
        let diff = WordDiff(old: old, new: new)
        precondition(Array(diff.oldText.utf8) == Array(old.utf8), "equal+delete+move-from is not the old text")
        precondition(Array(diff.newText.utf8) == Array(new.utf8), "equal+insert+move-to is not the new text")
        precondition(diff.hasChanges == !old.utf8.elementsEqual(new.utf8), "a diff of different texts without changes")
        precondition(!diff.segments.contains { $0.text.isEmpty }, "an empty segment")
        _ = diff.plainText
        _ = FieldChange.classify(field: "name", old: old, new: new, lexicon: .empty)
        _ = FieldChange.classify(field: "instructions", old: old, new: new, lexicon: .empty)
        if old != new { precondition(FieldChange.classify(field: "equipment", old: old, new: new, lexicon: .empty).kind == .substantive, "an equipment change not substantive") }
    }
}
