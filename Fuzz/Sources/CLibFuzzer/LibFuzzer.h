// libFuzzer's driver, from the compiler runtime that `-sanitize=fuzzer` links
// (libclang_rt.fuzzer): it parses the fuzzing options and calls `callback` with each input.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
