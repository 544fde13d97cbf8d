import CatalogCore
import CatalogJSON
import CatalogModel
import Foundation
import Testing

/// Every printed command line goes through ShellQuote: a shell reads each word back exactly.
@Suite struct ShellQuoteTests {
    static let hostile = ["x;touch PWNED;", "$(touch PWNED)", "`touch PWNED`", "it's", "a b", "", "-", "*", "~root", "a\nb",
                          "'", "\\'", "x&&y", "x|y", "\"q\"", "!", "#c", "ü", "0001", "exercisedb:1316", "a=b", "{a,b}", "[ab]"]

    @Test func plainWordsStayAsTheyAre() {
        #expect(ShellQuote.word("0001") == "0001")
        #expect(ShellQuote.word("exercisedb:1316") == "exercisedb:1316")
        #expect(ShellQuote.command(["catalog", "accept", "0017", "wger:1316"]) == "catalog accept 0017 wger:1316")
        #expect(ShellQuote.word("x;touch PWNED;") == "'x;touch PWNED;'")
        #expect(ShellQuote.word("it's") == #"'it'\''s'"#)
        #expect(ShellQuote.word("") == "''")
    }

    @Test func aShellReadsEveryQuotedWordBackExactly() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("quote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // printf prints each argument NUL-terminated: the words as the shell split them.
        let script = "printf '%s\\0' " + Self.hostile.map(ShellQuote.word).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = scratch
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let words = data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        #expect(words == Self.hostile)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "nothing ran")
    }

    @Test func recordNamesResolveToTheirRecord() {
        #expect(RecordName.typed(source: "exercisedb", id: "1316", memberSource: "exercisedb") == "1316")
        #expect(RecordName.typed(source: "wger", id: "1316", memberSource: "exercisedb") == "wger:1316")
        #expect(RecordName.command(["accept"], source: "exercisedb", ids: ["0017", "a b"], memberSource: "exercisedb") == "catalog accept -- 0017 'a b'")
    }

    /// An id that looks like an option goes by SOURCE:ID (never read as an option even without
    /// `--`), and every command line ends the options before its names (issue 35).
    @Test func anIdThatLooksLikeAnOptionIsNeverTypedAsOne() {
        #expect(RecordName.typed(source: "exercisedb", id: "-h", memberSource: "exercisedb") == "exercisedb:-h")
        #expect(RecordName.typed(source: "exercisedb", id: "a-b", memberSource: "exercisedb") == "a-b")
        #expect(RecordName.command(["accept"], source: "exercisedb", ids: ["--kind=substantive", "$(touch x)"], memberSource: "exercisedb")
            == "catalog accept -- exercisedb:--kind=substantive '$(touch x)'")
    }
}
