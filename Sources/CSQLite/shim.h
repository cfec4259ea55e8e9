#include <sqlite3.h>

/// sqlite3_config is variadic, which Swift cannot call: this names the one setting we use.
/// Statement journals (the undo record of one statement inside a transaction) spill to a temp
/// file past `bytes`; once spilled, every later statement of the transaction writes its
/// journal through that file. Must run before the first connection opens.
static inline int ledger_sqlite3_set_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}
