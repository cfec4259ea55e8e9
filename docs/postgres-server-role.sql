-- The grants of the role `ledger serve --database` connects as when another role owns the
-- tables (docs/SERVER.md, "Roles and grants"). Run it as the owner once the schema exists,
-- and again after an upgrade that adds tables:
--
--   psql -d ledger -v ON_ERROR_STOP=1 -v role=ledger_server -f docs/postgres-server-role.sql
--
-- The role reads and writes the accounts and the books, but may only read and add events and
-- import receipts: never change or delete one (the triggers refuse that to every role, the owner included),
-- and never migrate. Row-level security limits it to the rows of the user each request names.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"role";
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO :"role";
REVOKE UPDATE, DELETE, TRUNCATE ON events FROM :"role";
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ledger_migrations FROM :"role";
REVOKE UPDATE, DELETE, TRUNCATE ON import_receipts FROM :"role";
