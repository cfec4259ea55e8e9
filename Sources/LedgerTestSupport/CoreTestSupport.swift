// The helpers that need only LedgerCore (event builders, seeded ledgers, booking scenarios, Golden,
// SlowTests) live in LedgerCoreTestSupport, so that LedgerCoreTests (and the Interchange and
// Render tests) compile beside the rest of the build (docs/PERFORMANCE.md, "Build"). Every other
// test target imports them through LedgerTestSupport as before.
@_exported import LedgerCoreTestSupport
