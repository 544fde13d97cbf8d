import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
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
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Spawned in this process's own group, as `$EDITOR` is (TerminalEditor.spawn): the pager
        // reads keys and sets the terminal's modes, which a background group (where Foundation's
        // Process puts a child on Linux) may not do: less would stop there, and so would we.
        var env = environment
        if env["LESS"] == nil { env["LESS"] = "FRX" }
        guard case .success(let pid) = TerminalEditor.spawn(["/bin/sh", "-c", command], environment: env,
                                                            descriptors: [(ends[0], 0)], defaultSignals: [SIGPIPE]) else {
            close(ends[0])
            close(ends[1])
            return
        }
        close(ends[0])
        dup2(ends[1], 1)
        close(ends[1])
        // A pager quit before the end closes the pipe: the rest is dropped, not a SIGPIPE death.
        signal(SIGPIPE, SIG_IGN)
        pager = pid
    }

    /// Writes what is pending and, when a pager runs, ends its input and waits for it to quit.
    public func finish() {
        flush()
        guard let pager else { return }
        close(1)
        var status: Int32 = 0
        while waitpid(pager, &status, 0) < 0 && errno == EINTR {}
        self.pager = nil
    }
}
