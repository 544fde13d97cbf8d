import CatalogCore
import CatalogFiles
import CatalogJSON
import CatalogModel
import CatalogStore
import CatalogViews
import Foundation

/// Where a command writes, and what it knows of its surroundings. Tests pass buffers.
public final class Console {
    public private(set) var out = ""
    public private(set) var err = ""
    /// The error the command ended on (its kind, not only its exit code: 73 is both a conflict
    /// and a write that failed), nil when it ended well or on findings.
    public internal(set) var failure: CatalogError?
    let stream: Bool
    public let environment: [String: String]
    /// Standard error is a terminal: progress may be shown there.
    public let interactive: Bool
    /// Standard output is a terminal: colour (unless NO_COLOR or --color say otherwise) and a pager.
    public let terminal: Bool
    /// `--color`: auto (on a terminal without NO_COLOR), always or never.
    public internal(set) var colorMode = ColorMode.auto
    /// The pager's process, once `page()` started one: standard output goes through it.
    var pager: pid_t?
    /// The clock the catalog's file stamps are taken on (the system's; tests run one ahead).
    public let fileClock: FileClock

    /// A console that collects output (for tests) or streams it to the process's stdout/stderr.
    public init(environment: [String: String], stream: Bool, interactive: Bool = false, terminal: Bool = false, fileClock: FileClock = .real) {
        self.environment = environment
        self.fileClock = fileClock
        self.stream = stream
        self.interactive = interactive
        self.terminal = terminal
    }

    public func print(_ text: String = "") {
        write(text + "\n", toError: false)
    }

    public func error(_ text: String) {
        write(text + "\n", toError: true)
    }

    /// A progress line is on the terminal (cleared before anything else is written).
    private var progressShown = false

    /// A transient progress line on a terminal; nothing when piped.
    public func progress(_ text: String) {
        guard interactive else { return }
        emit("\r\u{1B}[K" + CatalogError.printable(text, limit: 200), toError: true)
        progressShown = true
    }

    public func endProgress() {
        guard interactive, progressShown else { return }
        emit("\r\u{1B}[K", toError: true)
        progressShown = false
    }

    /// Everything printed for people passes here: control characters that upstream text may
    /// carry are escaped, so it can neither move the cursor nor recolour a terminal.
    func write(_ text: String, toError: Bool) {
        endProgress()
        emit(CatalogError.printable(asTyped(text), limit: .max, keepLineBreaks: true), toError: toError)
    }

    /// What `CatalogRoot.resolve` puts before a path typed relative (`/.<folder>/`), once the
    /// command has opened one: output drops it, so such a path, and any path made from it
    /// (a file in it, its parent), is named as typed, as when it was opened against the
    /// process's current folder.
    private var typedPrefix: String?

    /// Output drops `prefix` (`CommandContext.path`).
    func nameAsTyped(after prefix: String) { typedPrefix = prefix }

    /// `text` with the paths typed relative named as typed.
    func asTyped(_ text: String) -> String {
        guard let typedPrefix, text.contains(typedPrefix) else { return text }
        return text.replacingOccurrences(of: typedPrefix, with: "")
    }

    /// Standard output not yet written: a million lines go out in large writes, not one each.
    private var pending: [UInt8] = []

    func emit(_ text: String, toError: Bool) {
        if stream {
            if toError {
                flush()
                FileHandle(fileDescriptor: 2).write(Data(text.utf8))
            } else {
                pending.append(contentsOf: text.utf8)
                if pending.count >= 1 << 16 { flush() }
            }
        } else if toError {
            err += text
        } else {
            out += text
        }
    }

    /// JSON to standard output as bytes: what upstream text could carry to a terminal is escaped
    /// the JSON way (`JSONWriter.escapingTerminalControls`), so the document stays valid, where
    /// `write`'s escapes would break it; and a 20 MB report is not turned into a String and back.
    func emitJSON(_ json: [UInt8]) {
        emit(safeJSON: JSONWriter.escapingTerminalControls(asTyped(json: json)))
    }

    /// `asTyped` of a JSON document, on its bytes (a large one is not made a String): the
    /// prefix as a JSON string spells it is dropped.
    func asTyped(json: [UInt8]) -> [UInt8] {
        guard let typedPrefix else { return json }
        let prefix = Array(JSONWriter.string(.string(typedPrefix)).utf8.dropFirst().dropLast())
        var out: [UInt8] = []
        var start = 0
        while let hit = json[start...].firstRange(of: prefix) {
            if out.isEmpty { out.reserveCapacity(json.count) }
            out.append(contentsOf: json[start..<hit.lowerBound])
            start = hit.upperBound
        }
        guard start > 0 else { return json }
        out.append(contentsOf: json[start...])
        return out
    }

    /// `emitJSON` for bytes `JSONWriter.escapingTerminalControls` has made safe already.
    private func emit(safeJSON safe: [UInt8]) {
        endProgress()
        if stream {
            pending.append(contentsOf: safe)
            if pending.count >= 1 << 16 { flush() }
        } else {
            out += String(decoding: safe, as: UTF8.self)
        }
    }

    /// Writes what standard output holds (before an editor starts, before exiting).
    public func flush() {
        guard !pending.isEmpty else { return }
        Self.write(pending, to: 1)
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` to `fd`; when its reader is gone (a pager quit before the end:
    /// EPIPE, SIGPIPE being ignored then) the rest is dropped, as git does, not a crash.
    static func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    /// Writes a JSON document (pretty, sorted keys) to stdout.
    func json(_ value: JSONValue) {
        emitJSON(JSONWriter.bytes(value, style: .pretty))
    }

    /// Writes a JSON array element by element, as `json(.array(elements))` would print it whole.
    final class JSONArrayPrinter {
        let console: Console
        private var count = 0

        init(_ console: Console) { self.console = console }

        /// An element as `json(.array(...))` writes it (pretty, at indent 1), made safe for a
        /// terminal where it was made (on any core): appending it copies its bytes, no more.
        struct Element: Sendable {
            let bytes: [UInt8]

            /// `reserving`: the bytes an element usually takes, so writing it does not regrow.
            init(_ value: JSONValue, reserving capacity: Int = 0) {
                self.init(reserving: capacity) { JSONWriter.write(value, style: .pretty, indent: 1, into: &$0) }
            }

            /// An element `write` writes (pretty, at indent 1) member by member, not built first.
            init(reserving capacity: Int, _ write: (inout [UInt8]) -> Void) {
                var out: [UInt8] = []
                out.reserveCapacity(capacity)
                write(&out)
                bytes = JSONWriter.escapingTerminalControls(out)
            }
        }

        func append(_ element: JSONValue) {
            append(Element(element))
        }

        func append(_ element: Element) {
            // The separator and the element one after the other (not a copy of the element joined).
            console.emit(safeJSON: count == 0 ? [0x5B, 0x0A, 0x20, 0x20] : [0x2C, 0x0A, 0x20, 0x20])
            console.emit(safeJSON: element.bytes)
            count += 1
        }

        func finish() {
            console.emitJSON(Array((count == 0 ? "[]\n" : "\n]\n").utf8))
        }
    }
}

/// What every command gets: its parsed arguments, the console and the catalog root.
public struct CommandContext {
    public var arguments: ParsedArguments
    public var console: Console
    public var root: String
    /// How the root was found (the current folder, --root, CATALOG_ROOT, the ceilings); nil
    /// when a caller named the root outright.
    public var place: CatalogRoot?
    /// The suggester kept between commands by a process that runs many (`catalog serve`).
    public var suggesters: SuggesterCache?

    public init(arguments: ParsedArguments, console: Console, root: String, suggesters: SuggesterCache? = nil) {
        self.arguments = arguments
        self.console = console
        self.root = root
        self.suggesters = suggesters
    }

    /// The catalog at the root; long work (an index rebuild, an import) shows progress on a terminal.
    func catalog() throws(CatalogError) -> Catalog {
        if let place, place.given == nil, !FileSystem.exists(CatalogLayout(root: root).configFile) {
            let limit = place.ceilings.isEmpty ? "" : " below CATALOG_CEILING_DIRECTORIES"
            throw CatalogError(.noInput, "not a catalog: no catalog/catalog.json in this folder or any above it\(limit); run `catalog init` to make one here, or name a catalog's root with --root DIR", .init(file: place.workingDirectory))
        }
        let catalog = try Catalog(root: root, fileClock: console.fileClock)
        let console = console
        catalog.progress = { console.progress($0) }
        catalog.suggesterCache = suggesters
        catalog.environment = console.environment
        return catalog
    }

    /// `typed` (a path on the command line) as the command opens it: a relative one against the
    /// folder the command was run in (`CatalogRoot.workingDirectory`), never the process's
    /// current folder, so commands run in-process side by side each open their own. Output
    /// names it as typed (`Console.asTyped`).
    func path(_ typed: String) -> String {
        guard let place else { return typed }
        let opened = place.resolve(typed)
        if opened != typed { console.nameAsTyped(after: place.relativePrefix) }
        return opened
    }

    /// The date recorded in files: SOURCE_DATE_EPOCH when set (reproducible), else now, UTC.
    func date() throws(CatalogError) -> String {
        try RecordedTime.now(console.environment)
    }
}

/// One `catalog` subcommand: its name, help and behaviour.
public struct Command: Sendable {
    public var name: String
    public var abstract: String
    public var usage: String
    public var discussion: String
    public var options: [OptionSpec]
    /// Runs the command; returns the exit code (0, or 1 for findings); throws for errors.
    public var run: @Sendable (CommandContext) throws -> Int32

    public var help: String {
        var text = "\(abstract)\n\nUsage: catalog \(usage)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        let all = options + CLI.globalOptions
        text += "\nOptions:\n"
        let labels = all.map { "--\($0.name)" + ($0.value.map { " \($0)" } ?? "") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, spec) in zip(labels, all) {
            text += "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + spec.help + "\n"
        }
        return text
    }
}
