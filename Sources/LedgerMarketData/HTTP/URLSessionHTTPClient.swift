import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live ``HTTPClient``: Foundation's `URLSession` (libcurl on Linux), used synchronously.
public struct URLSessionHTTPClient: HTTPClient {
    public init() {}

    public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        guard let url = URL(string: request.url) else { throw .unreachable("'\(request.url)' is not a URL") }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = request.timeout
        configuration.timeoutIntervalForResource = request.timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let box = ResultBox()
        let task = session.dataTask(with: urlRequest) { data, response, error in
            box.set(Self.result(data, response, error))
        }
        task.resume()
        guard box.wait(seconds: request.timeout + 5) else {
            task.cancel()
            throw .timedOut
        }
        return try box.result!.get()
    }

    private static func result(_ data: Data?, _ response: URLResponse?, _ error: Error?) -> Result<HTTPResponse, TransportError> {
        if let error {
            let code = (error as? URLError)?.code
            if code == .timedOut { return .failure(.timedOut) }
            return .failure(.unreachable(describe(code, error)))
        }
        guard let http = response as? HTTPURLResponse else { return .failure(.unreachable("no HTTP response")) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers["\(name)".lowercased()] = "\(value)"
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](data ?? Data())))
    }

    private static func describe(_ code: URLError.Code?, _ error: Error) -> String {
        switch code {
        case .cannotConnectToHost?: "connection refused"
        case .cannotFindHost?, .dnsLookupFailed?: "host not found"
        case .notConnectedToInternet?: "no network connection"
        case .networkConnectionLost?: "the connection was lost"
        case .secureConnectionFailed?: "the TLS connection failed"
        default: (error as? URLError).map { "network error \($0.code.rawValue)" } ?? "network error"
        }
    }
}

/// Hands a completion handler's result to the waiting caller.
private final class ResultBox: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stored: Result<HTTPResponse, TransportError>?

    var result: Result<HTTPResponse, TransportError>? { lock.withLock { stored } }

    func set(_ result: Result<HTTPResponse, TransportError>) {
        lock.withLock { stored = result }
        semaphore.signal()
    }

    func wait(seconds: Double) -> Bool {
        semaphore.wait(timeout: .now() + seconds) == .success
    }
}
