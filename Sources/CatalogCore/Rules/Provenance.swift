import CatalogJSON
import CatalogModel
import CatalogRecords

/// Who made each correction, and when (issue 35): an editor is a name that prints as itself,
/// a date a real day from 2000-01-01 to the clock's tomorrow (a day's grace for time zones).
/// The rule `provenance-invalid` reports what is wrong; a review with such a correction is not
/// cleared, so a build never carries an anonymous, forged or impossible provenance.
public enum Provenance {
    /// The earliest date a correction may carry.
    public static let earliest = CalendarDay(year: 2000, month: 1, day: 1)!

    /// What is wrong with each correction's editor and date, by field, on `today` (the clock's day).
    public static func problems(_ review: Review, today: CalendarDay) -> [(field: String?, message: String)] {
        var hits: [(place: Int, field: String?, message: String)] = []
        // A review's corrections mostly share their editor and date: the same bytes are judged once.
        var editor: (String, String?)?, date: (String, String?)?
        for (field, correction) in review.corrections {
            if !(editor?.0.sameUTF8(correction.editor) ?? false) { editor = (correction.editor, editorProblem(correction.editor)) }
            if !(date?.0.sameUTF8(correction.date) ?? false) { date = (correction.date, dateProblem(correction.date, today: today)) }
            if let problem = editor?.1 { hits.append((2 * field.place, "corrections.\(field.rawValue).editor", problem)) }
            if let problem = date?.1 { hits.append((2 * field.place + 1, "corrections.\(field.rawValue).date", problem)) }
        }
        // In field order, a field's editor before its date (nearly always there is none to sort).
        return hits.sorted { $0.place < $1.place }.map { ($0.field, $0.message) }
    }

    /// Why `editor` names no one: empty, white space only, or holding a character that is not
    /// printed as itself (a control, a format character such as a bidi override, a line separator).
    public static func editorProblem(_ editor: String) -> String? {
        // Printable ASCII (nearly every name; 10 corrections a record in a bulk step): nothing in
        // it is hidden, and its only white space is the space. The same answers as below.
        if editor.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return editor.utf8.contains { $0 != 0x20 } ? nil : noEditor
        }
        return unicodeProblem(editor)
    }

    static let noEditor = "the correction names no editor"

    /// `editorProblem`, a scalar at a time.
    static func unicodeProblem(_ editor: String) -> String? {
        if let scalar = editor.unicodeScalars.first(where: isHidden) {
            return "the editor holds U+\(hex(scalar.value)), a control or format character"
        }
        return TextNormalizer.normalize(editor).isEmpty ? noEditor : nil
    }

    /// Why `date` is no date a correction can carry on `today`.
    public static func dateProblem(_ date: String, today: CalendarDay) -> String? {
        guard let day = CalendarDay(iso8601: date) else {
            return "'\(CatalogError.quote(date))' is not a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SSZ)"
        }
        if day < earliest { return "\(date) is before \(earliest)" }
        if day > today + 1 { return "\(date) is after tomorrow (\(today + 1))" }
        return nil
    }

    /// Whether a later day may change what `review` is found to be: a correction dated after
    /// `today`'s tomorrow, which becomes valid when its day comes (the index reads it again).
    public static func awaitsALaterDay(_ review: Review, today: CalendarDay) -> Bool {
        var checked: String?
        for correction in review.corrections.values {
            // Corrections mostly share their date: a date once found no later is not read again.
            guard !(checked?.sameUTF8(correction.date) ?? false) else { continue }
            checked = correction.date
            if CalendarDay(iso8601: correction.date).map({ $0 > today + 1 }) ?? false { return true }
        }
        return false
    }

    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return true
        default: return TerminalControls.isControl(scalar.value)
        }
    }

    static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
