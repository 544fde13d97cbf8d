@testable import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Testing

/// The rule `provenance-invalid` (issue 35, finding 9): every correction names its editor and
/// a real date from 2000-01-01 to the clock's tomorrow, the clock injected as `today`.
@Suite struct ProvenanceTests {
    let today = CalendarDay(year: 2026, month: 12, day: 1)!

    /// The valid review with one correction's editor and date as given.
    func review(editor: String = "tester", date: String = "2026-10-29") -> Review {
        var review = ReviewFixtures.review()
        review.corrections[.level]!.editor = editor
        review.corrections[.level]!.date = date
        return review
    }

    func hits(_ review: Review, today: CalendarDay? = nil) -> [String?] {
        RuleEngine.findings(RuleContext(review: review, recordName: "barbell bench press", vocabulary: ReviewFixtures.vocabulary, today: today ?? self.today))
            .filter { $0.rule.rawValue == "provenance-invalid" }.map(\.field)
    }

    @Test func anEditorMustBeANameThatPrintsAsItself() {
        for editor in ["", "   ", " \t ", "mallory\u{1B}[2J", "eve\u{202E}gnp.exe", "zero\u{200B}width", "two\u{2028}lines", "nul\u{0}", "del\u{7F}", "c1\u{85}"] {
            #expect(hits(review(editor: editor)) == ["corrections.level.editor"], "\(editor.debugDescription)")
        }
        for editor in ["tester", "Zoë Ødegård", "李雷", "a b"] {
            #expect(hits(review(editor: editor)).isEmpty, "\(editor)")
        }
        // The message names the character by its code point, never the raw name.
        let message = RuleEngine.findings(RuleContext(review: review(editor: "x\u{1B}y"), recordName: "n", vocabulary: ReviewFixtures.vocabulary, today: today))
            .first { $0.rule.rawValue == "provenance-invalid" }?.message
        #expect(message == "the editor holds U+001B, a control or format character")
    }

    /// Printable ASCII takes a shorter way: every ASCII byte, alone and between letters and spaces,
    /// gets the answer a scalar at a time gives.
    @Test func anASCIIEditorIsJudgedAsAScalarAtATimeWould() {
        for byte in UInt8(0)..<0x80 {
            let c = String(decoding: [byte], as: UTF8.self)
            for editor in [c, " " + c, "a" + c + "b", c + c, "  " + c + " "] {
                #expect(Provenance.editorProblem(editor) == Provenance.unicodeProblem(editor), "\(editor.debugDescription)")
            }
        }
    }

    @Test func aDateIsARealDayFrom2000ToTomorrow() {
        for date in ["0000-00-00", "yesterday", "", "1999-12-31", "2026-02-30", "2023-02-29", "2026-13-01", "2026-1-05", "26-10-29",
                     "2026-10-29T25:00:00Z", "2026-10-29T10:00:00", "2026-10-29 ", "2026-12-03", "9999-12-31", "２０２６-10-29"] {
            #expect(hits(review(date: date)) == ["corrections.level.date"], "\(date.debugDescription)")
        }
        // The bounds are in; a full UTC date-time (ISO 8601, as `Timestamp` writes it) is too.
        for date in ["2000-01-01", "2024-02-29", "2026-12-01", "2026-12-02", "2026-10-29T08:15:00Z", "2026-12-02T23:59:59Z"] {
            #expect(hits(review(date: date)).isEmpty, "\(date)")
        }
    }

    /// Tomorrow is the clock's, not a date written anywhere: the same review passes a day later.
    @Test func theBoundIsTheInjectedClocksTomorrow() {
        let dated = review(date: "2026-12-03")
        #expect(hits(dated) == ["corrections.level.date"])
        #expect(hits(dated, today: today + 1).isEmpty)
        #expect(CalendarDay(nanoseconds: 1_793_232_000 * 1_000_000_000) == CalendarDay(year: 2026, month: 10, day: 29))
        #expect(CalendarDay(nanoseconds: -1) == CalendarDay(year: 1969, month: 12, day: 31))
        #expect(CalendarDay(iso8601: "2026-10-29")!.description == "2026-10-29")
    }

    /// A review dated after tomorrow is not cleared, and says its eligibility waits on a later
    /// day (the index reads such a review again); a valid one does not.
    @Test func eligibilityBlocksAndSaysALaterDayMayChangeIt() {
        func eligibility(_ review: Review, today: CalendarDay) -> Eligibility {
            let record = ReviewFixtures.record()
            return Evaluator(vocabulary: ReviewFixtures.vocabulary, confidenceThreshold: 0.7, fingerprintFields: ReviewFixtures.fingerprintFields, today: today)
                .eligibility(record, canonical: ReviewFixtures.canonical(record), review: review)
        }
        let future = eligibility(review(date: "2026-12-05"), today: today)
        #expect(!future.autoPlan && future.awaitsALaterDay)
        #expect(future.reasons.first { $0.code == .fieldInvalid }?.details["rules"] == ["provenance-invalid"])
        let later = eligibility(review(date: "2026-12-05"), today: today + 4)
        #expect(later.autoPlan && !later.awaitsALaterDay)
        // Bad for good: a word or an empty editor never becomes valid, so nothing waits on it.
        #expect(!eligibility(review(date: "yesterday"), today: today).awaitsALaterDay)
        #expect(!eligibility(review(editor: ""), today: today).autoPlan)
    }
}
