import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogSQLite

extension CatalogIndex {
    /// `source`'s word counts for its snapshot as it is (`signature`): as stored, or `count`ed
    /// and stored for the commands after. Where the index cannot be written, they are counted
    /// and not kept.
    func lexiconCounts(source: String, signature: String, count: () throws(CatalogError) -> [String: Int]) throws(CatalogError) -> [String: Int] {
        let stored = try mapped { () throws -> [String: Int]? in
            guard try database.rows("SELECT signature FROM lexiconSources WHERE source = ?", [.text(source)]).first?[0].text == signature else { return nil }
            let select = try database.prepare("SELECT word, count FROM lexicon WHERE source = ?")
            try select.bind([.text(source)])
            var counts: [String: Int] = [:]
            while try select.step() { counts[select.text(0)] = select.int(1) }
            return counts
        }
        if let stored { return stored }
        let counts = try count()
        try mapped {
            do {
                try database.inTransaction {
                    try database.prepare("DELETE FROM lexicon WHERE source = ?").run([.text(source)])
                    let insert = try database.prepare("INSERT INTO lexicon (source, word, count) VALUES (?, ?, ?)")
                    for (word, n) in counts { try insert.run([.text(source), .text(word), .int(Int64(n))]) }
                    try database.prepare("INSERT OR REPLACE INTO lexiconSources (source, signature) VALUES (?, ?)").run([.text(source), .text(signature)])
                }
            } catch where Catalog.cannotWrite(error) {
                // Not kept where the index cannot be written: counted again next time.
            }
        }
        return counts
    }
}
