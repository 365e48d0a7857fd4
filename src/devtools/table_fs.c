/* Commands of the fs resource: files confined to a project root. */
#include "cmd/table_macros.h"
#include "devtools/fs_internal.h"

#define ROOT_ARG {"root", Z3_ARG_PATH, false, ".", NULL, "project root; nothing outside it is read", 0, 0}
#define CONFINED "Paths are relative to --root and resolved with it as a boundary (openat2 " \
                 "RESOLVE_BENEATH): '..' past the root, absolute paths and symlinks leading out are refused. "

static const z3_command z3_cmds_fs[] = {
    {
        .resource = "fs", .action = "list",
        .summary = "list a folder beneath the project root",
        .description = CONFINED "Entries are sorted by name with their type (file, dir, symlink, fifo, "
                       "socket, char-device, block-device) and size; symlinks are listed, not followed. "
                       "Hidden entries only with --all.",
        .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads one folder"),
        .args = ARGS(ROOT_ARG, {"path", Z3_ARG_STRING, false, ".", NULL, "folder, relative to the root", 0, 0},
                     {"all", Z3_ARG_BOOL, false, NULL, NULL, "include names starting with a dot", 0, 0},
                     {"max-entries", Z3_ARG_INT, false, "1000", NULL, "list at most this many", 1, 1000000}),
        .returns = RETURNS({"root", "string", "the root, canonical"},
                           {"path", "string", "the folder listed"},
                           {"count", "integer", "entries in the folder"},
                           {"truncated", "boolean", "more entries than --max-entries"},
                           {"entries", "array", "name, type, size, hard_links (files with more than one)"}),
        .examples = LIST("z3ed fs list --root . --path samples", "z3ed fs list --path . --all --format json"),
        .handler = cmd_fs_list,
    },
    {
        .resource = "fs", .action = "read",
        .summary = "read a text file beneath the project root",
        .description = CONFINED "Devices, FIFOs and sockets are refused. Binary files (a NUL byte or "
                       "invalid UTF-8) are reported with binary=true and no content. At most --max-bytes "
                       "are read (truncated=true says there was more); --start-line and --lines cut a "
                       "window of lines. A file with several hard links is read and reported.",
        .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads one file"),
        .args = ARGS(ROOT_ARG, {"path", Z3_ARG_STRING, true, NULL, NULL, "file, relative to the root", 0, 0},
                     {"max-bytes", Z3_ARG_INT, false, "1048576", NULL, "read at most this many bytes", 1,
                      64 << 20},
                     {"start-line", Z3_ARG_INT, false, "1", NULL, "first line returned (1-based)", 1, INT32_MAX},
                     {"lines", Z3_ARG_INT, false, "0", NULL, "lines returned (0 = to the end)", 0, INT32_MAX}),
        .returns = RETURNS({"path", "string", "the file"},
                           {"size", "integer", "bytes on disk"},
                           {"hard_links", "integer", "links to the file (more than 1: it is also elsewhere)"},
                           {"binary", "boolean", "not text: no content returned"},
                           {"truncated", "boolean", "the file is longer than --max-bytes"},
                           {"start_line", "integer", "first line returned"},
                           {"lines_total", "integer", "lines in what was read"},
                           {"content", "string", "the text (absent for binary files)"}),
        .examples = LIST("z3ed fs read --path hook.asm --lines 50",
                         "z3ed fs read --root . --path hack.sym --format json"),
        .handler = cmd_fs_read,
    },
    {
        .resource = "fs", .action = "write",
        .summary = "write a text file beneath the project root, atomically",
        .description = CONFINED "The folder must exist; what is there must be a plain file (symlinks, "
                       "devices and files with several hard links are refused) or nothing. The file is "
                       "replaced atomically with a backup of the old one (--no-backup to skip), and "
                       "--dry-run only reports. An agent's --root must lie inside its proposal's sandbox.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("creates or replaces one file beneath the root"),
        .args = ARGS({"root", Z3_ARG_OUT_PATH, false, ".", NULL, "project root; nothing outside it is written", 0, 0},
                     {"path", Z3_ARG_STRING, true, NULL, NULL, "file, relative to the root", 0, 0},
                     {"content", Z3_ARG_STRING, true, NULL, NULL, "the file's new text", 0, 0},
                     {"max-bytes", Z3_ARG_INT, false, "16777216", NULL, "refuse content longer than this", 1,
                      256 << 20}),
        .returns = RETURNS({"path", "string", "the file, relative to the root"},
                           {"bytes", "integer", "bytes written"},
                           {"files", "array", "path (absolute), bytes, replaces, written"}),
        .examples = LIST("z3ed fs write --path notes/todo.txt --content 'fix room 12'",
                         "z3ed fs write --root project --path a.asm --content 'nop' --dry-run"),
        .handler = cmd_fs_write,
    },
    {
        .resource = "fs", .action = "search",
        .summary = "search the text files beneath the project root (regex or fixed string)",
        .description = CONFINED "Walks the folder --path in name order without following symlinks, "
                       "skipping .git, binary files and files over --max-file-bytes. --pattern is a POSIX "
                       "extended regular expression, or a plain string with --fixed. Stops at "
                       "--max-matches or --max-files with truncated=true.",
        .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads files beneath the root"),
        .args = ARGS(ROOT_ARG, {"pattern", Z3_ARG_STRING, true, NULL, NULL, "what to look for", 0, 0},
                     {"path", Z3_ARG_STRING, false, ".", NULL, "folder to search, relative to the root", 0, 0},
                     {"fixed", Z3_ARG_BOOL, false, NULL, NULL, "pattern is a plain string", 0, 0},
                     {"ignore-case", Z3_ARG_BOOL, false, NULL, NULL, "case-insensitive", 0, 0},
                     {"glob", Z3_ARG_STRING, false, NULL, NULL, "only files whose name matches (e.g. *.c)", 0, 0},
                     {"max-matches", Z3_ARG_INT, false, "200", NULL, "stop after this many matches", 1, 100000},
                     {"max-files", Z3_ARG_INT, false, "10000", NULL, "stop after this many files", 1, 10000000},
                     {"max-file-bytes", Z3_ARG_INT, false, "1048576", NULL, "skip larger files", 1, 256 << 20}),
        .returns = RETURNS({"pattern", "string", "the pattern"},
                           {"match_count", "integer", "matching lines found (up to where the search stopped)"},
                           {"files_searched", "integer", "files read"},
                           {"skipped_binary", "integer", "files skipped as binary"},
                           {"skipped_large", "integer", "files skipped for size"},
                           {"truncated", "boolean", "a limit stopped the search"},
                           {"matches", "array", "file, line, column, text (first 300 bytes of the line)"}),
        .examples = LIST("z3ed fs search --pattern 'org [$]1B' --glob '*.asm'",
                         "z3ed fs search --fixed --pattern MyHook --max-matches 20 --format json"),
        .handler = cmd_fs_search,
    },
    {
        .resource = "fs", .action = "stat",
        .summary = "show whether a path beneath the project root exists, its type, size and time",
        .description = CONFINED "A missing path is not an error: exists=false. A final symlink is "
                       "followed (beneath the root) and its target described.",
        .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads one path's metadata"),
        .args = ARGS(ROOT_ARG, {"path", Z3_ARG_STRING, true, NULL, NULL, "path, relative to the root", 0, 0}),
        .returns = RETURNS({"path", "string", "the path"},
                           {"exists", "boolean", "it exists"},
                           {"type", "string", "file, dir, fifo, socket, char-device, block-device"},
                           {"size", "integer", "bytes"},
                           {"mode", "string", "permission bits, octal"},
                           {"modified", "string", "last change, UTC"},
                           {"hard_links", "integer", "links to it"},
                           {"binary", "boolean", "files: not text"}),
        .examples = LIST("z3ed fs stat --path hook.asm", "z3ed fs stat --root . --path samples --format json"),
        .handler = cmd_fs_stat,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_fs, 1010)
