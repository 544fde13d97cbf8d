@testable import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// A history entry's changes and line: the review written is read from its value, not from its
/// file parsed back, and the line is written member by member; both must be what the file and
/// the canonical writer make of the same review.
@Suite struct HistoryEntryTests {
    /// Reviews with every kind of member the file can hold.
    func reviews() -> [Review] {
        let text = ReviewFixtures.canonical(ReviewFixtures.record())
        var full = ReviewFixtures.review(confidence: 0.85)
        full.set(.jointStress, .strings(["knee", "hip"]), replaced: .strings(["x"]), canonical: text, media: "sha256:ab", editor: "e", date: "2026-11-03")
        full.set(.setupSeconds, .int(90), replaced: .null, canonical: text, editor: "e\u{E9}", date: "2026-11-03", via: .suggestion)
        full.planning = .manualOnly(reason: "needs a spotter \"here\"\n")
        full.note = "checked \\ against the video \u{1}"
        full.exceptions = ["secondary-count": "compound lift", "\u{E9}cart": "why", "Zed": "upper case first"]
        var sparse = Review(source: "exercisedb", id: "0001")
        sparse.planning = .manualOnly(reason: "")
        sparse.confidence = 1
        var tiny = Review(source: "exercisedb", id: "0002")
        tiny.confidence = 0.1 + 0.2
        return [full, sparse, tiny, Review(source: "exercisedb", id: "0003")]
    }

    /// The same keys and values, in the same (key) order.
    @Test func aReviewsKeysFromItsValueAreTheKeysOfItsFile() throws {
        for review in reviews() {
            #expect(HistoryEntry.members(of: review) == (try HistoryEntry.members(review.fileBytes)), "\(review.id)")
        }
    }

    /// Changes from one review to another, and from none, are those of the two files parsed; the
    /// line is the canonical compact writing of the entry, one line.
    @Test func changesAndTheLineAreWhatTheFilesAndTheCanonicalWriterMake() throws {
        let all = reviews()
        for (old, new) in zip([nil] + all, all + [all[0]]) {
            let changes = try HistoryEntry.changes(from: old?.fileBytes, to: new)
            let dictionary = { (members: [JSONMember]) in Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) }) }
            let byFiles = dictionary(try HistoryEntry.members(old?.fileBytes)), after = dictionary(try HistoryEntry.members(new.fileBytes))
            #expect(changes.map(\.key) == Set(byFiles.keys).union(after.keys).filter { byFiles[$0] != after[$0] }.sorted { $0.precedesInUTF8($1) })
            for change in changes { #expect(change.from == byFiles[change.key] ?? .null && change.to == after[change.key] ?? .null) }
            for entry in [HistoryEntry(at: "2026-10-29T00:00:00Z", editor: "ana \"b\"", door: .bulk, batch: "b1", created: old == nil, changes: changes),
                          HistoryEntry(at: "2026-10-29T00:00:00Z", editor: "ana", door: .undo, undoes: 12, removed: true, changes: changes)] {
                let line = entry.line
                #expect(line.last == 0x0A && !line.dropLast().contains(0x0A))
                #expect(JSONWriter.bytes(try JSONParser.parse(Array(line.dropLast()))) == Array(line.dropLast()))
                #expect(try HistoryEntry(line: line.dropLast()[...], file: "h", line: 1) == entry)
            }
        }
    }

    /// The line of a file created, written straight from the review, is the line of its entry.
    @Test func aCreatedFilesLineIsTheLineOfItsEntry() throws {
        for review in reviews() {
            for (batch, undoes) in [("b1", nil), (nil, 3)] as [(String?, Int?)] {
                let entry = HistoryEntry(at: "2026-10-29T00:00:00Z", editor: "ana \"b\"", door: .bulk, batch: batch, undoes: undoes, created: true,
                                         changes: try HistoryEntry.changes(from: nil, to: review))
                #expect(HistoryEntry.createdLine(review, at: entry.at, editor: entry.editor, door: entry.door, batch: batch, undoes: undoes) == entry.line,
                        "\(review.id)")
            }
        }
    }
}
