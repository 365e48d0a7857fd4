/* Commands of the code resource: a project's symbols, members, calls and includes from a cached index. */
#include "cmd/table_macros.h"
#include "devtools/handlers_code.h"

#define ROOT_ARG {"root", Z3_ARG_PATH, false, ".", NULL, "project root: the index covers the sources under it", 0, 0}
#define NAME_ARG(what) {"name", Z3_ARG_STRING, true, NULL, NULL, what, 0, 0}
#define STALE_RETURN {"stale_files", "integer", "indexed files changed or gone since `code index` ran"}
#define READS_INDEX LIST("reads <root>/.z3ed/code-index.json and the source lines it quotes")

static const z3_command z3_cmds_code[] = {
    {
        .resource = "code", .action = "index",
        .summary = "index a project's C and 65816 sources (ctags plus our scanners) into <root>/.z3ed/code-index.json",
        .description = "Walks --root (hidden folders, build* and node_modules left out, symlinks never "
                       "followed), runs universal-ctags on the C and C++ files changed since the last "
                       "index (by modification time and size; --full redoes all) for definitions, members "
                       "and line ranges, and our own scanners for call sites, #include lines and 65816 "
                       "sources (asar and ca65: labels, sub-labels, macros, defines, incsrc/.include, "
                       "JSL/JSR/JML/JMP targets). The other code commands only read this cache, so they "
                       "start no process; rerun this one after editing.",
        .flags = Z3_CMD_RUNS_LONG, .safety = Z3_SAFETY_RUNS_PROCESSES,
        .effects = LIST("runs ctags in --root", "writes <root>/.z3ed/code-index.json (a cache, no backup)"),
        .args = ARGS(ROOT_ARG, {"full", Z3_ARG_BOOL, false, NULL, NULL, "rescan every file, not only changed ones", 0, 0},
                     {"timeout", Z3_ARG_INT, false, "300", NULL, "seconds before ctags is killed", 1, 3600}),
        .returns = RETURNS({"files", "integer", "source files indexed"},
                           {"scanned", "integer", "files (re)scanned this time"},
                           {"reused", "integer", "files unchanged since the last index"},
                           {"removed", "integer", "files gone since the last index"},
                           {"tags", "integer", "definitions and declarations"},
                           {"calls", "integer", "call sites"}, {"includes", "integer", "include lines"},
                           {"seconds", "number", "time taken"}, {"cache", "string", "the index file, under the root"}),
        .examples = LIST("z3ed code index --root .", "z3ed code index --root ../my-hack --full"),
        .handler = cmd_code_index,
    },
    {
        .resource = "code", .action = "find-symbol",
        .summary = "where a function, type, macro, variable or 65816 label is defined and declared",
        .description = "Looks the name up in the code index: every definition and declaration "
                       "(prototype) with file, line, end line, kind, scope, signature, type and the "
                       "source line. Not found is an error (exit 2).",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY, .effects = READS_INDEX,
        .args = ARGS(ROOT_ARG, NAME_ARG("the symbol, exactly"),
                     {"kind", Z3_ARG_STRING, false, "any", NULL,
                      "only this kind: function, prototype, struct, typedef, macro, member, variable, label, define, ...", 0, 0},
                     {"definitions-only", Z3_ARG_BOOL, false, NULL, NULL, "leave out prototypes", 0, 0}),
        .returns = RETURNS({"symbol", "string", "the name"}, {"count", "integer", "locations found"},
                           {"locations", "array", "file, line, end, kind, role (definition|declaration), scope, scope_kind, signature, typeref, language, context"},
                           STALE_RETURN),
        .examples = LIST("z3ed code find-symbol --name z3_rom_write", "z3ed code find-symbol --name Sprite_Main --kind label"),
        .handler = cmd_code_find_symbol,
    },
    {
        .resource = "code", .action = "members",
        .summary = "the fields of a struct or union (or a typedef of one) and the values of an enum",
        .description = "Finds the struct, union, enum or class named --name, or the one a typedef of "
                       "that name stands for (anonymous ones included), and lists its members with "
                       "type, kind and line.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY, .effects = READS_INDEX,
        .args = ARGS(ROOT_ARG, NAME_ARG("the type's name (struct tag or typedef)")),
        .returns = RETURNS({"type", "string", "the name"}, {"defined_at", "object", "file, kind, line of the tag found"},
                           {"total", "integer", "members"}, {"members", "array", "name, kind, type, line, file, signature"},
                           STALE_RETURN),
        .examples = LIST("z3ed code members --name z3_buf", "z3ed code members --name z3_status --format json"),
        .handler = cmd_code_members,
    },
    {
        .resource = "code", .action = "callers",
        .summary = "the functions that call a function (or JSL/JSR a 65816 routine), with each call site",
        .description = "Every call site of --name in the index, grouped by the function (or 65816 "
                       "routine) whose lines hold it, with the source line of each call. Calls at file "
                       "scope (declarations, initialisers) are not calls and are left out.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY, .effects = READS_INDEX,
        .args = ARGS(ROOT_ARG, NAME_ARG("the function called")),
        .returns = RETURNS({"function", "string", "the name"}, {"call_sites", "integer", "calls found"},
                           {"callers", "array", "function, file, line (its definition), call_sites (line, context)"},
                           STALE_RETURN),
        .examples = LIST("z3ed code callers --name z3_rom_write", "z3ed code callers --name LoadGraphics --root asm-hack"),
        .handler = cmd_code_callers,
    },
    {
        .resource = "code", .action = "callees",
        .summary = "the functions a function calls, in order of first call, with where each is defined",
        .description = "For each definition of --name (several when static functions share a name; "
                       "--file picks one), the calls inside its lines grouped by callee in order of "
                       "first call, each with its call sites and where the index has it defined "
                       "(empty for library functions).",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY, .effects = READS_INDEX,
        .args = ARGS(ROOT_ARG, NAME_ARG("the calling function"),
                     {"file", Z3_ARG_STRING, false, NULL, NULL, "only the definition in this file (path under the root)", 0, 0}),
        .returns = RETURNS({"function", "string", "the name"},
                           {"definitions", "array", "file, line, end, callees (function, call_sites, defined_at)"},
                           STALE_RETURN),
        .examples = LIST("z3ed code callees --name z3_cmd_run", "z3ed code callees --name main --file src/app/main.c"),
        .handler = cmd_code_callees,
    },
    {
        .resource = "code", .action = "includes",
        .summary = "a file's includes resolved in the project, who includes it, the include depth and cycles",
        .description = "The #include (and incsrc/.include) lines of --file, each resolved against the "
                       "file's folder, the root, src/ and include/, then any indexed file whose path "
                       "ends in it; the files including --file; the depth of its include tree; and "
                       "every include cycle reachable from it (each listed once, first file repeated at "
                       "the end).",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY, .effects = READS_INDEX,
        .args = ARGS(ROOT_ARG, {"file", Z3_ARG_PATH, true, NULL, NULL, "the file, under the root", 0, 0}),
        .returns = RETURNS({"file", "string", "the file, relative to the root"},
                           {"direct_includes", "array", "include, line, is_system, file (resolved, or null)"},
                           {"included_by", "array", "file, line"},
                           {"include_depth", "integer", "longest chain of project includes below it"},
                           {"reachable", "integer", "project files it includes, directly or not"},
                           {"circular_dependencies", "array", "cycles as lists of files"}, STALE_RETURN),
        .examples = LIST("z3ed code includes --file src/cmd/cmd.h", "z3ed code includes --file main.asm --root asm-hack"),
        .handler = cmd_code_includes,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_code, 1030)
