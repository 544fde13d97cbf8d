import CatalogFileWrites
import CatalogFiles
import CatalogModel
import Foundation
import TestSupport
import Testing

/// A folder held open: its files looked at, read and replaced by name, never through a link.
@Suite struct FolderTests {
    @Test func replacesFilesInTwoFoldersAndLeavesNoTemporaryFile() throws {
        let dir = TempDirectory()
        let a = try FileSystem.Folder(writing: dir.path + "/a")
        let b = try FileSystem.Folder(writing: dir.path + "/b")
        try FileSystem.Folder.replace([(a, [("1.json", Array("one\n".utf8))]), (b, [("2.json", Array("two\n".utf8)), ("3.json", [])])])
        try a.replace([("1.json", Array("again\n".utf8))])
        #expect(dir.read("a/1.json") == "again\n" && dir.read("b/2.json") == "two\n" && dir.read("b/3.json") == "")
        #expect(FileSystem.list(dir.path + "/a") == ["1.json"] && FileSystem.list(dir.path + "/b") == ["2.json", "3.json"])
        #expect(try a.read("1.json") == Array("again\n".utf8))
    }

    @Test func tellsFilesLinksAndMissingNamesApartAndReadsNoLink() throws {
        let dir = TempDirectory()
        let folder = try FileSystem.Folder(writing: dir.path + "/r")
        try folder.replace([("file.json", Array("{}\n".utf8))])
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/r/link.json", withDestinationPath: dir.path + "/r/file.json")
        try FileManager.default.createDirectory(atPath: dir.path + "/r/sub", withIntermediateDirectories: false)
        #expect(folder.kind("file.json") == .regular && folder.kind("link.json") == .link)
        #expect(folder.kind("missing.json") == .missing && folder.kind("sub") == .other)
        #expect(folder.readStamped("file.json", now: FileSystem.now() + 5_000_000_000, limit: 100)?.bytes == Array("{}\n".utf8))
        #expect(folder.readStamped("link.json", now: FileSystem.now(), limit: 100) == nil, "read through a link")
        #expect(folder.readStamped("file.json", now: FileSystem.now(), limit: 2) == nil, "read above the limit")
        #expect(throws: CatalogError.self) { try folder.read("missing.json") }
    }

    @Test func aFolderThatIsALinkIsNotOpenedForWriting() throws {
        let dir = TempDirectory()
        try FileManager.default.createDirectory(atPath: dir.path + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link", withDestinationPath: dir.path + "/real")
        #expect(throws: CatalogError.self) { try FileSystem.Folder(writing: dir.path + "/link") }
    }
}
