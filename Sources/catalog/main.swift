import CatalogCommands
import Foundation

let console = Console(environment: ProcessInfo.processInfo.environment, stream: true, interactive: isatty(2) == 1)
let status = CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(status)
