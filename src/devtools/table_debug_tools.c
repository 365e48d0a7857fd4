/* Commands of the debug-tools resource: crash reports, memory and performance profiles. */
#include "cmd/table_macros.h"
#include "devtools/handlers_debug_tools.h"

static const char *const memory_tools[] = {"memcheck", "massif", NULL};
static const char *const perf_tools[] = {"auto", "perf", "callgrind", NULL};

#define ROOT_ARG {"root", Z3_ARG_PATH, false, ".", NULL, "project root: every file read lies under it", 0, 0}
#define COMMAND_ARG                                                                              \
  {"command", Z3_ARG_STRING, true, NULL, NULL,                                                   \
   "the program and its arguments, one string (quotes group words); runs in --root", 0, 0}
#define TIMEOUT_ARG(def) {"timeout", Z3_ARG_INT, false, def, NULL, "seconds before the run is killed", 1, 3600}
#define MAX_ENTRIES_ARG {"max-entries", Z3_ARG_INT, false, "10", NULL, "list at most this many entries", 1, 1000}
#define RUN_RETURN {"run", "object", "exit_code, signal, seconds, output_tail (last 2000 bytes, cut marked)"}

static const z3_command z3_cmds_debug_tools[] = {
    {
        .resource = "debug-tools", .action = "crash",
        .summary = "parse a crash log (ASan, UBSan, glibc backtrace, gdb) or a core file into type, frames and cause",
        .description = "Reads --log (an AddressSanitizer or other sanitizer ERROR report, a UBSan runtime "
                       "error, a glibc backtrace or abort message, or gdb `bt` output) or runs "
                       "`gdb -batch -ex bt` on --core with --binary, and returns the crash type, the "
                       "faulting address and access, the stack (function, file, line, and whether the "
                       "frame is user code: a file under --root rather than a system path), the "
                       "allocation and free stacks sanitizers add, the first user frame as crash_site, "
                       "and a likely cause for null dereferences, use after free, buffer overflows "
                       "(heap, stack, global), stack overflows and double frees. At most 64 frames a "
                       "stack are listed (frames_truncated counts the rest). A log in no known format is "
                       "an error.",
        .flags = 0, .safety = Z3_SAFETY_RUNS_PROCESSES,
        .effects = LIST("reads --log, or runs gdb on --core and --binary (all under --root)"),
        .args = ARGS(ROOT_ARG,
                     {"log", Z3_ARG_PATH, false, NULL, NULL, "crash output saved to a file", 0, 0},
                     {"core", Z3_ARG_PATH, false, NULL, NULL, "core file (needs --binary and gdb)", 0, 0},
                     {"binary", Z3_ARG_PATH, false, NULL, NULL, "the program that dumped --core", 0, 0},
                     TIMEOUT_ARG("60")),
        .returns = RETURNS({"format", "string", "asan, ubsan, glibc-backtrace or gdb"},
                           {"crash_type", "string", "heap-use-after-free, SEGV, double-free, stack-overflow, SIGSEGV, null-pointer, ..."},
                           {"signal", "string", "the signal gdb reports (SIGSEGV, SIGABRT)"},
                           {"crash_address", "string", "faulting address, or null"},
                           {"access", "string", "READ or WRITE when the report says"},
                           {"stack_trace", "array", "frame, address, function, file, line, column, module, is_user_code"},
                           {"frame_count", "integer", "frames in the crashing stack, listed or not"},
                           {"crash_site", "object", "the first user-code frame (else frame 0)"},
                           {"allocated_by", "array", "the block's allocation stack (sanitizers)"},
                           {"freed_by", "array", "where the block was freed (use after free, double free)"},
                           {"likely_cause", "string", "one sentence naming the pattern and the place"},
                           {"suggested_fixes", "array", "what to check first"}),
        .examples = LIST("z3ed debug-tools crash --log asan.txt --format json",
                         "z3ed debug-tools crash --core core --binary build/z3ed --root ."),
        .handler = cmd_debug_tools_crash,
    },
    {
        .resource = "debug-tools", .action = "memory",
        .summary = "run a command under valgrind: leaks with stacks (memcheck) or the largest allocation sites (massif)",
        .description = "Runs --command in --root under valgrind with a time limit. memcheck returns the "
                       "leak records (bytes, blocks, kind, allocation stack), memory errors (invalid "
                       "reads and writes, bad frees) and the leak summary; massif takes a detailed "
                       "snapshot at every step and returns the peak heap size with the allocation "
                       "sites directly under it, largest first, with their share of the peak.",
        .flags = Z3_CMD_RUNS_LONG, .safety = Z3_SAFETY_RUNS_PROCESSES,
        .effects = LIST("runs --command under valgrind in --root (valgrind's files go to a temporary folder)"),
        .args = ARGS(ROOT_ARG, COMMAND_ARG,
                     {"tool", Z3_ARG_ENUM, false, "memcheck", memory_tools, "memcheck (leaks) or massif (heap profile)", 0, 0},
                     TIMEOUT_ARG("300"), MAX_ENTRIES_ARG),
        .returns = RETURNS({"tool", "string", "memcheck or massif"}, RUN_RETURN,
                           {"leaks", "array", "memcheck: bytes, blocks, kind, stack (function, file, line, module)"},
                           {"errors", "array", "memcheck: kind (Invalid read of size 4, ...), stack"},
                           {"leak_summary", "object", "memcheck: definitely/indirectly/possibly lost, still reachable bytes"},
                           {"peak_heap_bytes", "integer", "massif: the heap at its peak"},
                           {"largest_allocations", "array", "massif: bytes, share (% of peak), function, file, line"}),
        .examples = LIST("z3ed debug-tools memory --command './build/z3ed rom info --rom x.sfc' --format json",
                         "z3ed debug-tools memory --tool massif --command 'build/z3-bench' --timeout 600"),
        .handler = cmd_debug_tools_memory,
    },
    {
        .resource = "debug-tools", .action = "perf",
        .summary = "profile a command: hot functions with their share, from perf samples or callgrind counts",
        .description = "Runs --command in --root under `perf record` when the kernel allows it "
                       "(perf_event_paranoid at most 2 and the recording works; `auto` falls back to "
                       "callgrind otherwise, saying so in `fallback`) or under valgrind's callgrind, and "
                       "returns the hottest functions, largest share first: perf's share of samples "
                       "(with the module, and kernel symbols marked), or callgrind's share of executed "
                       "instructions (with the source file).",
        .flags = Z3_CMD_RUNS_LONG, .safety = Z3_SAFETY_RUNS_PROCESSES,
        .effects = LIST("runs --command under perf or valgrind in --root (profiles go to a temporary folder)"),
        .args = ARGS(ROOT_ARG, COMMAND_ARG,
                     {"tool", Z3_ARG_ENUM, false, "auto", perf_tools, "auto (perf, else callgrind), perf or callgrind", 0, 0},
                     TIMEOUT_ARG("300"), MAX_ENTRIES_ARG),
        .returns = RETURNS({"tool", "string", "perf or callgrind"}, RUN_RETURN,
                           {"hot_functions", "array", "function, share (%), module, file (callgrind), cost (callgrind), kernel (perf)"},
                           {"functions", "integer", "functions in the listing, listed or not"},
                           {"cost_unit", "string", "samples (perf) or instructions (callgrind)"},
                           {"fallback", "string", "why auto used callgrind"}),
        .examples = LIST("z3ed debug-tools perf --command 'build/release/z3ed rom validate --rom x.sfc'",
                         "z3ed debug-tools perf --tool callgrind --command './a.out' --max-entries 5 --format json"),
        .handler = cmd_debug_tools_perf,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_debug_tools, 1040)
