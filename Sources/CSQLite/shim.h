#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call: the settings the project makes, before the
   library is first used. Memory statistics off: with them on, every allocation SQLite makes takes
   a global mutex (measured: 8% of the build writer thread's time). */
static inline int catalog_sqlite3_configure(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* sqlite3_db_config is variadic too: defensive mode for a connection to a file the project did
   not write itself (the index, which anyone can edit): no writable_schema, no journal_mode=OFF,
   no direct page writes. */
static inline int catalog_sqlite3_defensive(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}

/* A connection to a file this code did not write (a build's
   catalog.sqlite) made unable to run what its schema could hold. Defensive (no writable schema,
   no shadow-table writes), the schema untrusted (functions with side effects refused in views
   and triggers), and views and triggers refused outright: the reader's tables are read by plain
   SELECTs only. SQLITE_OK, or the first failure. */
static inline int catalog_sqlite3_harden(sqlite3 *db) {
    int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    if (rc == SQLITE_OK) rc = sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
    if (rc == SQLITE_OK) rc = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, (int *)0);
    if (rc == SQLITE_OK) rc = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
    return rc;
}
