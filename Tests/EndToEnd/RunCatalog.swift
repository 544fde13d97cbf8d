import Foundation
import TestSupport

// The built binary, for the tests that need a process: signals, crashes, terminals, shells.

/// The built `catalog` binary as the tests start it, not yet running: in `directory`, with the
/// test run's environment, SOURCE_DATE_EPOCH fixed and `environment` on top, and nothing on
/// stdin. The caller sets stdout and stderr and runs it.
func catalogProcess(_ arguments: [String], in directory: String, environment: [String: String] = [:]) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.catalogBinary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var env = scratchEnvironment()
    for (k, v) in environment { env[k] = v }
    process.environment = env
    process.standardInput = FileHandle.nullDevice
    return process
}

/// Runs the built `catalog` binary as a user would, to its end: stdout is read through a pipe
/// and stderr goes to a file, so megabytes on either stream cannot block the child.
func runCatalog(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> RunResult {
    let process = catalogProcess(arguments, in: directory, environment: environment)
    let errPath = NSTemporaryDirectory() + "catalog-stderr-\(UUID().uuidString)"
    // Created with open(2) and handed to the child as its stderr.
    let fd = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
    let err = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    defer { try? FileManager.default.removeItem(atPath: errPath) }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    try? err.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errData = FileManager.default.contents(atPath: errPath) ?? Data()
    return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
}

/// Runs `catalog ARGS` on a real pseudo-terminal (util-linux `script`), as a person at a terminal
/// would: `catalog` is the terminal's foreground job, and `input` is typed into it. Bounded by
/// `timeout` seconds (`timeout(1)` kills it; status 124).
func runCatalogOnTerminal(_ arguments: [String], in directory: String, environment: [String: String] = [:],
                                 input: String = "", timeout: Int = 30) throws -> RunResult {
    let command = ([TestPaths.catalogBinary] + arguments).map(shellQuoted).joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = [String(timeout), "/usr/bin/script", "-qec", command, "/dev/null"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var env = scratchEnvironment()
    env["TERM"] = "xterm"
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe(), inPipe = Pipe()
    process.standardOutput = out
    process.standardError = out
    process.standardInput = inPipe
    try process.run()
    inPipe.fileHandleForWriting.write(Data(input.utf8))
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try? inPipe.fileHandleForWriting.close()
    return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: "")
}
