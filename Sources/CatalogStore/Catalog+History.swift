import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import Foundation

/// Undo: a record's most recent change not yet undone, reverted from its history entry, through
/// the same save as every door (so the undo is itself an entry, and nothing is written when the
/// file no longer holds what that change wrote).
extension Catalog {
    public var history: ReviewHistory { ReviewHistory(layout: layout) }

    /// What one undo did: the entry it reverted (its number, 1-based) and whether the review file
    /// went away (the change created it).
    public struct Undone: Sendable, Equatable {
        public let source: String
        public let id: String
        public let entry: Int
        public let removedFile: Bool
    }

    /// Reverts the record's most recent change not yet undone (repeated, it walks further back).
    /// Call inside `withReviewLock`.
    public func undo(source: String, id: String, context: HistoryContext) throws(CatalogError) -> Undone {
        let entries = try history.entries(source: source, id: id)
        let undone = Set(entries.compactMap(\.undoes))
        guard let index = entries.indices.last(where: { entries[$0].door != .undo && !undone.contains($0 + 1) }) else {
            throw CatalogError(.findings, entries.isEmpty ? "\(source):\(id) has no history to undo" : "every change of \(source):\(id) is undone already",
                               .init(file: layout.relative(history.file(source: source, id: id)), record: "\(source):\(id)"))
        }
        return try revert(source: source, id: id, entries: entries, number: index + 1, context: context)
    }

    /// Reverts every record's change of the bulk step or `accept` `batch` (its latest entry of
    /// the batch not undone). A record changed since is left alone and listed with why.
    /// Call inside `withReviewLock`.
    public func undo(batch: String, context: HistoryContext) throws(CatalogError) -> (undone: [Undone], refused: [(record: String, why: String)]) {
        var undone: [Undone] = []
        var refused: [(String, String)] = []
        var seen = false
        for (source, id) in history.records() {
            let entries = try history.entries(source: source, id: id)
            let reverted = Set(entries.compactMap(\.undoes))
            guard let index = entries.indices.last(where: { entries[$0].batch == batch && entries[$0].door != .undo && !reverted.contains($0 + 1) }) else {
                seen = seen || entries.contains { $0.batch == batch }
                continue
            }
            seen = true
            do {
                undone.append(try revert(source: source, id: id, entries: entries, number: index + 1, context: context))
            } catch where error.kind == .conflict {
                refused.append(("\(source):\(id)", error.message))
            }
        }
        guard seen else { throw CatalogError(.noInput, "no history entry has the batch \(CatalogError.quote(batch))", .init(file: layout.relative(history.directory))) }
        return (undone, refused)
    }

    /// Writes the review as it was before entry `number`.
    private func revert(source: String, id: String, entries: [HistoryEntry], number: Int, context: HistoryContext) throws(CatalogError) -> Undone {
        let file = layout.relativeReviewFile(source: source, id: id)
        let bytes = try reviews.bytes(source: source, id: id)
        var current: JSONObject?
        if let bytes {
            do { current = try JSONParser.parse(bytes).objectValue } catch { throw CatalogError.data("the review does not parse: \(error.message)", file: file) }
        }
        var context = context
        context.undoes = number
        let entry = entries[number - 1]
        let restored: JSONObject?
        do { restored = try entry.reverted(current) } catch {
            throw CatalogError(error.kind, "cannot undo entry \(number) (\(entry.at), \(entry.editor)): \(error.message)", .init(file: file, record: "\(source):\(id)"))
        }
        guard let restored else {
            try reviews.remove(source: source, id: id, expected: SHA256.hex(bytes ?? []), history: context)
            return Undone(source: source, id: id, entry: number, removedFile: true)
        }
        let review = try reviews.parse(Array(JSONWriter.string(.object(restored), style: .pretty).utf8), source: source, id: id)
        try saveReview(review, expected: bytes.map { SHA256.hex($0) }, history: context)
        return Undone(source: source, id: id, entry: number, removedFile: false)
    }
}
