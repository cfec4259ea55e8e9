// swift-tools-version: 6.1
// The package layout follows docs/ARCHITECTURE.md: a pure ring (Core, Interchange, Render),
// an adapter ring (Store, MarketData), the application ring (App: the use cases) and the shell
// (CLI + the `ledger` executable).
import PackageDescription

// Every target sees only the members of the modules it imports itself (SE-0444), so a target
// cannot use a store's API through another target's import: the dependency rules hold.
let strictImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

/// Release builds of `ledger` on Linux link the Swift runtime statically (below).
let staticRelease = BuildSettingCondition.when(platforms: [.linux], configuration: .release)

let package = Package(
    name: "ledger",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ledger", targets: ["ledger"]),
        .executable(name: "ledger-serve", targets: ["ledger-serve"]),
        .executable(name: "ledger-live", targets: ["ledger-live"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `ledger serve` only (docs/SERVER.md has what they cost). No default traits: they pull in
        // swift-configuration and full Foundation, which the server does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // bcrypt for account passwords: only its HummingbirdBcrypt product (a small C target, no NIO).
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        // Hummingbird's own dependency, named for NIOPosix's thread pool (bcrypt off the event loop).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Pure ring: values in, values out.
        .target(name: "LedgerCore", swiftSettings: strictImports),
        // SHA-256 from the system's libcrypto (OpenSSL 3's libcrypto.so.3, from libssl3, which
        // libcurl4 depends on: no development package; Sources/COpenSSL/shim.h declares what it
        // uses): the hash chain, import receipts and the snapshots' HMAC (SHA256Hasher).
        .systemLibrary(name: "COpenSSL"),
        .target(name: "LedgerInterchange", dependencies: ["LedgerCore", "COpenSSL"], swiftSettings: strictImports),
        .target(name: "LedgerRender", dependencies: ["LedgerCore"], swiftSettings: strictImports),

        // Adapter ring.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "LedgerStore",
            dependencies: [
                "LedgerCore", "LedgerInterchange", "CSQLite",
            ],
            swiftSettings: strictImports
        ),
        // PostgreSQL's client, libpq (libpq.so.5, Debian's libpq5), loaded with dlopen on the first
        // connect as libcurl is (Sources/CLibPQ/include/CLibPQ.h declares what the store calls):
        // nothing to build against, and only `ledger-serve --database` needs the library.
        .target(name: "CLibPQ", linkerSettings: [.linkedLibrary("dl")]),
        // The same store protocols on PostgreSQL (docs/SERVER.md), out of LedgerStore so that only
        // what opens a PostgreSQL database links it.
        .target(
            name: "LedgerStorePostgres",
            dependencies: ["LedgerCore", "LedgerInterchange", "LedgerStore", "CLibPQ"],
            swiftSettings: strictImports
        ),
        // libcurl, loaded on the first request instead of linked (start-up time, see CCurl.h).
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "LedgerMarketData", dependencies: ["LedgerCore", "LedgerInterchange", "CCurl"],
            swiftSettings: strictImports
        ),

        // Application ring: the use cases as services, written against the stores' protocols.
        .target(
            name: "LedgerApp",
            dependencies: [
                "LedgerCore", "LedgerInterchange", "LedgerStore", "LedgerMarketData",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ],
            swiftSettings: strictImports
        ),

        // Shell.
        .target(
            name: "LedgerCLI",
            dependencies: [
                // Not LedgerStore nor LedgerMarketData: the stores and the sources are reached
                // only through LedgerApp's use cases (docs/ARCHITECTURE.md, "Dependency rules").
                "LedgerCore", "LedgerInterchange", "LedgerRender", "LedgerApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictImports
        ),
        // The Swift runtime and FoundationEssentials linked into the release binary (`-static-stdlib`):
        // 18 shared objects at start-up become 7, 2.4–4.1 ms less CPU a process (a fifth) for 21 MB more
        // binary (docs/PERFORMANCE.md, "Start-up"). Only `ledger`, whose start-up is most of a small
        // command; debug builds stay dynamic (every test build relinks them).
        .executableTarget(
            name: "ledger", dependencies: ["LedgerCLI"],
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"], staticRelease),
                // FoundationEssentials' own dependencies: the modules were compiled against the
                // shared libraries, whose link entries leave these archives out.
                .linkedLibrary("_FoundationCollections", staticRelease),
                .linkedLibrary("_FoundationCShims", staticRelease),
            ]
        ),

        // The web app and JSON API (`ledger serve` starts `ledger-serve`), kept out of the
        // `ledger` binary so the CLI starts without NIO.
        .target(
            name: "LedgerServer",
            dependencies: [
                // Not LedgerStore nor LedgerMarketData, as for LedgerCLI: LedgerApp's use cases only.
                "LedgerCore", "LedgerInterchange", "LedgerRender", "LedgerApp",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictImports
        ),
        // LedgerStorePostgres: `--database postgres://…` (the one place that opens it, issue 38).
        .executableTarget(
            name: "ledger-serve", dependencies: ["LedgerServer", "LedgerCLI", "LedgerApp", "LedgerStorePostgres"]),

        // The WebSocket streamer of `ledger live` (`ledger live` starts `ledger-live`), kept out of
        // the `ledger` binary like the server.
        // (Its WebSocket client speaks RFC 6455 over a connection libcurl opens, TLS included:
        // no swift-nio-ssl and its BoringSSL, docs/PERFORMANCE.md "Build".)
        .target(
            name: "LedgerStream",
            dependencies: ["LedgerCore", "LedgerMarketData", "CCurl", "COpenSSL"],
            swiftSettings: strictImports
        ),
        .executableTarget(name: "ledger-live", dependencies: ["LedgerStream", "LedgerCLI"]),

        // Test support (never a product). What needs only LedgerCore is a target of its own, so that
        // LedgerCoreTests (the largest test module), LedgerInterchangeTests and LedgerRenderTests
        // compile as soon as their module has, beside the rest of the build instead of after
        // LedgerCLI (docs/PERFORMANCE.md, "Build"); LedgerTestSupport re-exports it.
        .target(name: "LedgerCoreTestSupport", dependencies: ["LedgerCore"]),
        .target(
            name: "LedgerTestSupport",
            dependencies: [
                "LedgerCoreTestSupport", "LedgerCore", "LedgerStore", "LedgerApp", "LedgerCLI", "LedgerMarketData",
            ]),
        .executableTarget(
            name: "ledger-stress",
            dependencies: ["LedgerCore", "LedgerStore"],
            path: "Tests/Tools/ledger-stress"
        ),

        // `ledger-bench`: the hot paths timed one by one (Benchmarks/HotPaths, docs/PERFORMANCE.md).
        .executableTarget(
            name: "ledger-bench",
            dependencies: [
                "LedgerCore", "LedgerInterchange", "LedgerStore", "LedgerTestSupport",
            ],
            path: "Benchmarks/HotPaths"
        ),
        // `ledger-pg-bench`: one PostgreSQL session's round trips, statement by statement (issue 38,
        // docs/ARCHITECTURE.md "Synchronous stores on PostgreSQL").
        .executableTarget(
            name: "ledger-pg-bench",
            dependencies: ["LedgerCore", "LedgerStore", "LedgerStorePostgres", "LedgerTestSupport"],
            path: "Benchmarks/Postgres"
        ),

        .testTarget(name: "LedgerCoreTests", dependencies: ["LedgerCore", "LedgerCoreTestSupport"]),
        .testTarget(
            name: "LedgerInterchangeTests", dependencies: ["LedgerInterchange", "LedgerCoreTestSupport"],
            exclude: ["Snapshots", "Fixtures", "JournalFixtures"]
        ),
        .testTarget(
            name: "LedgerRenderTests", dependencies: ["LedgerRender", "LedgerCoreTestSupport"],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "LedgerStoreTests", dependencies: ["LedgerStore", "LedgerStorePostgres", "LedgerTestSupport"]),
        .testTarget(name: "LedgerAppTests", dependencies: ["LedgerApp", "LedgerTestSupport"]),
        .testTarget(
            name: "LedgerMarketDataTests", dependencies: ["LedgerMarketData", "LedgerTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "LedgerCLITests",
            dependencies: ["LedgerCLI", "LedgerApp", "LedgerStream", "LedgerTestSupport"],
            exclude: ["Scenarios", "Fixtures"]
        ),
        .testTarget(
            name: "LedgerServerTests",
            dependencies: [
                // LedgerCLI: the books' tests run the CLI in-process on the same ledger to compare.
                // LedgerStorePostgres: the server on PostgreSQL (PostgresServerTests).
                "LedgerServer", "LedgerApp", "LedgerCLI", "LedgerTestSupport", "LedgerStorePostgres",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["LedgerTestSupport", "ledger", "ledger-serve", "ledger-live", "ledger-stress"]
        ),
    ]
)
