import CatalogCore
import CatalogJSON
import CatalogModel
import Foundation

/// Runs `$VISUAL`/`$EDITOR` on a file the way git and `system(3)` do: through `/bin/sh -c`, so a
/// value with arguments works (`code --wait`, `vim -u NONE`), in this process's own process group,
/// so that an editor that uses the terminal is in its foreground group and may draw and read
/// keys. (Foundation's `Process` starts each child in a new group on Linux: a terminal editor
/// there is stopped by SIGTTOU/SIGTTIN as a background job and hangs.) While it runs, this
/// process ignores SIGINT and SIGQUIT, as `system(3)` does: Ctrl-C belongs to the editor.
enum TerminalEditor {
    /// The editor command from the environment (`VISUAL`, then `EDITOR`, else `vi`).
    static func command(_ environment: [String: String]) -> String {
        for key in ["VISUAL", "EDITOR"] {
            if let value = environment[key], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on `path` and returns its exit status (-1 when a signal ended it).
    static func run(_ command: String, path: String, environment: [String: String]) throws(CatalogError) -> Int32 {
        // When stdin or stdout is not the terminal (`catalog review X | tee log`), the editor
        // still gets the controlling terminal, as git gives it.
        var tty: Int32 = -1
        // The parent's copy is closed once the editor has run (each retry opens it again).
        defer { if tty >= 0 { close(tty) } }
        if isatty(0) == 0 || isatty(1) == 0 { tty = open("/dev/tty", O_RDWR | O_CLOEXEC) }
        let previousInt = signal(SIGINT, SIG_IGN), previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInt)
            signal(SIGQUIT, previousQuit)
        }
        let started = spawn(["/bin/sh", "-c", command + " \"$1\"", "sh", path], environment: environment,
                            descriptors: tty >= 0 ? [Int32(0), 1, 2].map { (tty, $0) } : [], defaultSignals: [SIGINT, SIGQUIT])
        let pid: pid_t
        switch started {
        case .success(let started): pid = started
        case .failure(let failure):
            throw CatalogError(.internalError, "could not start the editor (\(command)): \(String(cString: strerror(failure.code)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw CatalogError(.internalError, "waiting for the editor (\(command)): \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    struct SpawnFailure: Error { let code: Int32 }

    /// Starts `arguments` (the program first) in this process's own group, with `descriptors`
    /// (from, to) duplicated and `defaultSignals` set back to their default in the child: how
    /// the editor and the pager start, so that both may take the terminal.
    static func spawn(_ arguments: [String], environment: [String: String], descriptors: [(Int32, Int32)],
                      defaultSignals: [Int32]) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (from, to) in descriptors { posix_spawn_file_actions_adddup2(&actions, from, to) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let variables: [String] = environment.map { "\($0.key)=\($0.value)" }.sorted()
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        return spawned == 0 ? .success(pid) : .failure(SpawnFailure(code: spawned))
    }
}
