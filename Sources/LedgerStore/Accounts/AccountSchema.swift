/// The tables of the server's accounts database (`DATA/accounts.sqlite`): its own file with its
/// own migration list, not a ledger. Secrets are never stored: a password as its bcrypt hash,
/// an API token and a session id as their SHA-256 (hex). Times are whole seconds since 1970.
enum AccountSchema {
    /// `PRAGMA application_id`: 'LACC'. Marks the SQLite file as a ledger server's accounts.
    static let applicationID: Int64 = 0x4C41_4343

    static let migrations: [Migration] = [
        Migration(name: "0001-users", sql: users),
        Migration(name: "0002-tokens", sql: tokens),
        Migration(name: "0003-sessions", sql: sessions),
        Migration(name: "0004-attempts", sql: attempts),
        Migration(name: "0005-messages", sql: messages),
    ]

    static let users = """
        CREATE TABLE users (
            name TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 32),
            password_hash TEXT NOT NULL,
            admin INTEGER NOT NULL CHECK (admin IN (0, 1)),
            disabled INTEGER NOT NULL CHECK (disabled IN (0, 1)),
            created_at INTEGER NOT NULL
        ) STRICT;
        """

    static let tokens = """
        CREATE TABLE tokens (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_name TEXT NOT NULL REFERENCES users (name) ON DELETE CASCADE,
            token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
            label TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            last_used_at INTEGER
        ) STRICT;
        CREATE INDEX tokens_by_user ON tokens (user_name);
        """

    static let sessions = """
        CREATE TABLE sessions (
            session_hash TEXT PRIMARY KEY CHECK (length(session_hash) = 64),
            user_name TEXT NOT NULL REFERENCES users (name) ON DELETE CASCADE,
            csrf_token TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            last_seen_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX sessions_by_user ON sessions (user_name);
        """

    /// Attempts counted against a rate limit (sign-ins, password checks), one row per key an
    /// attempt counts against; the key is the SHA-256 of what it names (a name and an
    /// address), so no typed name is kept. Rows older than the window are swept at the next
    /// attempt. Kept here, not in memory, so a restart forgets nothing and several server
    /// processes on one data directory share the counts.
    static let attempts = """
        CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            key_hash TEXT NOT NULL CHECK (length(key_hash) = 64),
            at_ms INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX attempts_by_key ON attempts (key_hash, at_ms);
        CREATE INDEX attempts_by_time ON attempts (at_ms);
        """

    /// The social page's stream (docs/SERVER.md, "Messages"): what users wrote (`text`) and
    /// the trade posts of those who opted in (`bought`/`sold`, `body` the asset, `event_id` the
    /// trade's id so that voiding it removes the post). Never an amount. The server keeps the
    /// newest N; `trade_posts` on `users` is the opt-in, off by default.
    static let messages = """
        CREATE TABLE messages (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_name TEXT NOT NULL REFERENCES users (name) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('text', 'bought', 'sold')),
            body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
            event_id TEXT CHECK ((kind = 'text') = (event_id IS NULL)),
            created_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX messages_by_event ON messages (user_name, event_id) WHERE event_id IS NOT NULL;
        ALTER TABLE users ADD COLUMN trade_posts INTEGER NOT NULL DEFAULT 0 CHECK (trade_posts IN (0, 1));
        """
}
