@testable import CatalogRecords
import CatalogJSON
import CatalogModel
import Foundation
import TestSupport
import Testing

/// The canonical review reader (`CanonicalReviewReader`, the fast path of `Review.parse`) against
/// the strict one (`JSONParser` and `Review.init(json:file:)`): for every input the fast reader
/// takes, the review the strict reader gives; every file the tool writes, taken.
@Suite struct CanonicalReviewTests {
    func strict(_ bytes: [UInt8]) -> Review? { try? Review.strictlyParsed(bytes, file: "r.json") }
    func fast(_ bytes: [UInt8]) -> Review? { bytes.withUnsafeBufferPointer(CanonicalReviewReader.review) }

    /// Every review file of the committed sample catalog.
    static let sample: [[UInt8]] = {
        let folder = TestPaths.packageRoot + "/reviews/exercisedb"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return names.compactMap { FileManager.default.contents(atPath: folder + "/" + $0).map { [UInt8]($0) } }
    }()

    /// Reviews of every shape the format allows, in the text a reader meets.
    static let shapes: [Review] = {
        var full = ReviewFixtures.review(confidence: 0.85)
        let newer = ReviewFixtures.canonical(ReviewFixtures.record(name: "barbell flat bench press \u{E9}"))
        full.set(.level, "advanced", replaced: .null, canonical: newer, media: "sha256:" + String(repeating: "ab", count: 32), editor: "Zoë \"z\" \\ o",
                 date: "2026-11-02", via: .accept)
        full.set(.setupSeconds, .number("1.5e2"), replaced: .number("-0"), canonical: newer, editor: "e", date: "2026-11-02")
        full.set(.jointStress, .array([]), replaced: .array([.bool(true), .bool(false), .null, .number("0.25")]), canonical: newer, editor: "e",
                 date: "2026-11-02")
        full.planning = .manualOnly(reason: "needs a spotter\tand a / slash")
        full.note = "checked against the video \"a\" \u{E9}\r\n\u{8}\u{C}"
        full.exceptions = ["secondary-count": "compound lift", "primary-count": "works all of them"]
        var bare = Review(source: "exercisedb", id: "0001")
        bare.basis = ["fp1:" + String(repeating: "0", count: 64): ""]
        var controls = ReviewFixtures.review()
        controls.note = "a \u{1} control"
        return [full, bare, Review(source: "s", id: "\u{1F600}"), ReviewFixtures.review(), controls]
    }()

    @Test func everySampleReviewIsReadFastAsTheStrictReaderReadsIt() {
        #expect(Self.sample.count >= 20)
        for bytes in Self.sample {
            let read = fast(bytes)
            #expect(read != nil)
            #expect(read == strict(bytes))
        }
    }

    @Test func reviewsOfEveryShapeAreReadFastExceptAUnicodeEscape() {
        for review in Self.shapes {
            let bytes = review.fileBytes
            #expect(strict(bytes) == review)
            // A control character other than the common ones is written `\u0001`: left to the strict reader.
            if bytes.contains(0x5C), String(decoding: bytes, as: UTF8.self).contains("\\u") {
                #expect(fast(bytes) == nil)
            } else {
                #expect(fast(bytes) == review)
            }
        }
    }

    /// Edits of every kind, byte by byte and line by line: whatever the fast reader still takes,
    /// the strict reader reads the same; what the strict reader reads and the tool would write
    /// the same way, the fast reader takes.
    @Test func editedFilesReadAsTheStrictReaderReadsThem() {
        var random = SeededGenerator(seed: 34)
        let alphabet: [UInt8] = Array("\"\\,{}[]: \n01-.eEazun/t".utf8) + [0xC3, 0xA9, 0x80, 0xFF, 0x01, 0x09]
        var taken = 0, tried = 0
        for base in Self.sample + Self.shapes.map(\.fileBytes) {
            for _ in 0..<120 {
                var bytes = base
                for _ in 0...Int.random(in: 0...2, using: &random) { Self.edit(&bytes, alphabet: alphabet, using: &random) }
                let read = fast(bytes), strictly = strict(bytes)
                tried += 1
                if let read {
                    taken += 1
                    #expect(strictly == read, "\(String(decoding: bytes, as: UTF8.self))")
                } else if let strictly, strictly.fileBytes == bytes, !String(decoding: bytes, as: UTF8.self).contains("\\u") {
                    Issue.record("a file in the canonical layout was left to the strict reader: \(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        // Edits inside a text keep the layout: the fast reader is exercised (187 of 3,480
        // edited files), not only refused.
        #expect(taken >= 100 && tried > 3000)
    }

    /// One random edit: a byte deleted, inserted or replaced, or a line deleted, doubled or
    /// moved down one.
    static func edit(_ bytes: inout [UInt8], alphabet: [UInt8], using random: inout SeededGenerator) {
        guard !bytes.isEmpty else { return }
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
        case 2: bytes[at] = alphabet.randomElement(using: &random)!
        default:
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            let k = Int.random(in: 0..<max(1, lines.count - 1), using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: lines.remove(at: k)
            case 1: lines.insert(lines[k], at: k)
            default: if k + 1 < lines.count { lines.swapAt(k, k + 1) }
            }
            bytes = Array(lines.joined(separator: [0x0A]))
        }
    }

    /// Inputs the fast reader leaves alone: `Review.parse` gives what the strict reader gives,
    /// the review or the same error.
    @Test func filesOutsideTheLayoutReadOrFailAsTheStrictReaderSays() throws {
        let text = ReviewFixtures.review().fileText
        let inputs = [
            text.replacingOccurrences(of: "\n", with: "\r\n"),
            JSONWriter.string(try JSONParser.parse(text)),
            text.replacingOccurrences(of: "\"formatVersion\": 1", with: "\"formatVersion\": 1.0"),
            text.replacingOccurrences(of: "\"id\": \"r1\"", with: "\"id\": \"r\\u0031\""),
            text.replacingOccurrences(of: "\"formatVersion\": 1,", with: "\"formatVersion\": 1,\n  \"formatVersion\": 1,"),
            text.replacingOccurrences(of: "\"formatVersion\": 1,", with: "\"formatVersion\": 1,\n  \"extra\": 1,"),
            text.replacingOccurrences(of: "\"via\": \"edit\"", with: "\"via\": \"guess\""),
            text.replacingOccurrences(of: "\"fingerprint\": \"fp1:", with: "\"fingerprint\": \"fp2:"),
            text.replacingOccurrences(of: "\"mode\": \"auto\"", with: "\"mode\": \"auto\",\n    \"reason\": \"r\""),
            text + "\n",
        ]
        for input in inputs {
            let bytes = Array(input.utf8)
            #expect(fast(bytes) == nil, "\(input)")
            let parsed = Result { () throws(CatalogError) in try Review.parse(bytes, file: "r.json") }
            let strictly = Result { () throws(CatalogError) in try Review.strictlyParsed(bytes, file: "r.json") }
            switch (parsed, strictly) {
            case (.success(let a), .success(let b)): #expect(a == b)
            case (.failure(let a), .failure(let b)): #expect(a.description == b.description)
            default: Issue.record("Review.parse and the strict reader disagree on \(input)")
            }
        }
    }
}
