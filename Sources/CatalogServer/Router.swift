/// The handler table: method + path pattern → a plain function from request to response.
/// Patterns are `/`-separated; a part `:name` matches one non-empty part and is passed in
/// `Request.parameters`; a last part `*name` matches the rest of the path.
public struct Router: Sendable {
    public typealias Handler = @Sendable (Request) -> Response

    public struct Route: Sendable {
        public var method: String
        public var pattern: String
        public var handler: Handler

        public init(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
            self.method = method
            self.pattern = pattern
            self.handler = handler
        }

        /// The named parts when `path` matches, else nil.
        func match(_ path: String) -> [String: String]? {
            let want = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            let have = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            var parameters: [String: String] = [:]
            var h = have.startIndex
            for part in want {
                if part.hasPrefix("*") {
                    let rest = have[h...].joined(separator: "/")
                    guard !rest.isEmpty else { return nil }
                    parameters[String(part.dropFirst())] = rest
                    return parameters
                }
                guard h < have.endIndex else { return nil }
                let value = have[h]
                if part.hasPrefix(":") {
                    guard !value.isEmpty else { return nil }
                    parameters[String(part.dropFirst())] = String(value)
                } else if part != value {
                    return nil
                }
                h = have.index(after: h)
            }
            return h == have.endIndex ? parameters : nil
        }
    }

    public var routes: [Route]

    public init(_ routes: [Route]) { self.routes = routes }

    /// The first route that matches runs; a path known for other methods is 405, else 404.
    public func respond(_ request: Request) -> Response {
        var allowed: [String] = []
        for route in routes {
            guard let parameters = route.match(request.path) else { continue }
            let method = request.method == "HEAD" ? "GET" : request.method
            guard route.method == method else { allowed.append(route.method); continue }
            var request = request
            request.parameters = parameters
            return route.handler(request)
        }
        if !allowed.isEmpty {
            var response = Response.error(405, "method \(request.method) not allowed here")
            response.setHeader("Allow", allowed.joined(separator: ", "))
            return response
        }
        return .error(404, "not found")
    }
}
