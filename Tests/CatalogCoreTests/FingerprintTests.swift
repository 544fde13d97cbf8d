@testable import CatalogCore
import CatalogHTML
import CatalogJSON
import CatalogModel
import CatalogRecords
import TestSupport
import Testing

@Suite struct SHA256Tests {
    // Published test vectors (FIPS 180-2 and the usual "quick brown fox").
    @Test func matchesPublishedVectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("The quick brown fox jumps over the lazy dog") == "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592")
        #expect(SHA256.hex(String(repeating: "a", count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite struct XXH64Tests {
    /// Vectors from the reference `xxhsum -H64`: the empty input, one byte, every tail length
    /// past a 32-byte stripe (8-byte words, a 4-byte word, single bytes) and long inputs.
    @Test func matchesTheReferenceTool() {
        func hash(_ text: String) -> String {
            let value = Array(text.utf8).withUnsafeBytes { XXH64.hash($0) }
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
        func letters(_ count: Int) -> String { String((0..<count).map { Character(Unicode.Scalar(97 + $0 % 26)!) }) }
        #expect(hash("") == "ef46db3751d8e999")
        #expect(hash("a") == "d24ec4f1a98c6e5b")
        #expect(hash("abc") == "44bc2cf5ad770999")
        let expected = [7: "1860940e2902822d", 8: "3ad351775b4634b7", 12: "4b09b7d3a233d4b3", 31: "f7d421c242541ac9", 32: "4da6cbe536cf55c7",
                        37: "b0c4a6ce1e55ed03", 63: "a12b47d9d143a6bc", 100: "79c9fa152bb53c71", 1000: "94b86db9a16d86a9"]
        for (count, digest) in expected { #expect(hash(letters(count)) == digest, "\(count) letters") }
        #expect(hash(String(repeating: "x", count: 100)) == "92f0de5a88a3c094")
    }
}

@Suite struct TextNormalizerTests {
    @Test func collapsesWhitespaceRunsAndTrims() {
        #expect(TextNormalizer.normalize("  a \t\n b  ") == "a b")
        #expect(TextNormalizer.normalize("a\u{00A0}\u{2003}b\u{3000}") == "a b")
        #expect(TextNormalizer.normalize("") == "")
        #expect(TextNormalizer.normalize(" \n ") == "")
    }

    /// The fast collapse for printable ASCII gives what the general one gives, on strings of
    /// letters and spaces at random (double spaces at every offset of the 8-byte words included).
    @Test func plainCollapseMatchesTheGeneralOne() {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...40, using: &rng)
            let bytes = (0..<length).map { _ in Bool.random(using: &rng) ? UInt8(0x20) : UInt8.random(in: 0x21...0x7F, using: &rng) }
            var expected: [UInt8] = []
            #expect(bytes.withUnsafeBufferPointer { TextNormalizer.appendCollapsedASCII($0, to: &expected) })
            let out = UnsafeMutablePointer<UInt8>.allocate(capacity: max(length, 1))
            defer { out.deallocate() }
            let written = bytes.withUnsafeBufferPointer { TextNormalizer.copyCollapsedPlain($0, to: out) }
            #expect(Array(UnsafeBufferPointer(start: out, count: written)) == expected, "\(bytes)")
        }
        // A double space straddling two words, and one in the tail.
        for text in ["abcdefg  hij", "abcdefgh ijklmno  p", "a  b", "abcdefghij  "] {
            var expected: [UInt8] = []
            _ = Array(text.utf8).withUnsafeBufferPointer { TextNormalizer.appendCollapsedASCII($0, to: &expected) }
            var out = [UInt8](repeating: 0, count: text.utf8.count)
            let written = out.withUnsafeMutableBufferPointer { o in Array(text.utf8).withUnsafeBufferPointer { TextNormalizer.copyCollapsedPlain($0, to: o.baseAddress!) } }
            #expect(Array(out[..<written]) == expected, "\(text)")
        }
    }

    @Test func appliesNFCAndNothingElse() {
        #expect(TextNormalizer.normalize("e\u{301}") == "\u{E9}")
        #expect(TextNormalizer.normalize("Curl, UP!") == "Curl, UP!")
        #expect(TextNormalizer.normalize("youâ€™ll") == "youâ€™ll")
    }
}

@Suite struct HTMLTextTests {
    @Test func breaksLinesAtBlockElementsAndDecodesEntities() {
        #expect(HTMLText.lines("<p>Stand tall&nbsp;&amp; brace.</p><ol><li>curl</li><li>up</li></ol>") == ["Stand tall\u{00A0}& brace.", "curl", "up"])
        #expect(HTMLText.lines("one<br>two<br/>three") == ["one", "two", "three"])
    }

    @Test func dropsScriptsStylesAndComments() {
        #expect(HTMLText.lines("<p>Safe<script>alert(1)</script> text<!-- hidden --></p><style>p{}</style>") == ["Safe text"])
    }

    @Test func treatsMarkupFreeTextAsOneRun() {
        #expect(HTMLText.lines("plain\ntext") == ["plain\ntext"])
    }
}

@Suite struct CanonicalTextTests {
    let record = UpstreamRecord(id: "0001", fields: [
        JSONMember("name", "3/4 sit-up"), JSONMember("bodyPart", "waist"), JSONMember("target", "abs"),
        JSONMember("equipment", "body weight"), JSONMember("secondaryMuscles", ["hip flexors", "lower back"]),
        JSONMember("instructions", ["Lie  flat.", "Curl up."]),
    ], extra: [JSONMember("gifUrl", "https://example.org/a.gif")])

    @Test func isFieldLinesInFixedOrderOneLinePerItem() {
        let text = CanonicalText(record: record, fields: UpstreamRecord.sharedFields).text
        #expect(text == """
            name: 3/4 sit-up
            bodyPart: waist
            target: abs
            equipment: body weight
            secondaryMuscles: hip flexors
            secondaryMuscles: lower back
            instructions: Lie flat.
            instructions: Curl up.

            """)
    }

    @Test func fingerprintIsSHA256OfTheTextWithPrefix() {
        let canonical = CanonicalText(record: record, fields: UpstreamRecord.sharedFields)
        #expect(canonical.fingerprint.value == "fp1:" + SHA256.hex(canonical.text))
        #expect(Fingerprint(canonical.fingerprint.value) == canonical.fingerprint)
        #expect(Fingerprint("fp1:XYZ") == nil)
    }

    /// A fingerprint is held as its digest: spelled, parsed, stored as bytes, ordered and
    /// hashed, it behaves as its `fp1:` text does.
    @Test func aFingerprintBehavesAsItsText() {
        let prints = (0..<300).map { Fingerprint(canonicalText: "name: press \($0)\n") }
        for fp in prints {
            #expect(fp.value.hasPrefix("fp1:") && fp.value.utf8.count == 68)
            #expect(Fingerprint(fp.value) == fp)
            #expect(fp.withDigest { Fingerprint(digest: $0) } == fp)
            #expect(fp.withDigest { SHA256.hexString(Array($0)) } == String(fp.value.dropFirst(4)))
        }
        #expect(prints.sorted().map(\.value) == prints.map(\.value).sorted())
        #expect(Set(prints).count == Set(prints.map(\.value)).count)
        #expect(Fingerprint("fp1:" + String(repeating: "A", count: 64)) == nil)
        #expect(Fingerprint("fp1:" + String(repeating: "a", count: 63)) == nil)
        #expect(Fingerprint("fp2:" + String(repeating: "a", count: 64)) == nil)
    }

    @Test func ignoresMediaLinksAndFormattingButNotText() {
        let base = CanonicalText(record: record, fields: UpstreamRecord.sharedFields).fingerprint
        var rotated = record
        rotated.extra["gifUrl"] = "https://example.org/b.gif"
        rotated.fields["instructions"] = [" Lie\tflat. ", "Curl\u{00A0}up."]
        #expect(CanonicalText(record: rotated, fields: UpstreamRecord.sharedFields).fingerprint == base)
        var edited = record
        edited.fields["instructions"] = ["Lie flat.", "curl up."]
        #expect(CanonicalText(record: edited, fields: UpstreamRecord.sharedFields).fingerprint != base)
    }

    @Test func treatsPlainTextAngleBracketsAsText() {
        let r = UpstreamRecord(id: "x", fields: [JSONMember("name", "<b>press</b> & hold")])
        #expect(CanonicalText(record: r, fields: ["name"]).text == "name: <b>press</b> & hold\n")
        #expect(CanonicalText(record: r, fields: ["name"], htmlFields: ["name"]).text == "name: press & hold\n")
    }

    @Test func htmlFieldsGiveOneLinePerBlockAndMarkupChangesKeepTheFingerprint() {
        let a = UpstreamRecord(id: "1", fields: [JSONMember("instructions", ["<p>Hold the bar.</p><p>Curl&nbsp;up.</p>"])])
        let b = UpstreamRecord(id: "1", fields: [JSONMember("instructions", ["<div>Hold the <em>bar</em>.</div>\n<div>Curl up.</div>"])])
        let ca = CanonicalText(record: a, fields: ["instructions"], htmlFields: ["instructions"])
        #expect(ca.text == "instructions: Hold the bar.\ninstructions: Curl up.\n")
        #expect(ca.fingerprint == CanonicalText(record: b, fields: ["instructions"], htmlFields: ["instructions"]).fingerprint)
    }

    @Test func emptyValuesGiveNoLinesAndConfiguredExtrasCount() {
        let r = UpstreamRecord(id: "1", fields: [JSONMember("name", "x"), JSONMember("secondaryMuscles", []), JSONMember("target", "  ")],
                               extra: [JSONMember("description", "New text")])
        #expect(CanonicalText(record: r, fields: UpstreamRecord.sharedFields).text == "name: x\n")
        #expect(CanonicalText(record: r, fields: UpstreamRecord.sharedFields + ["description"]).text == "name: x\ndescription: New text\n")
    }
}

@Suite struct RecordIDTests {
    @Test(arguments: ["0001", "3_4_Sit-Up", "s001", "Barbell Curl"])
    func acceptsOrdinaryIds(id: String) {
        #expect(RecordID.problem(with: id) == nil)
    }

    @Test(arguments: ["", "../x", "a/b", "a\\b", "..", ".hidden", "a\nb", "src:id", String(repeating: "x", count: 129)])
    func rejectsIdsThatCannotNameAFile(id: String) {
        #expect(RecordID.problem(with: id) != nil)
    }
}
