import CLibFuzzer
import Foundation

// SwiftPM gives an executable its own `main` (libFuzzer's, in the same runtime library, is then
// never linked in): hand the command line to libFuzzer's driver from here.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzLottieReader))
