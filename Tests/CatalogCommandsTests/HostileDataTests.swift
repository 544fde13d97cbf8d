import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 16's findings about upstream data and the catalog's own folders, each run against the
/// built binary (the build's are in CatalogBuildTests/VerifyHardeningTests). Every test here
/// failed on the binary before the fix; docs/RELIABILITY.md lists them by name.
@Suite struct HostileDataTests {
    // MARK: - Finding 7: special files

    @Test func finding7SpecialFilesAreRefusedNotRead() throws {
        let dir = try newCatalog()
        let before = treeHashes(dir.path)
        // A link to a device: /dev/zero was read until memory ran out; /dev/null is the
        // harmless stand-in (the old binary called it an empty file).
        #expect(symlink("/dev/null", dir.path + "/device.json") == 0)
        let device = runInProcess(["import", "device.json"], in: dir.path)
        #expect(device.status == 65, "\(device.stderr)")
        #expect(device.stderr.contains("is a character device, not a regular file"), "\(device.stderr)")
        // A FIFO blocked forever. A writer stands by so that a binary that does open it for
        // reading finishes (with an empty release) instead of hanging the test.
        let fifo = dir.path + "/release.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        signal(SIGPIPE, SIG_IGN)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            if fd >= 0 {
                _ = write(fd, "[]", 2)
                close(fd)
            }
        }
        writer.start()
        let result = runInProcess(["import", "release.json"], in: dir.path)
        // Releases the writer if the import never opened the FIFO.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        if reader >= 0 { close(reader) }
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("is a FIFO, not a regular file"), "\(result.stderr)")
        unlink(fifo)
        unlink(dir.path + "/device.json")
        #expect(treeHashes(dir.path) == before)
    }

    // MARK: - Finding 11: size limits

    @Test func finding11OversizedValuesRecordsReviewsAndInputsAreRefused() throws {
        let dir = try newCatalog()
        let before = treeHashes(dir.path)
        // One value above 64 KiB (a 100 MB name once imported, and slowed every later step).
        dir.write("long-name.json", exerciseDBRelease([("x001", "squat"), ("x002", String(repeating: "n", count: 70_000))]))
        let value = runInProcess(["import", "long-name.json"], in: dir.path)
        #expect(value.status == 65, "\(value.stderr)")
        #expect(value.stderr.contains("above the limit of 65536 bytes") && value.stderr.contains("record x002 (#1), field name"), "\(value.stderr)")
        // Values each within the limit that make a record above 1 MiB.
        dir.write("long-record.json", exerciseDBRelease([("x001", "squat")], instructions: Array(repeating: String(repeating: "i", count: 60_000), count: 20)))
        let record = runInProcess(["import", "long-record.json"], in: dir.path)
        #expect(record.status == 65, "\(record.stderr)")
        #expect(record.stderr.contains("larger than the limit of 1048576 bytes") && record.stderr.contains("field instructions["), "\(record.stderr)")
        #expect(treeHashes(dir.path).filter { !["long-name.json", "long-record.json"].contains($0.key) } == before)
        // An input above maxInputBytes is refused before it is read.
        let config = dir.path + "/catalog/catalog.json"
        try rewriteInPlace(config) { $0.replacingOccurrences(of: "\"memberSource\"", with: "\"maxInputBytes\": 1000,\n  \"memberSource\"") }
        let input = runInProcess(["import", TestPaths.sample], in: dir.path)
        #expect(input.status == 65, "\(input.stderr)")
        #expect(input.stderr.contains("above the limit of 1000 bytes (maxInputBytes"), "\(input.stderr)")
    }

    @Test func finding11AReviewFileAboveOneMebibyteIsALintError() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let note = String(repeating: "n", count: 1 << 20)
        dir.write("reviews/exercisedb/s001.json", "{\"id\": \"s001\", \"source\": \"exercisedb\", \"note\": \"\(note)\"}\n")
        let lint = runInProcess(["lint"], in: dir.path)
        #expect(lint.status == 1, "\(lint.stdout) \(lint.stderr)")
        #expect(lint.stdout.contains("[review-file]") && lint.stdout.contains("above the limit of 1048576 bytes"), "\(lint.stdout)")
    }

    // MARK: - Finding 8: bidi controls in printed upstream text

    @Test func finding8BidiControlsArePrintedAsEscapes() throws {
        let dir = try newCatalog()
        dir.write("bidi.json", exerciseDBRelease([("x001", "curl \u{202E}lbmud\u{202C} row")]))
        #expect(runInProcess(["import", "bidi.json"], in: dir.path).status == 0)
        for arguments in [["show", "x001"], ["show", "x001", "--json"], ["queue"], ["status", "--json"]] {
            let result = runInProcess(arguments, in: dir.path)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x202C }, "\(arguments) printed a raw bidi control")
            if arguments[0] == "show" { #expect(result.stdout.lowercased().contains("202e"), "\(arguments): \(result.stdout)") }
        }
    }

    // MARK: - Finding 12: smaller

    @Test func finding12OutputFoldersThatDoNotExistAreAnError() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let html = runInProcess(["revalidate", "--html", "no/such/dir/r.html"], in: dir.path)
        #expect(html.status == 66, "\(html.stderr)")
        #expect(html.stderr.contains("no such folder to write into"), "\(html.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/no"))
        let keys = runInProcess(["keygen", "--out", "no/such/k"], in: dir.path)
        #expect(keys.status == 66, "\(keys.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/no"))
    }
}
