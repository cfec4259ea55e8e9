import Hummingbird

/// `GET /healthz`: 200 "ok" while the server accepts requests (for the proxy and systemd).
/// `GET /`: the portfolio when signed in, else the login form.
struct HealthRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        router.get("/healthz") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
        }
        router.get("/") { request, _ in
            let signedIn = try await state.authenticator.user(for: request) != nil
            return ServerResponse.redirect(to: signedIn ? "/portfolio" : "/login")
        }
    }
}
