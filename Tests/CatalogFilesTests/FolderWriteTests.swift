@testable import CatalogFileWrites
import CatalogFiles
import CatalogModel
import Foundation
import TestSupport
import Testing

/// `Folder.write`: new files staged without a name and linked in (each way of linking), or
/// staged named where that cannot be; a new file never replaces an entry that is there.
@Suite struct FolderWriteTests {
    typealias Folder = FileSystem.Folder

    /// Every way a new file can be staged: unnamed through AT_EMPTY_PATH or /proc/self/fd, named
    /// (the fallback where O_TMPFILE or the links are not there), and unnamed with no descriptor
    /// left after the third (the rest named).
    static let ways: [(Folder.Staging?, Int?)] = [(.unnamed(.emptyPath), nil), (.unnamed(.procSelf), nil), (.named, nil), (.unnamed(.emptyPath), 3), (nil, nil)]

    @Test(arguments: 0..<ways.count)
    func newFilesAreCreatedAndReplacementsReplaceWithNothingLeftBeside(_ way: Int) throws {
        let dir = TempDirectory()
        let folder = try Folder(writing: dir.path + "/r")
        try folder.replace([("old.json", Array("old\n".utf8))])
        let files = (0..<100).map { Folder.FileWrite("\($0).json", Array("new \($0)\n".utf8), create: true) } + [Folder.FileWrite("old.json", Array("replaced\n".utf8))]
        let taken = try Folder.write([(folder, files)], staging: Self.ways[way].0, budget: Self.ways[way].1)
        #expect(taken == [[]])
        #expect(FileSystem.list(dir.path + "/r") == ((0..<100).map { "\($0).json" } + ["old.json"]).sorted(), "a temporary or probe file was left")
        for i in 0..<100 { #expect(dir.read("r/\(i).json") == "new \(i)\n") }
        #expect(dir.read("r/old.json") == "replaced\n")
        // Written with the mode a file made by open(2) has (0644 less the umask).
        let made = open(dir.path + "/made", O_WRONLY | O_CREAT | O_EXCL, 0o644)
        close(made)
        var info = stat(), expected = stat()
        #expect(stat(dir.path + "/r/0.json", &info) == 0 && stat(dir.path + "/made", &expected) == 0 && info.st_mode == expected.st_mode)
    }

    @Test(arguments: 0..<ways.count)
    func aNewFileNeverReplacesAFileOrALinkThatIsThere(_ way: Int) throws {
        let dir = TempDirectory()
        let folder = try Folder(writing: dir.path + "/r")
        try folder.replace([("there.json", Array("someone else's\n".utf8))])
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/r/link.json", withDestinationPath: dir.path + "/outside.json")
        let files = ["a.json", "there.json", "link.json", "b.json"].map { Folder.FileWrite($0, Array("mine\n".utf8), create: true) }
        let taken = try Folder.write([(folder, files)], staging: Self.ways[way].0, budget: Self.ways[way].1)
        #expect(Set(taken[0]) == ["there.json", "link.json"])
        #expect(dir.read("r/there.json") == "someone else's\n" && dir.read("r/a.json") == "mine\n" && dir.read("r/b.json") == "mine\n")
        #expect(FileSystem.isSymbolicLink(dir.path + "/r/link.json") && !FileSystem.exists(dir.path + "/outside.json"))
        #expect(FileSystem.list(dir.path + "/r") == ["a.json", "b.json", "link.json", "there.json"])
    }

    /// A name taken after the files were staged, before they are named (another writer made a
    /// file or a link there meanwhile): that entry stays as it is, the staged file goes, and the
    /// name is reported taken. The names still free are written.
    @Test(arguments: 0..<ways.count)
    func aNameTakenAfterStagingStaysAndIsReportedTaken(_ way: Int) throws {
        let dir = TempDirectory()
        let folder = try Folder(writing: dir.path + "/r")
        let files = ["a.json", "late.json", "link.json", "b.json"].map { Folder.FileWrite($0, Array("mine\n".utf8), create: true) }
        let taken = try Folder.write([(folder, files)], staging: Self.ways[way].0, budget: Self.ways[way].1) {
            dir.write("r/late.json", "someone else's\n")
            try? FileManager.default.createSymbolicLink(atPath: dir.path + "/r/link.json", withDestinationPath: dir.path + "/outside.json")
        }
        #expect(Set(taken[0]) == ["late.json", "link.json"])
        #expect(dir.read("r/late.json") == "someone else's\n" && dir.read("r/a.json") == "mine\n" && dir.read("r/b.json") == "mine\n")
        #expect(FileSystem.isSymbolicLink(dir.path + "/r/link.json") && !FileSystem.exists(dir.path + "/outside.json"))
        #expect(FileSystem.list(dir.path + "/r") == ["a.json", "b.json", "late.json", "link.json"], "a temporary was left")
    }

    /// A file that follows another (a review's history entry) is written when that one took its
    /// name, and dropped, leaving nothing, when its name was taken before staging or after.
    @Test(arguments: 0..<ways.count)
    func aFileThatFollowsATakenNameIsDropped(_ way: Int) throws {
        let dir = TempDirectory()
        let reviews = try Folder(writing: dir.path + "/r"), history = try Folder(writing: dir.path + "/h")
        try reviews.replace([("there.json", Array("someone else's\n".utf8))])
        let names = ["a", "there", "late", "b"]
        let files = names.map { Folder.FileWrite($0 + ".json", Array("mine\n".utf8), create: true) }
        let entries = names.map { Folder.FileWrite($0 + ".jsonl", Array("entry\n".utf8), create: true, follows: (0, $0 + ".json")) }
        let taken = try Folder.write([(reviews, files), (history, entries)], staging: Self.ways[way].0, budget: Self.ways[way].1) {
            dir.write("r/late.json", "someone else's\n")
        }
        #expect(Set(taken[0]) == ["there.json", "late.json"] && taken[1] == [])
        #expect(FileSystem.list(dir.path + "/h") == ["a.jsonl", "b.jsonl"], "an entry without its file, or a temporary, was left")
        #expect(dir.read("h/a.jsonl") == "entry\n" && dir.read("r/late.json") == "someone else's\n")
    }

    /// Two writes into one folder at once (a bulk review's two writers): every file of both is
    /// there with its bytes, none reported taken, no temporary left.
    @Test func twoWritesIntoOneFolderAtOnceBothLand() throws {
        let dir = TempDirectory()
        let folder = try Folder(writing: dir.path + "/r")
        let batches = (0..<2).map { b in (0..<300).map { Folder.FileWrite("\(b)-\($0).json", Array("batch \(b) file \($0)\n".utf8), create: true) } }
        let results = Parallel.map(batches.count) { b in Result { () throws(CatalogError) in try Folder.write([(folder, batches[b])]) } }
        for result in results { #expect(try result.get() == [[]]) }
        #expect(FileSystem.list(dir.path + "/r") == batches.joined().map(\.name).sorted(), "a file is missing or a temporary was left")
        for file in batches.joined() { #expect(dir.read("r/" + file.name).map { Array($0.utf8) } == file.bytes) }
    }

    /// The folder's file system is asked once per write, with a probe file that is gone after.
    @Test func theProbeFindsAWayHereAndLeavesNothing() throws {
        let dir = TempDirectory()
        let folder = try Folder(writing: dir.path + "/r")
        let staging = folder.staging(".tmp-\(getpid())-1-")
        // Linux's ext4 and tmpfs have O_TMPFILE; a root process links through AT_EMPTY_PATH.
        #expect(staging != .named, "no unnamed files on this machine's temporary folder")
        #expect(FileSystem.list(dir.path + "/r").isEmpty)
    }

    @Test func aFolderThatIsGoneFailsWithTheFileNamedAndLeavesNothing() throws {
        let dir = TempDirectory()
        let folder = try Folder(writing: dir.path + "/r")
        try FileManager.default.removeItem(atPath: dir.path + "/r")
        for way in Self.ways {
            #expect {
                try Folder.write([(folder, [Folder.FileWrite("a.json", Array("x\n".utf8), create: true)])], staging: way.0, budget: way.1)
            } throws: { error in
                (error as? CatalogError)?.kind.exitCode == 73 && (error as? CatalogError)?.location.file == dir.path + "/r/a.json"
            }
        }
    }

    @Test func theBudgetOfHeldFilesIsAboveABatch() {
        // A bulk review writes up to 4,000 files a batch, two batches at once; the soft limit is
        // raised for them when it can be.
        #expect(Folder.heldFileBudget(4_000) >= 1_000)
        #expect(Folder.heldFileBudget(0) == 0)
    }
}
