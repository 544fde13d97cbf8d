import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore
import Foundation

/// Where a command's catalog is, found as git finds its repository: `--root`, else
/// `CATALOG_ROOT`, else the nearest folder at or above the current one that holds
/// `catalog/catalog.json`, never going up into a folder `CATALOG_CEILING_DIRECTORIES` names
/// (colon-separated absolute paths, as `GIT_CEILING_DIRECTORIES`); else the current folder.
public struct CatalogRoot: Sendable {
    /// The folder the command was run in (absolute).
    public var workingDirectory: String
    /// `--root` or `CATALOG_ROOT` as typed (paths printed stay as the user gave them); nil when
    /// neither was given.
    public var given: String?
    /// Folders the walk upward stops below.
    public var ceilings: [String]

    public init(workingDirectory: String, given: String?, environment: [String: String]) {
        self.workingDirectory = Self.absolute(workingDirectory, in: "/")
        let named = given ?? environment["CATALOG_ROOT"].flatMap { $0.isEmpty ? nil : $0 }
        self.given = named
        ceilings = (environment["CATALOG_CEILING_DIRECTORIES"] ?? "").split(separator: ":")
            .map(String.init).filter { $0.hasPrefix("/") }.map { Self.absolute($0, in: "/") }
    }

    /// The root the command works on, as typed (`resolve` gives where it is opened).
    public var path: String {
        given ?? enclosing(from: workingDirectory) ?? workingDirectory
    }

    /// `typed` as a process in `workingDirectory` opens it: a relative path becomes
    /// `/.<workingDirectory>/<typed>`, which the kernel reads as `<workingDirectory>/<typed>`
    /// (`..` is left to it: it follows links as a shell's `cd` would not). The leading `/.`
    /// marks what was typed: output drops the prefix, naming such a path (and any path made from
    /// it) as typed (`Console.asTyped`); it is under no root found upward, as the typed path was
    /// not; and a path worked out from it (made absolute, standardised) is as it was.
    public func resolve(_ typed: String) -> String {
        typed.isEmpty || typed.hasPrefix("/") ? typed : relativePrefix + typed
    }

    /// What `resolve` puts before a relative path.
    var relativePrefix: String { "/." + (workingDirectory == "/" ? "" : workingDirectory) + "/" }

    /// The nearest catalog at or above `start`, stopping at a ceiling; nil when there is none.
    public func enclosing(from start: String) -> String? {
        var folder = Self.absolute(start, in: workingDirectory)
        while true {
            if FileSystem.exists(CatalogLayout(root: folder).configFile) { return folder }
            if ceilings.contains(folder) || folder == "/" { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// The folders of a catalog that belong to it (a catalog made inside one would be read as
    /// its data or swept with it).
    static let ownFolders = ["catalog", "reviews", ".catalog", "dist"]

    /// Where `init` makes a catalog: the root given, else the current folder (never one found
    /// upward), as it is opened (`resolve`). Refuses inside another catalog's own folders, naming
    /// its root; returns the enclosing catalog's root when the new one is nested elsewhere in it.
    func initTarget() throws(CatalogError) -> (target: String, nestedIn: String?) {
        let typed = given ?? workingDirectory
        let target = Self.absolute(typed, in: workingDirectory)
        if FileSystem.exists(CatalogLayout(root: target).configFile) { return (resolve(typed), nil) }
        let parent = (target as NSString).deletingLastPathComponent
        guard target != "/", let outer = enclosing(from: parent) else { return (resolve(typed), nil) }
        let inside = target.dropFirst(outer == "/" ? 1 : outer.count + 1)
        if let folder = inside.split(separator: "/").first.map(String.init), Self.ownFolders.contains(folder) {
            throw CatalogError(.usage, "refusing to make a catalog inside \(folder)/ of the catalog at \(outer); run commands from anywhere in it (it is found from here), or give a folder outside its \(Self.ownFolders.map { $0 + "/" }.joined(separator: ", "))", .init(file: target))
        }
        return (resolve(typed), outer)
    }

    /// `path` made absolute against `base`, with `.`, `..` and doubled slashes resolved.
    static func absolute(_ path: String, in base: String) -> String {
        let full = path.hasPrefix("/") ? path : base + "/" + path
        let standard = URL(fileURLWithPath: full).standardizedFileURL.path
        return standard.count > 1 && standard.hasSuffix("/") ? String(standard.dropLast()) : standard
    }
}
