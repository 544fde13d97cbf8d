import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogSQLite

extension CatalogError {
    /// Any failure of the index (or of another SQLite file the catalog writes) as a user error:
    /// SQLite's result codes map to exit codes here and nowhere else (`SQLiteError.cause`). A
    /// full disk or a read-only checkout is 73, a database busy past the timeout 73, a damaged
    /// file 65; anything else stays an internal error (70).
    public static func index(_ error: any Error, file: String? = nil) -> CatalogError {
        if let error = error as? CatalogError { return error }
        guard let sqlite = error as? SQLiteError else { return CatalogError(.internalError, "index: \(error)", .init(file: file)) }
        switch sqlite.cause {
        case .cannotWrite: return CatalogError(.cannotWrite, "cannot write the index: \(sqlite.message)", .init(file: file))
        case .busy:
            let waited = CatalogIndex.busyTimeoutMs / 1000
            return CatalogError(.conflict, "catalog busy: another catalog command held the index for the whole wait (\(waited) s); run this one again when it has finished (\(sqlite.message))",
                                .init(file: file))
        case .damaged: return CatalogError(.dataError, "the index is damaged (\(sqlite.message)); it is derived: delete .catalog/ to rebuild it", .init(file: file))
        case .other: return CatalogError(.internalError, "index: \(sqlite)", .init(file: file))
        }
    }
}

extension CatalogIndex {
    /// Runs `body`, whose SQLite errors become the index's `CatalogError` (`CatalogError.index`):
    /// how the index's own code throws `CatalogError` and nothing else, so that no caller maps
    /// its errors again.
    static func mapped<T>(_ body: () throws -> T) throws(CatalogError) -> T {
        do { return try body() } catch { throw CatalogError.index(error) }
    }

    func mapped<T>(_ body: () throws -> T) throws(CatalogError) -> T { try Self.mapped(body) }
}

extension CatalogError {
    /// An error of any type where a command ends: a CatalogError as it is, SQLite's as the
    /// index's (`index(_:)`), anything else an internal error named by its own description
    /// (not "index: ...", which sent readers to a file that had nothing to do with it).
    public static func unexpected(_ error: any Error) -> CatalogError {
        if error is CatalogError || error is SQLiteError { return index(error) }
        return CatalogError(.internalError, "unexpected error: \(error)")
    }
}
