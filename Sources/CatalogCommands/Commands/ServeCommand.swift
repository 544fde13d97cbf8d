import CatalogCore
import CatalogFileWrites
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogServer
import CatalogStore
import CatalogWorkbench
import Foundation

enum ServeCommand {
    static let command = Command(
        name: "serve",
        abstract: "Review in the browser: a local web app over this catalog",
        usage: "serve [--host 127.0.0.1] [--port N] [--open] [--editor NAME]",
        discussion: """
            Serves the review workbench (queue, record pages with the animation, group grids,
            re-validation) and its JSON API on a loopback address only, and prints one line:
            `serving ROOT at http://127.0.0.1:PORT/?token=TOKEN`. Every request needs the token
            (the printed address sets a cookie; scripts send `Authorization: Bearer TOKEN`).
            The token is random (128 bits) unless CATALOG_SERVE_TOKEN is set. Port 0 (the
            default) picks a free port. Reviews saved in the browser are the same files the
            command line writes, with the same lock and lost-update check. SIGINT or SIGTERM
            stops the server after the requests in flight (within 2 s).
            """,
        options: [
            .option("host", "ADDR", "a loopback address to listen on (default 127.0.0.1)"),
            .option("port", "N", "the port (default 0: a free one)"),
            .flag("open", "open it in the desktop's browser (through a page only you can read in .catalog/: the token is on no command line)"),
            .option("editor", "NAME", "who is reviewing, unless the page says"),
        ],
        run: { context in
            let args = context.arguments
            _ = try args.positionals(0, "")
            var host = args.option("host") ?? "127.0.0.1"
            if host == "localhost" { host = "127.0.0.1" }
            let portText = args.option("port") ?? "0"
            guard let port = Int(portText), (0...65535).contains(port) else { throw CatalogError(.usage, "--port takes 0 to 65535, not '\(portText)'") }
            let token = try token(context.console.environment)
            // The stop signals are blocked before any thread starts (opening the catalog may
            // rebuild the index on all cores), so every thread inherits the mask and the signal
            // waits for `sigwait` below instead of killing the process.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGINT)
            sigaddset(&signals, SIGTERM)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            defer { pthread_sigmask(SIG_UNBLOCK, &signals, nil) }
            let catalog = try context.catalog()
            _ = try catalog.index()
            let root = URL(fileURLWithPath: catalog.layout.root).standardizedFileURL.path
            let editor = try? EditorIdentity.resolve(context)
            let workbench = workbench(root: root, environment: context.console.environment, editor: editor, fileClock: context.console.fileClock)
            let gate = SecurityGate()
            let server = try HTTPServer(host: host, port: port) { request in
                guard let security = gate.security else { return .error(503, "starting") }
                return workbench.respond(request, security: security)
            }
            gate.security = Security(token: token, port: server.port)
            let address = "http://\(host):\(server.port)/?token=\(token)"
            context.console.print("serving \(root) at \(address)")
            context.console.flush()
            let page = args.flag("open") ? try openInBrowser(address, folder: CatalogLayout(root: root).indexDirectory, port: server.port) : nil
            var received: Int32 = 0
            while sigwait(&signals, &received) != 0 {}
            server.stop()
            if let page { unlink(page) }
            return 0
        })

    /// The workbench of the catalog at `root`.
    static func workbench(root: String, environment: [String: String], editor: String?, fileClock: FileClock = .real) -> Workbench {
        Workbench(root: root, environment: environment, editor: editor, fileClock: fileClock)
    }

    /// CATALOG_SERVE_TOKEN, or 128 random bits as hex.
    static func token(_ environment: [String: String]) throws(CatalogError) -> String {
        if let given = environment["CATALOG_SERVE_TOKEN"] {
            guard given.count >= 16, given.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) }) else {
                throw CatalogError(.usage, "CATALOG_SERVE_TOKEN must be at least 16 letters, digits or -._~")
            }
            return given
        }
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(16) }.joined()
    }

    /// Opens the workbench in the desktop's browser without putting the token on a command line
    /// (`ps` shows those to every local user): `xdg-open` is given the path of a page only the
    /// user can read (0600, in `.catalog/`) that forwards to the address. The page is removed
    /// when the server stops; its path is returned.
    static func openInBrowser(_ address: String, folder: String, port: Int) throws(CatalogError) -> String {
        let page = folder + "/open-\(port).html"
        try FileSystem.createDirectory(folder)
        try FileSystem.writeAtomically(page, Array(Security.forwardingPage(to: address).utf8), mode: 0o600)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", page]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        return page
    }
}

/// The server's checks, set once the port is known (requests before that get 503).
final class SecurityGate: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Security?

    var security: Security? {
        get { lock.lock(); defer { lock.unlock() }; return value }
        set { lock.lock(); value = newValue; lock.unlock() }
    }
}

