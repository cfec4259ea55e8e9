import LedgerStore
import LedgerTestSupport
import Testing

@testable import LedgerStorePostgres

/// What goes to libpq and comes back: parameters in text form (arrays quoted and escaped),
/// cells read from text (integers at their limits, booleans, NULL, text arrays, bytea), and
/// the one line a server without libpq prints.
@Suite("PostgreSQL: parameters, cells and libpq")
struct PostgresValuesTests {
    static let awkward = ["", "a,b", "say \"hi\"", #"back\slash"#, "{braces}", "NULL", "null", " spaced ", "é €"]

    @Test("a text array parameter quotes and escapes every element; its text form reads back")
    func arrays() {
        #expect(["a", ""].postgresText == #"{"a",""}"#)
        #expect(["x\"y\\z"].postgresText == #"{"x\"y\\z"}"#)
        #expect([Int64(-1), 2].postgresText == "{-1,2}")
        #expect(PostgresTextArray.elements(Self.awkward.postgresText) == Self.awkward)
        #expect(PostgresTextArray.elements(#"{a,"b,c",NULL,"NULL"}"#) == ["a", "b,c", nil, "NULL"])
        #expect(PostgresTextArray.elements("{}") == [])
        for broken in ["", "{", "{a,}", #"{"a}"#, #"{"a"b}"#, "a,b"] {
            #expect(PostgresTextArray.elements(broken) == nil, "\(broken)")
        }
    }

    @Test("integers read from text at their limits; anything else is refused")
    func integers() {
        func parse(_ text: String) -> Int64? {
            Array(text.utf8).withUnsafeBufferPointer { Int64.parse($0) }
        }
        #expect(parse("0") == 0 && parse("-17") == -17 && parse("42") == 42)
        #expect(parse("9223372036854775807") == .max && parse("-9223372036854775808") == .min)
        for refused in ["", "-", "9223372036854775808", "-9223372036854775809", "1.5", " 1", "1e3"] {
            #expect(parse(refused) == nil, "\(refused)")
        }
    }

    @Test("the bindings keep each value, NULL and bytes in order, as libpq takes them")
    func bindings() {
        var binds = PostgresBindings()
        binds.append(Int64(7))
        binds.append(String?.none)
        binds.append(PostgresBytes([0, 255]))
        binds.append(true)
        #expect(binds.types == [20, 0, 17, 16])
        #expect(binds.formats == [0, 0, 1, 0])
        #expect(binds.lengths == [1, 0, 2, 4])
        #expect(binds.starts == [0, nil, 2, 5])
        let query: PostgresQuery = "SELECT \(Int64(1)), \(unescaped: "x"), \("y")"
        #expect(query.sql == "SELECT $1, x, $2" && query.binds.count == 2)
    }

    @Test("without libpq, a connect says which package to install, in one line")
    func noLibrary() {
        let missing = LibPQ.problem(loading: "libpq-not-installed.so.5")
        #expect(missing == .noClient(library: "libpq-not-installed.so.5"))
        let location = PostgresLocation(endpoint: .tcp(host: "db", port: 5432), user: "u", database: "d")
        #expect(
            StoreError.cannotConnect(url: location.description, missing!).description
                == "cannot connect to PostgreSQL at 'postgres://u@db:5432/d': PostgreSQL's client library libpq-not-installed.so.5 is not installed; install it (apt-get install libpq5, or your system's libpq package) and start again"
        )
    }

    @Test(
        "on the test cluster: awkward texts, NULLs, integers, booleans and bytes go and come back",
        .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
    func roundTrip() throws {
        let session = try PostgresTestBooks.session()
        var binds = PostgresBindings()
        binds.append(Self.awkward)
        binds.append(Int64.min)
        binds.append(false)
        binds.append(PostgresBytes(Array(0...255)))
        binds.append(Int64?.none)
        let row = try #require(
            try session.rows("SELECT $1::text[], $2::int8, $3::bool, $4::bytea, $5::int8", binds).first)
        let (texts, number, flag, bytes, nothing) = try row.decode(([String], Int64, Bool, PostgresBytes, Int64?).self)
        #expect(texts == Self.awkward && number == .min && !flag && bytes.bytes == Array(0...255) && nothing == nil)
        let withNull = try session.rows("SELECT ARRAY['a', NULL]::text[], NULL::text[]")[0]
        #expect(throws: StoreError.self) { try withNull[0].decode([String].self) }
        #expect(try withNull[1].decode([String]?.self) == nil)
        #expect(throws: StoreError.self) { try withNull[1].decode(String.self) }
        #expect(throws: StoreError.database("syntax error at or near \"SELEC\" (SQLSTATE 42601)")) {
            try session.execute("SELEC 1")
        }
    }
}
