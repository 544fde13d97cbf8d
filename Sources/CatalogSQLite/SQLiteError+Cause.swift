import CSQLite

extension SQLiteError {
    /// What a failure means for the user, from SQLite's primary result code (the low byte of an
    /// extended one): the single table `CatalogError.index` turns into exit codes.
    public enum Cause: Sendable {
        /// READONLY, CANTOPEN, PERM, FULL, IOERR: the file or its folder cannot be written.
        case cannotWrite
        /// BUSY, LOCKED: another process holds it past the busy timeout.
        case busy
        /// CORRUPT, NOTADB: the file is not a sound database.
        case damaged
        case other
    }

    /// SQLite's primary result code: the low byte of the extended one `code` holds
    /// (`SQLITE_READONLY_DBMOVED` is `SQLITE_READONLY`).
    public var primaryCode: Int32 { code & 0xFF }

    public var cause: Cause {
        switch primaryCode {
        case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_FULL, SQLITE_IOERR: return .cannotWrite
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .damaged
        default: return .other
        }
    }
}
