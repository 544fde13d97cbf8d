import CatalogCore

/// The workbench's batch writes, given by the server that starts it: re-confirming stale reviews
/// (`catalog accept`) and confirming suggestions for many records (`catalog review
/// --from-suggestions`). Each takes typed arguments and answers with the outcome document the
/// CLI's `--json` gives, and whether a review changed meanwhile (409).
public struct WorkbenchActions: Sendable {
    public typealias Outcome = (document: JSONValue, conflict: Bool)
    /// Re-confirms the stale reviews of `ids` as `editor`.
    public var accept: @Sendable (_ ids: [String], _ editor: String) throws -> Outcome
    /// Confirms the suggested values of the fields not yet set for `ids` as `editor`, at
    /// `confidence` when given (its JSON number text).
    public var confirm: @Sendable (_ ids: [String], _ editor: String, _ confidence: String?) throws -> Outcome

    public init(accept: @escaping @Sendable ([String], String) throws -> Outcome,
                confirm: @escaping @Sendable ([String], String, String?) throws -> Outcome) {
        self.accept = accept
        self.confirm = confirm
    }
}
