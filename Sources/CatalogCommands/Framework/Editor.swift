import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import Foundation

/// Who is editing: `--editor`, else `CATALOG_EDITOR`, else git's `user.name`.
enum EditorIdentity {
    static func resolve(_ context: CommandContext) throws(CatalogError) -> String {
        if let name = context.arguments.option("editor") {
            guard !TextNormalizer.normalize(name).isEmpty else { throw CatalogError(.usage, "--editor needs a name, not '\(name)'") }
            return name
        }
        if let name = context.console.environment["CATALOG_EDITOR"], !TextNormalizer.normalize(name).isEmpty { return name }
        if let name = gitUserName(in: context.root, environment: context.console.environment), !name.isEmpty { return name }
        throw CatalogError(.usage, "who is reviewing? pass --editor NAME, set CATALOG_EDITOR, or set git's user.name")
    }

    /// git's `user.name` as git finds it in the command's environment (HOME, GIT_CONFIG_*).
    static func gitUserName(in directory: String, environment: [String: String]) -> String? {
        let process = Process()
        process.environment = environment
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "config", "user.name"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension CommandContext {
    /// The day recorded on corrections (UTC, from SOURCE_DATE_EPOCH when set).
    func day() throws(CatalogError) -> String {
        String(try date().prefix(10))
    }
}
