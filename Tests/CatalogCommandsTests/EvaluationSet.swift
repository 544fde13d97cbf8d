import CatalogCore
import CatalogJSON
import CatalogModel
import Foundation
import TestSupport

/// The project's evaluation set (eval/exercisedb-labels.tsv) as eval/eval.py reads it, for tests
/// that judge what a command confirmed on the real catalog by the check half only.
enum EvaluationSet {
    static let fields = ["movementPattern", "equipment", "primaryMuscles", "planning"]

    /// eval.py's `half`: the check half is the ids whose SHA-256 of "eval-split:" + id starts with an odd byte.
    static func inCheckHalf(_ id: String) -> Bool {
        Array("eval-split:\(id)".utf8).withUnsafeBytes { SHA256.digest($0)[0] % 2 == 1 }
    }

    /// id → field → label ('?' left out; '-' an empty list; planning "auto" or "manual-only").
    static func labels() throws -> [String: [String: [String]]] {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/eval/exercisedb-labels.tsv", encoding: .utf8)
        var out: [String: [String: [String]]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count == 6 else { continue }
            var fields: [String: [String]] = [:]
            for (field, value) in zip(["movementPattern", "equipment", "primaryMuscles", "planning"], [cols[1], cols[2], cols[3], cols[5]]) where value != "?" {
                fields[field] = field == "planning" ? [value == "manual" ? "manual-only" : "auto"]
                    : value == "-" ? [] : value.split(separator: ",").map(String.init)
            }
            out[cols[0]] = fields
        }
        return out
    }

    /// Of `ids` in the check half, per field: how many the review files under `reviews` have
    /// right (eval.py's `correct`), and how many were judged (labelled and confirmed).
    static func checkHalfScore(of ids: [String], reviews: String) throws -> (right: [String: Int], judged: [String: Int]) {
        let vocabulary = try Vocabulary.load(DefaultVocabulary.documents, directory: "defaults")
        let labels = try labels()
        var right: [String: Int] = [:], judged: [String: Int] = [:]
        for id in ids where inCheckHalf(id) {
            guard let label = labels[id], let data = FileManager.default.contents(atPath: "\(reviews)/\(id).json"),
                  let review = try JSONParser.parse(Array(data)).objectValue else { continue }
            let corrections = review["corrections"]?.objectValue
            for field in fields {
                guard let expected = label[field] else { continue }
                let value = field == "planning" ? review["planning"]?.objectValue?["mode"] : corrections?[field]?.objectValue?["value"]
                guard let value else { continue }
                let got = value.arrayValue?.compactMap(\.stringValue) ?? value.stringValue.map { [$0] } ?? []
                judged[field, default: 0] += 1
                if correct(field, got, expected, vocabulary) { right[field, default: 0] += 1 }
            }
        }
        return (right, judged)
    }

    static func correct(_ field: String, _ got: [String], _ label: [String], _ vocabulary: Vocabulary) -> Bool {
        guard field == "primaryMuscles" else { return got.sorted() == label.sorted() }
        return !got.isEmpty && got.contains { vocabulary.covers($0, label[0]) } && got.allSatisfy { g in label.contains { vocabulary.covers(g, $0) } }
    }
}
