import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore

enum FingerprintCommand {
    static let command = Command(
        name: "fingerprint",
        abstract: "Print a record's canonical text and its fingerprint",
        usage: "fingerprint ID|SOURCE:ID [--json]",
        discussion: """
            The canonical text (fingerprint v1) is the configured fields as `field: value` lines;
            the fingerprint is fp1: + the SHA-256 of that text. `sha256sum` of the text printed
            before the fingerprint line gives the same digest. JSON keys: id, source,
            canonicalText, fingerprint.
            """,
        options: [.flag("json", "print as JSON")],
        run: { context in
            let name = try context.arguments.positionals(1, "ID")[0]
            let catalog = try context.catalog()
            let (source, id) = try catalog.resolve(name)
            let entry = try catalog.index().catalogEntry(source: source, id: id)
            let canonicalText = entry.upstream.map(entry.canonicalText(of:)) ?? ""
            if context.arguments.flag("json") {
                context.console.json(.object(JSONObject([
                    JSONMember("id", .string(entry.id)), JSONMember("source", .string(entry.source)),
                    JSONMember("canonicalText", .string(canonicalText)), JSONMember("fingerprint", .string(entry.fingerprint)),
                ])))
            } else {
                context.console.print(canonicalText, terminator: "")
                context.console.print(entry.fingerprint)
            }
            return 0
        })
}
