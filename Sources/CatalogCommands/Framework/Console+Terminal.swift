import CatalogCore
import Foundation

/// `--color WHEN`.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never
}

extension Console {
    /// A colour for part of a line (SGR codes).
    public enum Style: String, Sendable {
        case red = "31", green = "32", yellow = "33", magenta = "35", cyan = "36", bold = "1"
    }

    /// Part of a line and its colour (none: plain).
    public typealias Span = (text: String, style: Style?)

    /// Colour is on: `--color always`; or `auto` with standard output a terminal and NO_COLOR
    /// unset or empty (no-color.org).
    public var colors: Bool {
        switch colorMode {
        case .always: return true
        case .never: return false
        case .auto: return terminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }

    func setColor(_ value: String?) throws(CatalogError) {
        guard let value else { return }
        guard let mode = ColorMode(rawValue: value) else {
            throw CatalogError(.usage, "--color takes \(ColorMode.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'" + NearMiss.hint(value, among: ColorMode.allCases.map(\.rawValue)))
        }
        colorMode = mode
    }

    /// A line of spans: each escaped as `print` escapes text, then coloured when colour is on.
    public func print(_ spans: [Span]) {
        var line = ""
        for span in spans {
            let safe = CatalogError.printable(span.text, limit: .max, keepLineBreaks: true)
            if let style = span.style, colors, !safe.isEmpty {
                line += "\u{1B}[\(style.rawValue)m" + safe + "\u{1B}[0m"
            } else {
                line += safe
            }
        }
        endProgress()
        emit(line + "\n", toError: false)
    }

    /// The colour of a record state as commands print it.
    public static func style(state: String) -> Style {
        switch state {
        case "stale", "removed": return .red
        case "unreviewed": return .yellow
        case "blocked": return .magenta
        default: return .green
        }
    }

    /// What follows goes through `$PAGER` (default `less -FRX`) when standard output is a
    /// terminal, as git pages: never when piped, and not when PAGER is empty or `cat`.
    public func page() {
        guard stream, terminal, pager == nil else { return }
        let command = environment["PAGER"] ?? "less -FRX"
        guard !command.trimmingCharacters(in: .whitespaces).isEmpty, command != "cat" else { return }
        flush()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var env = environment
        if env["LESS"] == nil { env["LESS"] = "FRX" }
        process.environment = env
        let pipe = Pipe()
        // Neither end may stay open in the pager (it would never see the end of its input).
        for fd in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        process.standardInput = pipe
        do { try process.run() } catch { return }
        dup2(pipe.fileHandleForWriting.fileDescriptor, 1)
        try? pipe.fileHandleForWriting.close()
        pager = process
    }

    /// Writes what is pending and, when a pager runs, ends its input and waits for it to quit.
    public func finish() {
        flush()
        guard let pager else { return }
        close(1)
        pager.waitUntilExit()
        self.pager = nil
    }
}
