/* SQLite on first use (see lazylib.h): the functions the proposal registry calls, forwarded. */
#include <sqlite3.h>
#include <stddef.h>

#include "base/lazylib.h"

static void *lib;
static bool tried;

static z3_lazylib_fn get(const char *name) { return z3_lazylib_function(&lib, &tried, "libsqlite3.so.0", name); }

#define LOOKUP(type, name) Z3_LAZYLIB_LOOKUP(get, type, name)

/* Without the library no database is ever opened, so the rest only see misuse. */
#define FORWARD(ret, name, params, args, fallback) \
  ret name params {                                \
    LOOKUP(ret(*) params, name);                   \
    return fn ? fn args : fallback;                \
  }

FORWARD(int, sqlite3_open_v2, (const char *path, sqlite3 **db, int flags, const char *vfs), (path, db, flags, vfs),
        (*db = NULL, SQLITE_CANTOPEN))
FORWARD(int, sqlite3_close, (sqlite3 * db), (db), SQLITE_OK)
FORWARD(const char *, sqlite3_errmsg, (sqlite3 * db), (db), z3_lazylib_error())
FORWARD(int, sqlite3_extended_errcode, (sqlite3 * db), (db), SQLITE_CANTOPEN)
FORWARD(int, sqlite3_busy_timeout, (sqlite3 * db, int ms), (db, ms), SQLITE_MISUSE)
FORWARD(int, sqlite3_get_autocommit, (sqlite3 * db), (db), 1)
FORWARD(sqlite3_int64, sqlite3_last_insert_rowid, (sqlite3 * db), (db), 0)
FORWARD(int, sqlite3_exec,
        (sqlite3 * db, const char *sql, int (*cb)(void *, int, char **, char **), void *arg, char **err),
        (db, sql, cb, arg, err), SQLITE_MISUSE)
FORWARD(int, sqlite3_prepare_v2, (sqlite3 * db, const char *sql, int n, sqlite3_stmt **st, const char **tail),
        (db, sql, n, st, tail), SQLITE_MISUSE)
FORWARD(int, sqlite3_step, (sqlite3_stmt * st), (st), SQLITE_MISUSE)
FORWARD(int, sqlite3_finalize, (sqlite3_stmt * st), (st), SQLITE_OK)
FORWARD(int, sqlite3_bind_int64, (sqlite3_stmt * st, int i, sqlite3_int64 v), (st, i, v), SQLITE_MISUSE)
FORWARD(int, sqlite3_bind_text, (sqlite3_stmt * st, int i, const char *v, int n, void (*del)(void *)),
        (st, i, v, n, del), SQLITE_MISUSE)
FORWARD(int, sqlite3_column_int, (sqlite3_stmt * st, int i), (st, i), 0)
FORWARD(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt * st, int i), (st, i), 0)
FORWARD(const unsigned char *, sqlite3_column_text, (sqlite3_stmt * st, int i), (st, i), NULL)
FORWARD(int, sqlite3_open, (const char *path, sqlite3 **db), (path, db), (*db = NULL, SQLITE_CANTOPEN))
