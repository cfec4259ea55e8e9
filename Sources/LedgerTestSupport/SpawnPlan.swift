import Glibc

/// What ``SpawnedProcess`` asks `posix_spawn` to do in the child before it runs the program:
/// put each standard stream in place, close every other descriptor, start with no signal
/// blocked and every signal at its default (the test process ignores SIGPIPE; a child must not).
struct SpawnPlan {
    private var actions = posix_spawn_file_actions_t()
    /// The child's ends of the pipes: closed here once the child has its copies.
    private var childEnds: [Int32] = []
    /// Ours: closed too if the start fails.
    private var parentEnds: [Int32] = []

    init() { posix_spawn_file_actions_init(&actions) }

    /// Frees the plan; the parent's ends too unless the child started.
    mutating func release(started: Bool) {
        for descriptor in childEnds + (started ? [] : parentEnds) { close(descriptor) }
        (childEnds, parentEnds) = ([], [])
        posix_spawn_file_actions_destroy(&actions)
    }

    /// Puts `stream` on the child's descriptor `target` (0, 1 or 2); the parent's end of a pipe.
    mutating func route(_ stream: SpawnedProcess.Stream, onto target: Int32) throws -> Int32? {
        switch stream {
        case .inherit: return nil
        case .null:
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            return nil
        case .file(let handle):
            posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
            return nil
        case .pipe:
            // Close-on-exec (`pipe2` is not in Swift's Glibc module; every child closes what it
            // inherits from 3 up anyway): no other child started meanwhile keeps either end.
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw SpawnError(executable: "a pipe", code: errno) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            let (child, parent) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
            childEnds.append(child)
            parentEnds.append(parent)
            posix_spawn_file_actions_adddup2(&actions, child, target)
            return parent
        }
    }

    /// Closes in the child every descriptor from 3 up, whoever opened it and whether or not it is
    /// close-on-exec (glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, looked up at run
    /// time: Swift's Glibc module does not declare it). Without it only the pipes made here are
    /// sure to stay out of the child.
    mutating func closeTheRest() { _ = Self.addCloseFrom?(&actions, 3) }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: AddCloseFrom.self)
    }

    /// Starts `path` with `arguments` (its own name first) and `environment` (`NAME=value`).
    mutating func spawn(_ path: String, _ arguments: [String], _ environment: [String]) -> Result<pid_t, SpawnError> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number: Int32 in 1..<32 where number != SIGKILL && number != SIGSTOP { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let code = Self.withCStrings(arguments) { argv in
            Self.withCStrings(environment) { envp in posix_spawn(&pid, path, &actions, &attributes, argv, envp) }
        }
        return code == 0 ? .success(pid) : .failure(SpawnError(executable: path, code: code))
    }

    /// `strings` as a C array ending in NULL, for the length of `body`.
    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
