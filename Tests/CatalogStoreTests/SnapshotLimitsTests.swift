import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
@testable import CatalogStore
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// A snapshot is held to import's limits (issue 35, finding 13): a line that never ends was
/// read in quadratic time (400 MB of zeros appended: 16.7 s; 3 GB never ended), and a 100 MB
/// name in a snapshot line was accepted although import refuses any value over 64 KiB.
@Suite struct SnapshotLimitsTests {
    static let good = "{\"id\":\"0001\",\"name\":\"squat\"}\n{\"id\":\"0002\",\"name\":\"row\"}\n"

    /// A line of 16 MiB of zeros without a newline after two good ones: a located error
    /// (file and line) saying the line is too long, from every reader of the snapshot.
    @Test func aLineWithoutEndIsRefusedNamingTheFileAndLine() throws {
        let dir = TempDirectory()
        let path = dir.write("s.jsonl", Array(Self.good.utf8) + [UInt8](repeating: 0, count: 16 << 20))
        var seen: [String] = []
        #expect {
            try Snapshot.walk(path: path, file: "s.jsonl", transform: { record, _, _ in record.id }) { id, _ throws(CatalogError) in seen.append(id) }
        } throws: { error in
            let e = error as? CatalogError
            return e?.kind == .dataError && e?.location.file == "s.jsonl" && e?.location.line == 3 && e?.message.contains("longer than") == true
        }
        #expect(seen == ["0001", "0002"])
        #expect {
            _ = try Snapshot.decode(try FileSystem.read(path), file: "s.jsonl").count
        } throws: { error in
            let e = error as? CatalogError
            return e?.location.line == 3 && e?.message.contains("longer than") == true
        }
    }

    /// A name one byte over import's value limit, in an otherwise valid line: refused like
    /// import refuses it, naming the line and the field, by the walk and by a whole-file read.
    @Test func aValueOverImportsLimitIsRefusedInASnapshotLine() throws {
        let dir = TempDirectory()
        let name = String(repeating: "a", count: UpstreamRecord.maxValueBytes + 1)
        let path = dir.write("s.jsonl", Self.good + "{\"id\":\"0003\",\"name\":\"\(name)\"}\n")
        #expect {
            try Snapshot.walk(path: path, file: "s.jsonl", transform: { record, _, _ in record.id }) { _, _ throws(CatalogError) in }
        } throws: { error in
            let e = error as? CatalogError
            return e?.kind == .dataError && e?.location.line == 3 && e?.location.field == "name" && e?.message.contains("limit") == true
        }
        #expect {
            _ = try Snapshot.decode(try FileSystem.read(path), file: "s.jsonl").count
        } throws: { ($0 as? CatalogError)?.location.field == "name" }
        // At the limit it reads.
        let atLimit = dir.write("ok.jsonl", Self.good + "{\"id\":\"0003\",\"name\":\"\(name.dropLast())\"}\n")
        #expect(try Snapshot.decode(try FileSystem.read(atLimit), file: "ok.jsonl").count == 3)
    }

    /// The catalog's own snapshot with a line of zeros appended: the index refresh (`status`)
    /// and the next import (which reads the previous snapshot) both stop with exit 65 naming
    /// the snapshot and the line, and change no file.
    @Test func theCommandsNameTheSnapshotLineThatIsTooLong() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let snapshot = dir.path + "/catalog/upstream/exercisedb.jsonl"
        let lines = try String(contentsOfFile: snapshot, encoding: .utf8).split(separator: "\n").count
        let handle = try #require(FileHandle(forWritingAtPath: snapshot))
        handle.seekToEndOfFile()
        handle.write(Data(count: 16 << 20))
        try handle.close()
        try? FileManager.default.removeItem(atPath: dir.path + "/.catalog")
        let before = treeHashes(dir.path)
        for arguments in [["status"], ["import", TestPaths.sampleNext]] {
            let result = runInProcess(arguments, in: dir.path)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("longer than"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("(catalog/upstream/exercisedb.jsonl:\(lines + 1))"), "\(arguments): \(result.stderr)")
            #expect(treeHashes(dir.path) == before, "\(arguments)")
        }
    }
}
