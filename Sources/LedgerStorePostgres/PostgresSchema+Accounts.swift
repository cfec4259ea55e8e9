extension PostgresSchema {
    /// The server's accounts (what `DATA/accounts.sqlite` holds beside ledger files, LedgerStore's
    /// `AccountSchema`), shared by every server on the database: users, token and session
    /// hashes, rate-limit attempts and the messages. The same columns and CHECKs; booleans as
    /// BOOLEAN, times as whole seconds (attempts in milliseconds). A user's books are keyed by
    /// the same name (`ledger_users.name`).
    static let accounts = Migration(
        name: "0005-accounts",
        statements: [
            """
            CREATE TABLE accounts (
                name TEXT COLLATE "C" PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 32),
                password_hash TEXT NOT NULL,
                admin BOOLEAN NOT NULL,
                disabled BOOLEAN NOT NULL,
                created_at BIGINT NOT NULL,
                trade_posts BOOLEAN NOT NULL DEFAULT false
            )
            """,
            """
            CREATE TABLE account_tokens (
                id BIGSERIAL PRIMARY KEY,
                user_name TEXT COLLATE "C" NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
                token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
                label TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                last_used_at BIGINT
            )
            """,
            "CREATE INDEX account_tokens_by_user ON account_tokens (user_name)",
            """
            CREATE TABLE account_sessions (
                session_hash TEXT PRIMARY KEY CHECK (length(session_hash) = 64),
                user_name TEXT COLLATE "C" NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
                csrf_token TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                last_seen_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX account_sessions_by_user ON account_sessions (user_name)",
            """
            CREATE TABLE account_attempts (
                id BIGSERIAL PRIMARY KEY,
                key_hash TEXT NOT NULL CHECK (length(key_hash) = 64),
                at_ms BIGINT NOT NULL
            )
            """,
            "CREATE INDEX account_attempts_by_key ON account_attempts (key_hash, at_ms)",
            "CREATE INDEX account_attempts_by_time ON account_attempts (at_ms)",
            """
            CREATE TABLE messages (
                id BIGSERIAL PRIMARY KEY,
                user_name TEXT COLLATE "C" NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('text', 'bought', 'sold')),
                body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
                event_id TEXT CHECK ((kind = 'text') = (event_id IS NULL)),
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX messages_by_event ON messages (user_name, event_id) WHERE event_id IS NOT NULL",
        ])
}
