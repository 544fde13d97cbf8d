#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call: the settings the project makes, before the
   library is first used. Memory statistics off: with them on, every allocation SQLite makes takes
   a global mutex (measured: 8% of the build writer thread's time). */
static inline int catalog_sqlite3_configure(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
