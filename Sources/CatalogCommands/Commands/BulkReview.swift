import CatalogActions
import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore

/// `review --from-suggestions`: an editor confirms the suggestions for many records at once
/// (`BulkConfirmation`, which the workbench's Confirm runs too), and reads the summary.
enum BulkReview {
    static func run(_ context: CommandContext) throws -> Int32 {
        let args = context.arguments
        let catalog = try context.catalog()
        let selections: [BulkConfirmation.Selection?] = [
            args.positionals.isEmpty ? nil : .names(args.positionals), args.flag("all") ? .all : nil,
            args.option("group").map { .group($0) }, args.option("query").map { .query($0) },
        ]
        let chosen = selections.compactMap { $0 }
        guard chosen.count == 1, let selection = chosen.first else {
            throw CatalogError(.usage, "--from-suggestions takes ids, --group G, --query WORDS or --all (one of them)")
        }
        let confidence = try ReviewCommand.confidenceOption(args)
        let bulk = BulkConfirmation(selection, editor: try EditorIdentity.resolve(context), confidence: confidence,
                                    minimum: try minimumOption(args), dryRun: args.flag("dry-run"), day: try context.day(), at: try context.date())
        let outcome = try bulk.run(catalog)
        context.console.endProgress()
        report(outcome, confidence: confidence, context: context)
        if !outcome.conflicts.isEmpty { return CatalogError.Kind.cannotWrite.exitCode }
        return outcome.skipped.isEmpty ? 0 : CatalogError.Kind.findings.exitCode
    }

    /// `--min-draft-confidence X`, checked; nil (the catalog's threshold) when not given.
    static func minimumOption(_ args: ParsedArguments) throws(CatalogError) -> Double? {
        guard let text = args.option("min-draft-confidence") else { return nil }
        guard let value = Double(text), (0...1).contains(value) else {
            throw CatalogError(.usage, "--min-draft-confidence takes a number from 0 to 1, not '\(text)'")
        }
        return value
    }
}
