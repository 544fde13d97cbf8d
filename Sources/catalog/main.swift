import CatalogCommands
import CBuildInfo
import Foundation

let console = Console(environment: ProcessInfo.processInfo.environment, stream: true, interactive: isatty(2) == 1, terminal: isatty(1) == 1)
let status = CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), console: console, currentDirectory: FileManager.default.currentDirectoryPath,
                     commit: CATALOG_COMMIT)
console.finish()
exit(status)
