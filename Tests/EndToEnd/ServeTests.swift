import CatalogCore
import CatalogJSON
import CatalogModel
import CommandTestSupport
import Foundation
import TestSupport
import Testing

/// `catalog serve` as users start it: the line it prints, the token, loopback only, stopping.
@Suite struct ServeTests {
    /// A running `catalog serve` and what it printed.
    final class Server {
        let process = Process()
        let port: Int
        let token: String
        let line: String

        init(in directory: String, environment: [String: String] = [:], arguments: [String] = []) throws {
            // Started as a shell starts it, with no signal blocked (the test runner's threads
            // block some, and a child would inherit that mask and hide a stray thread's default).
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                                 TestPaths.catalogBinary, "serve", "--port", "0"] + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            var env = scratchEnvironment()
            env["SOURCE_DATE_EPOCH"] = "1793232000"
            env["CATALOG_SERVE_TOKEN"] = nil
            env["CATALOG_EDITOR"] = nil
            for (k, v) in environment { env[k] = v }
            process.environment = env
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The one line, read byte by byte so nothing after it is waited for.
            var bytes: [UInt8] = []
            let handle = out.fileHandleForReading
            while let byte = try handle.read(upToCount: 1)?.first, byte != 0x0A { bytes.append(byte) }
            line = String(decoding: bytes, as: UTF8.self)
            let pattern = /^serving (.+) at http:\/\/127\.0\.0\.1:([0-9]+)\/\?token=([A-Za-z0-9._~-]+)$/
            guard let match = line.wholeMatch(of: pattern), let port = Int(match.2) else {
                process.terminate()
                throw ServerFailure("catalog serve printed '\(line)'")
            }
            self.port = port
            token = String(match.3)
        }

        /// Sends `signal` and waits for the exit; the seconds it took.
        func stop(_ signal: Int32 = SIGTERM) -> Double {
            let start = Date()
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return Date().timeIntervalSince(start)
        }
    }

    @Test func itPrintsItsAddressAnswersWithTheTokenAndStopsOnSIGTERM() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let server = try Server(in: dir.path, environment: ["CATALOG_SERVE_TOKEN": "e2e-token-0123456789"])
        #expect(server.token == "e2e-token-0123456789")
        #expect(server.line.hasPrefix("serving \(URL(fileURLWithPath: dir.path).standardizedFileURL.path) at "))
        let status = try httpRequest(server.port, "GET", "/api/status", token: server.token)
        #expect(status.hasPrefix("HTTP/1.1 200") && status.contains("\"records\": 24"))
        #expect(try httpRequest(server.port, "GET", "/api/status", token: nil).hasPrefix("HTTP/1.1 401"))
        #expect(try httpRequest(server.port, "GET", "/", token: server.token, headers: ["Host": "rebind.example:\(server.port)"]).contains("403 Forbidden"))
        let first = try httpRequest(server.port, "GET", "/?token=\(server.token)", token: nil)
        #expect(first.hasPrefix("HTTP/1.1 200") && first.contains("HttpOnly") && first.contains("SameSite=Strict") && first.contains("url=/\""))
        let seconds = server.stop()
        #expect(seconds < 2, "stopped after \(seconds) s")
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
    }

    @Test func aRandomTokenIs128BitsAndSIGINTStopsItToo() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let a = try Server(in: dir.path)
        let b = try Server(in: dir.path)
        #expect(a.token.count == 32 && a.token.allSatisfy(\.isHexDigit))
        #expect(a.token != b.token && a.port != b.port)
        #expect(try httpRequest(a.port, "GET", "/api/status", token: b.token).hasPrefix("HTTP/1.1 401"))
        #expect(a.stop(SIGINT) < 2 && b.stop(SIGINT) < 2)
        #expect(a.process.terminationReason == .exit && a.process.terminationStatus == 0)
    }

    @Test func aStopSignalRightAfterStartingStillStopsCleanly() throws {
        // Starting runs threads of its own (the index rebuilt on all cores, `git config` for the
        // editor's name): none may take SIGTERM's default and kill the server mid-write.
        let dir = TempDirectory()
        for part in ["catalog", "reviews"] {
            try FileManager.default.copyItem(atPath: TestPaths.packageRoot + "/" + part, toPath: dir.path + "/" + part)
        }
        try? FileManager.default.removeItem(atPath: dir.path + "/catalog/sample")
        for _ in 0..<5 {
            try? FileManager.default.removeItem(atPath: dir.path + "/.catalog")
            let server = try Server(in: dir.path)
            #expect(server.stop() < 2)
            #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
        }
    }

    @Test func openGivesTheBrowserAPrivatePageAndTheTokenToNoCommandLine() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        // A stand-in for xdg-open that notes the arguments it was given.
        let opener = dir.write("bin/xdg-open", "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/arguments.tmp\"\nmv \"$(dirname \"$0\")/arguments.tmp\" \"$(dirname \"$0\")/arguments\"\n")
        chmod(opener, 0o755)
        let path = dir.path + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let server = try Server(in: dir.path, environment: ["PATH": path, "CATALOG_SERVE_TOKEN": "open-token-0123456789"], arguments: ["--open"])
        var arguments: String?
        for _ in 0..<250 where arguments == nil {
            arguments = dir.read("bin/arguments")
            if arguments == nil { usleep(20_000) }
        }
        let page = try #require(arguments).trimmingCharacters(in: .newlines)
        #expect(!page.contains(server.token), "the token on xdg-open's command line: \(page)")
        #expect(page == URL(fileURLWithPath: dir.path).standardizedFileURL.path + "/.catalog/open-\(server.port).html")
        var info = stat()
        #expect(lstat(page, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o777 == 0o600)
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains("url=http://127.0.0.1:\(server.port)/?token=open-token-0123456789\""))
        #expect(server.stop() < 2)
        #expect(!FileManager.default.fileExists(atPath: page), "the page is removed when the server stops")
    }

    @Test func aHugeAnimationIsSentFromItsFileNotFromMemory() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let name = String(repeating: "ab", count: 32) + ".gif"
        let size = 256 << 20
        let media = dir.write(".catalog/media/" + name, "")
        #expect(truncate(media, off_t(size)) == 0, "a sparse file: no disk taken")
        let server = try Server(in: dir.path, environment: ["CATALOG_SERVE_TOKEN": "media-token-0123456789"])
        defer { _ = server.stop() }
        func peak() -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        }
        #expect(try httpRequest(server.port, "GET", "/api/status", token: server.token).hasPrefix("HTTP/1.1 200"))
        let before = peak()
        let socket = try LoopbackSocket(server.port)
        #expect(socket.send("GET /media/\(name) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAuthorization: Bearer \(server.token)\r\nConnection: close\r\n\r\n"))
        let received = socket.drain()
        #expect(received > size, "\(received) bytes")
        // 2.65 GB for a 1 GiB file before (read whole, then copied); now a few pieces at a time.
        #expect(peak() - before < 32 << 10, "peak memory grew from \(before) kB to \(peak()) kB")
    }

    @Test func itRefusesToListenBeyondLoopback() throws {
        let dir = try newCatalog(importing: TestPaths.sample)
        let result = try runCatalog(["serve", "--host", "0.0.0.0", "--port", "0"], in: dir.path)
        #expect(result.status == 64)
        #expect(result.stderr.contains("loopback"))
        let bad = try runCatalog(["serve", "--port", "70000"], in: dir.path)
        #expect(bad.status == 64)
        let short = try runCatalog(["serve"], in: dir.path, environment: ["CATALOG_SERVE_TOKEN": "short"])
        #expect(short.status == 64)
        let notCatalog = TempDirectory()
        #expect(try runCatalog(["serve"], in: notCatalog.path).status == 66)
    }
}
