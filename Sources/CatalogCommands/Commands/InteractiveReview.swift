import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogStore
import Foundation

/// `catalog review ID` without options: edit the review in $EDITOR, as `kubectl edit` does.
/// Lines starting with `#` are help and are ignored; invalid input re-opens the editor with every
/// error on top, each naming its line in the file as re-opened; an unchanged or emptied file
/// aborts without writing, and so does an editor that exits non-zero (exit 1). A save that loses the race with another editor is kept beside the
/// review as `<id>.json.rej`.
enum InteractiveReview {
    static let editableKeys: Set<String> = Set(PlannerField.allCases.map(\.rawValue) + ["confidence", "planning", "note", "exceptions"])
    static let errorPrefix = "# ERROR"
    static let fixLine = "# Fix the errors above and save again, or empty the file to abort."

    /// One problem with a save, at its line of the edited file (nil: the file as a whole).
    struct EditError: Equatable {
        var line: Int?
        var message: String
    }

    /// What an edited file gives: a review, or the errors that keep it from being one.
    enum Draft {
        case review(Review)
        case errors([EditError])
    }

    static func run(_ name: String, _ context: CommandContext) throws -> Int32 {
        let target = try ReviewTarget(name, context)
        let (catalog, source, id) = (target.catalog, target.source, target.id)
        let original = target.loaded.review ?? Review(source: source, id: id)
        let template = try Self.template(target, review: original)

        try FileSystem.createDirectory(catalog.layout.indexDirectory + "/edit")
        let stem = catalog.layout.indexDirectory + "/edit/\(source)-\(id)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var round = 0
        var text = template
        while true {
            // A new file each round: an editor that remembers where its cursor was in a file
            // (Debian's vim does) opens it at the top, on the first error, not where it left.
            round += 1
            let path = stem + "-\(round).review.json"
            defer { unlink(path) }
            try FileSystem.writeAtomically(path, text)
            try openEditor(path, context)
            let edited = String(decoding: try FileSystem.read(path), as: UTF8.self)
            if edited == text && text != template {
                // Saved again without fixing the errors: stop rather than loop (as `kubectl edit` does).
                throw CatalogError(.dataError, "the review is still invalid and was not changed; nothing written", .init(record: "\(source):\(id)"))
            }
            let cleaned = droppingErrorHeader(edited)
            let body = blankingComments(cleaned)
            if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || body == blankingComments(template) {
                context.console.print("no changes; review of \(source):\(id) not written")
                return 0
            }
            let review: Review
            switch draft(body, from: original, target) {
            case .errors(let errors):
                text = header(errors) + cleaned
                continue
            case .review(let drafted):
                review = drafted
            }
            if review == target.loaded.review {
                context.console.print("no changes; review of \(source):\(id) not written")
                return 0
            }
            let eligibility = target.eligibility(review)
            try save(review, eligibility: eligibility, edited: edited, target, history: HistoryContext(door: .editor, editor: target.editor, at: try context.date()))
            ReviewCommand.report(review: review, eligibility: eligibility, catalog: catalog, context: context)
            return 0
        }
    }

    /// Saves the review; when the file changed since it was read, the editor's text is kept as
    /// `<review file>.rej` and the error names it, so no work is lost.
    static func save(_ review: Review, eligibility: Eligibility, edited: String, _ target: ReviewTarget, history: HistoryContext) throws {
        let catalog = target.catalog
        do {
            try catalog.saveEvaluatedReview(review, expected: target.loaded.sha256, eligibility: eligibility, history: history)
        } catch let error as CatalogError where error.kind == .conflict {
            let rejected = catalog.layout.reviewFile(source: review.source, id: review.id) + ".rej"
            try FileSystem.writeAtomically(rejected, edited)
            throw CatalogError(.conflict, "the review changed on disk since the editor opened (someone else saved it); nothing written. Your edit is kept in \(catalog.layout.relative(rejected)): run `catalog review` again and copy your changes over",
                               .init(file: catalog.layout.relativeReviewFile(source: review.source, id: review.id), record: "\(review.source):\(review.id)"))
        }
    }

    static func openEditor(_ path: String, _ context: CommandContext) throws {
        let command = TerminalEditor.command(context.console.environment)
        context.console.flush()
        let status = try TerminalEditor.run(command, path: path, environment: context.console.environment)
        // An editor that exits non-zero was aborted by its user (`:cq` in vim), as git reads it.
        guard status == 0 else {
            throw CatalogError(.findings, "aborted; nothing written (the editor, \(command), " + (status < 0 ? "was stopped by a signal)" : "exited with status \(status))"))
        }
    }

    // MARK: - Lines

    /// Comment lines made blank, so that line numbers in the rest stay those of the file.
    static func blankingComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") ? "" : $0 }
            .joined(separator: "\n")
    }

    /// The text without the error lines a previous save put on top.
    static func droppingErrorHeader(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0.hasPrefix(errorPrefix) || $0 == fixLine }
            .joined(separator: "\n")
    }

    /// Every error of a save, as comment lines on top; line numbers count these lines too, so each
    /// names its line in the file as the editor re-opens it.
    static func header(_ errors: [EditError]) -> String {
        let shift = errors.count + 1
        return errors.map { e in
            errorPrefix + (e.line.map { " (line \($0 + shift))" } ?? "") + ": " + e.message.replacingOccurrences(of: "\n", with: " ")
        }.joined(separator: "\n") + "\n" + fixLine + "\n"
    }

    /// The line of `"key":` in `body` (1-based), where an error about that key points.
    static func line(of key: String, in body: String) -> Int? {
        let quoted = "\"" + key + "\""
        for (i, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(quoted) {
            return i + 1
        }
        return nil
    }
}
