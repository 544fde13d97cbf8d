import CatalogJSON
import CatalogModel
import CatalogRecords

/// A reviewed record whose upstream text moved since the review: what changed and how.
public struct StaleRecord: Sendable {
    public var source: String
    public var id: String
    public var name: String
    /// Upstream fields whose text changed, in fingerprint order.
    public var fields: [String]
    /// The record's kind: its most serious field's, or `media` when the animation changed too.
    public var kind: ChangeKind
    /// Per changed field, its kind and the word diff of the review's basis text against today's.
    public var diffs: [(field: String, kind: ChangeKind, diff: WordDiff)]
    /// Per changed field, what the classifier saw (`repaired: windows-1252`, `folded: quotes`).
    public var details: [String: [String]] = [:]
    /// Planner fields the changed text bears on.
    public var plannerFields: [PlannerField]
    /// Corrections made on older text.
    public var corrections: [PlannerField]
    /// The basis fingerprint the diff is against, and today's.
    public var basisFingerprint: String
    public var fingerprint: String
    /// The review has no basis text for a stale fingerprint (a hand-edited file).
    public var basisMissing: Bool
    /// The animation the review was made against and today's, when it changed.
    public var mediaChange: (old: String, new: String)?

    public var json: JSONValue {
        .object(JSONObject([
            JSONMember("id", .string(id)),
            JSONMember("source", .string(source)),
            JSONMember("name", .string(name)),
            JSONMember("fields", .strings(fields)),
            JSONMember("kind", .string(kind.rawValue)),
            JSONMember("plannerFields", .strings(plannerFields.map(\.rawValue))),
            JSONMember("corrections", .strings(corrections.map(\.rawValue))),
            JSONMember("basisFingerprint", .string(basisFingerprint)),
            JSONMember("fingerprint", .string(fingerprint)),
            JSONMember("basisMissing", .bool(basisMissing)),
            JSONMember("media", mediaChange.map { .object(JSONObject([JSONMember("old", .string($0.old)), JSONMember("new", .string($0.new))])) } ?? .null),
            JSONMember("diff", .object(JSONObject(diffs.map { JSONMember($0.field, .object(JSONObject([
                JSONMember("kind", .string($0.kind.rawValue)), JSONMember("details", .strings(details[$0.field] ?? [])),
                JSONMember("segments", $0.diff.json),
            ]))) }))),
        ]))
    }

    /// A name changed: its kind depends on the catalog's lexicon (`FieldChange.classify`).
    public var needsLexicon: Bool { fields.contains { FieldChange.nameFields.contains($0) } }

    /// The planner fields an upstream field's text bears on.
    public static func plannerFields(of upstreamField: String) -> [PlannerField] {
        switch upstreamField {
        case "name": return [.movementPattern, .equipment, .level]
        case "bodyPart", "target": return [.primaryMuscles]
        case "equipment": return [.equipment, .setupSeconds]
        case "secondaryMuscles": return [.secondaryMuscles]
        default: return PlannerField.allCases
        }
    }

    /// The stale part of `review` against today's canonical text, or nil when it is current.
    /// `lexicon`: the catalog's words (`Catalog.lexicon()`), for changed names.
    public static func analyze(review: Review, name: String, canonical: CanonicalText, media: MediaInfo? = nil, fields: [String],
                               lexicon: CatalogLexicon) -> StaleRecord? {
        let today = canonical.fingerprint.value
        let stale = review.corrections.filter { $0.value.isStale(fingerprint: today, media: media?.digest) }
        guard !stale.isEmpty else { return nil }
        // The animation most stale corrections were made on (ties: the smallest digest), stably.
        var mediaUses: [String: Int] = [:]
        for c in stale.values { if let m = c.media, m != media?.digest { mediaUses[m, default: 0] += 1 } }
        let oldMedia = mediaUses.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        let textStale = stale.values.contains { $0.fingerprint != today }
        if !textStale, let oldMedia, let media {
            return StaleRecord(source: review.source, id: review.id, name: name, fields: [], kind: .media, diffs: [], details: [:],
                               plannerFields: PlannerField.allCases, corrections: stale.keys.sorted(), basisFingerprint: today,
                               fingerprint: today, basisMissing: false, mediaChange: (oldMedia, media.digest))
        }
        // Diff against the basis most of the stale corrections were made on.
        var uses: [String: Int] = [:]
        for c in stale.values where c.fingerprint != today { uses[c.fingerprint, default: 0] += 1 }
        let basisFingerprint = uses.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
        let oldText = review.basis[basisFingerprint]
        var diffs: [(String, ChangeKind, WordDiff)] = []
        var details: [String: [String]] = [:]
        var changed: [String] = []
        if let oldText {
            let old = fieldTexts(oldText), new = fieldTexts(canonical.text)
            for field in fields where old[field] != new[field] {
                let a = old[field] ?? "", b = new[field] ?? ""
                let change = FieldChange.classify(field: field, old: a, new: b, lexicon: lexicon)
                changed.append(field)
                diffs.append((field, change.kind, WordDiff(old: a, new: b)))
                details[field] = change.details
            }
        }
        let newMedia = oldMedia.flatMap { old in media.map { (old, $0.digest) } }
        let kind = (diffs.map(\.1) + (newMedia == nil ? [] : [.media])).max() ?? .substantive
        var planner = Set<PlannerField>()
        for field in changed { planner.formUnion(plannerFields(of: field)) }
        if oldText == nil { planner = Set(PlannerField.allCases) }
        return StaleRecord(
            source: review.source, id: review.id, name: name, fields: changed, kind: oldText == nil ? .substantive : kind, diffs: diffs,
            details: details, plannerFields: planner.sorted(), corrections: stale.keys.sorted(), basisFingerprint: basisFingerprint,
            fingerprint: today, basisMissing: oldText == nil, mediaChange: newMedia)
    }

    /// Field name → its values, one per line, from a canonical text.
    public static func fieldTexts(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        var text = text
        // By bytes: revalidation splits every stale record's texts (thousands at scale).
        text.withUTF8 { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x0A {
                defer { start = end + 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                guard line.count >= 2, let colon = (0..<(line.count - 1)).first(where: { line[$0] == 0x3A && line[$0 + 1] == 0x20 }) else { continue }
                let field = String(decoding: UnsafeBufferPointer(rebasing: line[..<colon]), as: UTF8.self)
                let value = String(decoding: UnsafeBufferPointer(rebasing: line[(colon + 2)...]), as: UTF8.self)
                out[field] = out[field].map { $0 + "\n" + value } ?? value
            }
        }
        return out
    }
}

extension Review {
    /// Re-confirms every correction against today's text (an editor's explicit decision): the
    /// corrections move to today's fingerprint and basis, with the accepting editor and date.
    public mutating func accept(canonical: CanonicalText, media: MediaInfo? = nil, editor: String, date: String) {
        let today = canonical.fingerprint.value
        for field in corrections.keys where corrections[field]!.isStale(fingerprint: today, media: media?.digest) {
            corrections[field]!.fingerprint = today
            if let media { corrections[field]!.media = media.digest }
            corrections[field]!.editor = editor
            corrections[field]!.date = date
            corrections[field]!.via = .accept
        }
        basis[today] = canonical.text
        pruneBasis()
    }
}
