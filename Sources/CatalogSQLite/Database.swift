import CSQLite

/// A SQLite connection handle.
typealias SQLiteConnection = OpaquePointer

/// A SQLite failure: the extended result code, SQLite's message and the statement.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    public var code: Int32
    public var message: String
    public var sql: String?

    public init(code: Int32, message: String, sql: String?) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " in `\($0)`" } ?? "")
    }
}

/// A value bound to or read from a statement.
public enum SQLValue: Sendable, Equatable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
}

/// One SQLite connection. Not Sendable: a connection belongs to the code that opened it.
public final class Database {
    let handle: SQLiteConnection
    public let path: String

    /// The library's settings, made once before the first connection opens.
    private static let configured: Int32 = catalog_sqlite3_configure()

    /// Opens (creating when asked) the database at `path`, waiting up to `busyTimeoutMs` on locks.
    public init(path: String, create: Bool = true, readOnly: Bool = false, busyTimeoutMs: Int32 = 10_000) throws(SQLiteError) {
        _ = Self.configured
        var db: SQLiteConnection?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message, sql: nil)
        }
        handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMs)
    }

    /// Opens the file at `path` to read it as it is on disk, for a file this code did not write
    /// (a build's catalog.sqlite): read-only and immutable (no lock taken, no journal, `-wal` or
    /// `-shm` read or created, whatever its header says), defensive, its schema untrusted, views
    /// and triggers refused (`catalog_sqlite3_harden`).
    public init(immutable path: String) throws(SQLiteError) {
        _ = Self.configured
        var db: SQLiteConnection?
        let rc = sqlite3_open_v2(Self.uri(path) + "?mode=ro&immutable=1", &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message, sql: nil)
        }
        let hardened = catalog_sqlite3_harden(db)
        guard hardened == SQLITE_OK else {
            sqlite3_close_v2(db)
            throw SQLiteError(code: hardened, message: "cannot make the connection defensive", sql: nil)
        }
        handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
    }

    /// `path` as a `file:` URI: every byte but unreserved ones and `/` percent-encoded (a `?`,
    /// `#` or `%` in a folder's name stays part of the path); an absolute path after an empty
    /// authority, so that one starting `//` names no host.
    static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// For a file anyone may have edited: the schema's own SQL (triggers, views, defaults) may
    /// call no function with side effects (`trusted_schema=OFF`), and the connection runs
    /// defensive (`SQLITE_DBCONFIG_DEFENSIVE`). The caller still checks the schema is its own.
    public func distrustSchema() throws(SQLiteError) {
        let rc = catalog_sqlite3_defensive(handle)
        guard rc == SQLITE_OK else { throw error(rc, sql: "SQLITE_DBCONFIG_DEFENSIVE") }
        try execute("PRAGMA trusted_schema = OFF")
    }

    /// Every object of the schema (`sqlite_master`) as type, name, table and SQL, by type and name.
    public func schemaObjects() throws(SQLiteError) -> [[SQLValue]] {
        try rows("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
    }

    func error(_ code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Runs one or more statements that take no parameters.
    public func execute(_ sql: String) throws(SQLiteError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc, sql: sql) }
    }

    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs `sql` with bound parameters and returns every row.
    public func rows(_ sql: String, _ arguments: [SQLValue] = []) throws(SQLiteError) -> [[SQLValue]] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        var out: [[SQLValue]] = []
        while try statement.step() { out.append(statement.row()) }
        return out
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction(deciding: { () throws -> TransactionEnd<T> in .commit(try body()) })
    }

    /// Runs `body` in a transaction that ends as it says (committed, or rolled back with its
    /// value all the same); rolled back when it throws.
    public func inTransaction<T>(deciding body: () throws -> TransactionEnd<T>) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            switch try body() {
            case .commit(let result):
                try execute("COMMIT")
                return result
            case .rollBack(let result):
                try execute("ROLLBACK")
                return result
            }
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}

/// How a transaction's body ends it (`Database.inTransaction(deciding:)`), with its value.
public enum TransactionEnd<T> {
    case commit(T)
    case rollBack(T)
}

/// A prepared statement: prepared in `init`, finalized in `deinit`.
public final class Statement {
    let database: Database
    let handle: OpaquePointer
    let sql: String

    /// The bound text, copied here one string after another: SQLite reads it in place
    /// (`SQLITE_STATIC`) until the next binding, instead of allocating a copy of each string
    /// (binding was 23% of the build writer's instructions, callgrind). A buffer outgrown while a
    /// row is bound is kept (`outgrown`) until the next binding starts: the row's earlier text
    /// still points into it. All freed in `deinit`.
    private var boundText: UnsafeMutableRawPointer
    private var boundCapacity = 256
    private var boundUsed = 0
    private var outgrown: [UnsafeMutableRawPointer] = []

    init(database: Database, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw database.error(rc, sql: sql) }
        self.database = database
        self.handle = statement
        self.sql = sql
        boundText = .allocate(byteCount: boundCapacity, alignment: 8)
    }

    deinit {
        sqlite3_finalize(handle)
        boundText.deallocate()
        for buffer in outgrown { buffer.deallocate() }
    }

    /// Resets the statement for new values: the text bound before is no longer read.
    private func beginBinding() {
        sqlite3_reset(handle)
        if !outgrown.isEmpty {
            // Nothing may point into a buffer once it is freed.
            sqlite3_clear_bindings(handle)
            for buffer in outgrown { buffer.deallocate() }
            outgrown = []
        }
        boundUsed = 0
    }

    /// A copy of `bytes` to bind, valid until the next binding starts; never a null pointer
    /// (which would bind NULL), even for no bytes.
    fileprivate func stage(_ bytes: UnsafeRawBufferPointer) -> UnsafeMutableRawPointer {
        if boundUsed + bytes.count > boundCapacity {
            outgrown.append(boundText)
            boundCapacity = max(bytes.count, boundCapacity * 2)
            boundText = .allocate(byteCount: boundCapacity, alignment: 8)
            boundUsed = 0
        }
        let start = boundText + boundUsed
        if let base = bytes.baseAddress, bytes.count > 0 { start.copyMemory(from: base, byteCount: bytes.count) }
        boundUsed += bytes.count
        return start
    }

    public func bind(_ values: [SQLValue]) throws(SQLiteError) {
        beginBinding()
        // Parameters left unbound would keep their last values: they become NULL.
        if values.count < Int(sqlite3_bind_parameter_count(handle)) { sqlite3_clear_bindings(handle) }
        var binder = Binder(statement: self)
        for value in values { try binder.value(value) }
    }

    /// Binds every parameter in order through `bind`, without an array of values (for rows
    /// written a million at a time), then runs to completion and resets.
    public func run(_ bind: (inout Binder) throws(SQLiteError) -> Void) throws(SQLiteError) {
        beginBinding()
        var binder = Binder(statement: self)
        try bind(&binder)
        precondition(Int(binder.index) == Int(sqlite3_bind_parameter_count(handle)) + 1, "every parameter is bound")
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Binds a statement's parameters one after another (`bind`, `run(_:)`).
    public struct Binder {
        let statement: Statement
        fileprivate(set) var index: Int32 = 1

        fileprivate init(statement: Statement) {
            self.statement = statement
        }

        /// With its length: text may hold NUL characters.
        public mutating func text(_ value: String) throws(SQLiteError) {
            var value = value
            let (start, count) = value.withUTF8 { (statement.stage(UnsafeRawBufferPointer($0)), $0.count) }
            try check(sqlite3_bind_text(statement.handle, index, start.assumingMemoryBound(to: CChar.self), Int32(count), nil))
        }

        /// UTF-8 bytes as text (copied, like a string's).
        public mutating func text(utf8 bytes: UnsafeRawBufferPointer) throws(SQLiteError) {
            try check(sqlite3_bind_text(statement.handle, index, statement.stage(bytes).assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil))
        }

        /// Bytes as a BLOB (copied, like text).
        public mutating func blob(_ bytes: UnsafeRawBufferPointer) throws(SQLiteError) {
            try check(sqlite3_bind_blob(statement.handle, index, statement.stage(bytes), Int32(bytes.count), nil))
        }

        public mutating func text(_ value: String?) throws(SQLiteError) {
            if let value { try text(value) } else { try null() }
        }

        public mutating func int(_ value: Int64) throws(SQLiteError) {
            try check(sqlite3_bind_int64(statement.handle, index, value))
        }

        public mutating func int(_ value: Int?) throws(SQLiteError) {
            if let value { try int(Int64(value)) } else { try null() }
        }

        public mutating func double(_ value: Double) throws(SQLiteError) {
            try check(sqlite3_bind_double(statement.handle, index, value))
        }

        public mutating func null() throws(SQLiteError) {
            try check(sqlite3_bind_null(statement.handle, index))
        }

        public mutating func value(_ value: SQLValue) throws(SQLiteError) {
            switch value {
            case .null: try null()
            case .int(let v): try int(v)
            case .double(let v): try double(v)
            case .text(let v): try text(v)
            }
        }

        private mutating func check(_ rc: Int32) throws(SQLiteError) {
            guard rc == SQLITE_OK else { throw statement.database.error(rc, sql: statement.sql) }
            index += 1
        }
    }

    /// Advances to the next row; false when done.
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(rc, sql: sql)
        }
    }

    /// Binds, runs to completion and resets, for INSERT/UPDATE/DELETE.
    public func run(_ values: [SQLValue]) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Makes the statement ready to bind and step again.
    public func reset() {
        sqlite3_reset(handle)
    }

    public func row() -> [SQLValue] {
        (0..<sqlite3_column_count(handle)).map { column($0) }
    }

    public func column(_ index: Int32) -> SQLValue {
        switch read(index) {
        case .null: return .null
        case .int(let v): return .int(v)
        case .double(let v): return .double(v)
        case .text(let bytes): return .text(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// A text column with its exact length (text may hold NUL characters).
    public func text(_ index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    public func int(_ index: Int32) -> Int {
        Int(sqlite3_column_int64(handle, index))
    }

    /// Whether the column holds text (its bytes then read by `blob`, without conversion).
    public func isText(_ index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_TEXT
    }

    public func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// A BLOB column's bytes, valid until the statement steps, resets or is read otherwise.
    public func blob(_ index: Int32) -> UnsafeRawBufferPointer {
        guard let bytes = sqlite3_column_blob(handle, index) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    }
}

extension SQLValue {
    public var text: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    public var int: Int? {
        if case .int(let v) = self { return Int(v) }
        return nil
    }
}

/// A statement handed to the one thread that uses it meanwhile (a writer's own thread): SQLite's
/// multi-thread mode lets a connection move between threads, never be used by two at once.
public struct SendableStatement: @unchecked Sendable {
    public let statement: Statement
    public init(_ statement: Statement) { self.statement = statement }
}
