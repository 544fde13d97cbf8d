@testable import CatalogFiles
import Foundation
import Testing
import TestSupport

struct StampTests {
    /// The stamp's digits are what string interpolation writes.
    @Test func stampDecimalsAreTheInterpolatedNumbers() {
        let values: [Int64] = [0, 1, 9, 10, 99, 100, 1_234_567, -1, -10, Int64.max, Int64.min, 1_793_232_000_123_456_789]
        let inodes: [UInt64] = [0, 7, 10, 123_456_789, UInt64.max, 1 << 63]
        for a in values {
            for b in values {
                for c in inodes {
                    #expect(FileSystem.decimals(a, b, c) == "\(a):\(b):\(c)")
                }
            }
        }
    }

    /// A stamp taken well after the last change is the same each time, through a path or an open
    /// folder, and an in-place edit that keeps the size and puts the mtime back still moves it.
    @Test func aStampMovesWithAnEditThatRestoresTheMtime() throws {
        let dir = TempDirectory()
        let path = dir.write("review.json", "{\"level\": \"beginner\"}\n")
        let later = FileSystem.now() + 10_000_000_000
        let folder = try #require(FileSystem.Folder(dir.path))
        let before = try #require(FileSystem.stamp(path, now: later))
        #expect(FileSystem.stamp(path, now: later) == before)
        #expect(folder.stamp("review.json", now: later) == before)
        var info = stat()
        #expect(stat(path, &info) == 0)
        usleep(20_000)
        let fd = open(path, O_WRONLY)
        #expect(pwrite(fd, "{\"level\": \"advanced\"}\n", 22, 0) == 22)
        var times = [info.st_atim, info.st_mtim]
        #expect(futimens(fd, &times) == 0)
        close(fd)
        #expect(FileSystem.signature(path).map { $0 == FileSystem.signature(info) } == true, "the size and mtime are as they were")
        #expect(FileSystem.stamp(path, now: later + 1) != before)
        #expect(FileSystem.stamp(dir.path + "/missing.json", now: later) == nil)
    }

    /// A stamp taken less than a second after the file changed is racy, and a racy stamp never
    /// matches, on either side: the file is looked at again next time.
    @Test func aFreshFileIsRacyAndARacyStampNeverMatches() throws {
        let dir = TempDirectory()
        let path = dir.write("r.json", "{}")
        #expect(FileSystem.stamp(path, now: FileSystem.now()) == .racy)
        let later = try #require(FileSystem.stamp(path, now: FileSystem.now() + 2_000_000_000))
        guard case .settled = later else { Issue.record("a file two seconds old is settled"); return }
        #expect(later.matches(later))
        #expect(!later.matches(.racy))
        #expect(!FileStamp.racy.matches(.racy))
        #expect(!later.matches(nil))
        #expect(FileStamp(stored: later.stored) == later)
        #expect(FileStamp(stored: FileStamp.racy.stored) == .racy)
        #expect(FileSystem.stamp(dir.path + "/missing.json", now: FileSystem.now()) == nil)
    }
}
