import CatalogCore
import CatalogJSON
import CatalogMedia
import CatalogModel
import Foundation
import TestSupport
import Testing

@Suite struct GIFInfoTests {
    func facts(_ bytes: [UInt8]) -> GIFInfo.Facts? {
        if case .success(let f) = GIFInfo.read(bytes) { return f }
        return nil
    }

    func problem(_ bytes: [UInt8]) -> String? {
        if case .failure(let p) = GIFInfo.read(bytes) { return p.message }
        return nil
    }

    @Test func countsFramesAndReadsTheLogicalScreen() {
        #expect(facts(GIFBuilder(width: 1, height: 1, frames: 1).bytes) == GIFInfo.Facts(width: 1, height: 1, frames: 1))
        var rich = GIFBuilder(width: 320, height: 240, frames: 13)
        rich.localColorTables = true
        rich.interlaced = true
        rich.comment = "made by the tests"
        #expect(facts(rich.bytes) == GIFInfo.Facts(width: 320, height: 240, frames: 13))
        var plain = GIFBuilder(width: 8, height: 8, frames: 2)
        plain.loop = false
        #expect(facts(plain.bytes)?.frames == 2)
    }

    @Test func rejectsTruncatedFilesAndNonGIFs() {
        let good = GIFBuilder(width: 10, height: 10, frames: 4).bytes
        for cut in [good.count - 1, good.count - 4, good.count / 2, 13] {
            #expect(problem(Array(good.prefix(cut))) != nil, "cut at \(cut)")
        }
        #expect(problem(Array("PNG not a gif".utf8))?.contains("not a GIF") == true)
        #expect(problem([]) != nil)
        #expect(problem(Array(GIFBuilder(width: 5, height: 5, frames: 0).bytes)) == "no frames")
    }

    @Test func rejectsDecompressionBombsBeforeDoingWork() {
        #expect(problem(GIFBuilder(width: 65535, height: 65535, frames: 1).bytes)?.contains("logical screen") == true)
        #expect(problem(GIFBuilder(width: 10, height: 10, frames: GIFInfo.maxFrames + 1).bytes)?.contains("frames") == true)
        #expect(facts(GIFBuilder(width: 10, height: 10, frames: GIFInfo.maxFrames).bytes)?.frames == GIFInfo.maxFrames)
    }
}

@Suite struct MediaLibraryTests {
    @Test func matchesFilesToIdsAndSkipsWhatItCannotUse() throws {
        let dir = TempDirectory()
        dir.write("media/0001.gif", GIFBuilder(width: 4, height: 4, frames: 3).bytes)
        dir.write("media/0002-Xy7Tok3n.gif", GIFBuilder(width: 4, height: 4, frames: 5).bytes)
        dir.write("media/0002-other.gif", GIFBuilder(width: 4, height: 4, frames: 5).bytes)
        dir.write("media/9999.gif", GIFBuilder(width: 4, height: 4, frames: 1).bytes)
        dir.write("media/0003.gif", Array("not a gif".utf8))
        dir.write("media/notes.txt", "ignored")
        let scan = try MediaLibrary.scan(dir.path + "/media", ids: ["0001", "0002", "0003"])
        #expect(scan.attached["0001"]?.frames == 3)
        #expect(scan.attached["0002"]?.file == "0002-Xy7Tok3n.gif")
        #expect(scan.attached["0003"] == nil)
        #expect(scan.frames == 8)
        let reasons = Dictionary(scan.skipped.map { (($0.file as NSString).lastPathComponent, $0.reason) }, uniquingKeysWith: { a, _ in a })
        #expect(reasons["9999.gif"]?.contains("no record") == true)
        #expect(reasons["0003.gif"]?.contains("not a GIF") == true)
        #expect(reasons["0002-other.gif"]?.contains("has a media file already") == true)
        #expect(scan.attached["0001"]?.sha256 == SHA256.hex(GIFBuilder(width: 4, height: 4, frames: 3).bytes))
    }

    @Test func aSingleBadFileIsAnErrorNamingIt() {
        let dir = TempDirectory()
        let file = dir.write("0001.gif", Array(GIFBuilder(width: 4, height: 4, frames: 3).bytes.prefix(20)))
        #expect {
            try MediaLibrary.scan(file, ids: ["0001"])
        } throws: { error in
            let e = error as? CatalogError
            return e?.kind.exitCode == 65 && e?.location.file == file
        }
    }

    @Test func idsWithDashesMatchTheLongestKnownId() throws {
        let dir = TempDirectory()
        dir.write("m/3_4_Sit-Up-abc.gif", GIFBuilder(width: 2, height: 2, frames: 1).bytes)
        let scan = try MediaLibrary.scan(dir.path + "/m", ids: ["3_4_Sit", "3_4_Sit-Up"])
        #expect(scan.attached["3_4_Sit-Up"] != nil)
        #expect(scan.attached["3_4_Sit"] == nil)
    }
}
