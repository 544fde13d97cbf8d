// libFuzzer entry points, compiled by `make fuzz` together with the project's core, importer and
// media sources (see the Makefile). FUZZ_TARGET picks the target at compile time.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzChecks.run(bytes)
    return 0
}
