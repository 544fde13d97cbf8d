import CatalogFileWrites
import CatalogFiles
import CatalogModel
import Foundation
import TestSupport
import Testing

/// Atomic writes, journaled replacements and the one gate every read goes through.
@Suite struct FileSystemTests {
    @Test func atomicWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let dir = TempDirectory()
        let path = dir.path + "/sub/file.json"
        try FileSystem.writeAtomically(path, "one")
        try FileSystem.writeAtomically(path, "two")
        #expect(dir.read("sub/file.json") == "two")
        #expect(FileSystem.list(dir.path + "/sub") == ["file.json"])
    }

    @Test func manyFilesAreReplacedWithNoTemporaryLeft() throws {
        let dir = TempDirectory()
        let files = (0..<50).map { i in (path: dir.path + "/r/\(i).json", bytes: Array("review \(i)\n".utf8)) }
        try FileSystem.writeAtomically(many: files)
        try FileSystem.writeAtomically(many: files.map { ($0.path, $0.bytes + Array("again\n".utf8)) })
        for i in 0..<50 { #expect(dir.read("r/\(i).json") == "review \(i)\nagain\n") }
        #expect(FileSystem.list(dir.path + "/r").count == 50)
    }

    @Test func aMissingFileIsExit66WithItsPath() {
        #expect {
            try FileSystem.read("/nonexistent/x.json")
        } throws: { error in
            let e = error as? CatalogError
            return e?.kind.exitCode == 66 && e?.location.file == "/nonexistent/x.json"
        }
    }

    @Test func aFileAboveTheLimitIsRefusedAndAFIFOIsNeverWaitedOn() throws {
        let dir = TempDirectory()
        let big = dir.write("big.json", [UInt8](repeating: 0x20, count: 1000))
        #expect(throws: CatalogError.self) { try FileSystem.read(big, limit: 999) }
        #expect(try FileSystem.read(big, limit: 1000).count == 1000)
        let fifo = dir.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect {
            try FileSystem.read(fifo)
        } throws: { error in (error as? CatalogError)?.kind.exitCode == 65 }
        #expect {
            try FileSystem.read(dir.path)
        } throws: { error in (error as? CatalogError)?.kind.exitCode == 66 }
    }

    /// Replaced together through a journal: a writer killed after the journal was written is
    /// finished by `recover`, and one killed before it changed nothing.
    @Test func aJournaledReplacementIsFinishedByRecover() throws {
        let dir = TempDirectory()
        let (a, b) = (dir.write("a", "old a"), dir.write("b", "old b"))
        let journal = dir.path + "/.journal"
        try FileSystem.replaceTogether(staged: [(try FileSystem.stage(a, Array("new a".utf8)), a), (try FileSystem.stage(b, Array("new b".utf8)), b)], journal: journal)
        #expect(dir.read("a") == "new a" && dir.read("b") == "new b" && !FileSystem.exists(journal))

        // The journal written, no rename done: what a writer killed at that moment leaves (its
        // pid is no process's). A journal of a writer still running is left to it.
        let renames = [[try FileSystem.stage(a, Array("newer a".utf8)), a], [try FileSystem.stage(b, Array("newer b".utf8)), b]]
        for pid in [getpid(), Int32.max] {
            let plan: [String: Any] = ["pid": Int(pid), "renames": renames]
            try FileSystem.writeAtomically(journal, Array(try JSONSerialization.data(withJSONObject: plan)))
            try FileSystem.recover(journal: journal)
            #expect(dir.read("a") == (pid == getpid() ? "new a" : "newer a"))
        }
        #expect(dir.read("a") == "newer a" && dir.read("b") == "newer b" && !FileSystem.exists(journal))
    }
}
