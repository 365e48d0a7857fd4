/* Commands of the project resource: a hack built from sources (project.h, docs/projects.md). */
#include "cmd/table_macros.h"
#include "project/project.h"

static const char *const expand_choices[] = {"2MiB", "4MiB", NULL};

#define DIR_ARG {"dir", Z3_ARG_PATH, true, NULL, NULL, "the project folder (holds z3ed-project.toml)", 0, 0}
/* build and export write inside the folder: an agent's sandbox must hold it */
#define DIR_WRITTEN_ARG \
  {"dir", Z3_ARG_OUT_PATH, true, NULL, NULL, "the project folder (holds z3ed-project.toml); written to", 0, 0}

static const z3_command z3_cmds_project[] = {
    {
        .resource = "project", .action = "init",
        .summary = "start a hack project from a base ROM: manifest, assets as files, asm and patch folders",
        .description = "Creates --dir with z3ed-project.toml (the base ROM's path relative to the project, its "
                       "SHA-1 and size, the output name, the expansion size and the build steps), the world "
                       "exported under assets/ one file per room (dungeon/room_XXX.json), area "
                       "(overworld/area_XX.json), sheet (gfx/sheet_XX.png) and palette group "
                       "(palettes/GROUP.json) and song (music/BANK_song_NN.txt) plus messages.txt, the folders asm/ and patches/, and a "
                       ".gitignore for build/. The base ROM is never copied into the project. Refuses a folder "
                       "that already holds a manifest.",
        .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the base ROM", "creates the folder and writes the manifest, .gitignore and assets"),
        .args = ARGS({"base", Z3_ARG_PATH, true, NULL, NULL, "the unmodified ROM the hack starts from", 0, 0},
                     {"dir", Z3_ARG_OUT_PATH, true, NULL, NULL, "the project folder to create", 0, 0},
                     {"name", Z3_ARG_STRING, false, NULL, NULL, "the project's name (default: the folder's name)", 0, 0},
                     {"output-name", Z3_ARG_STRING, false, NULL, NULL, "file name of the hack under build/ (default NAME.sfc)", 0, 0},
                     {"expand", Z3_ARG_ENUM, false, NULL, expand_choices, "expand the ROM to this size before the steps", 0, 0}),
        .returns = RETURNS({"project", "string", "its name"}, {"base_sha1", "string", "the base ROM's SHA-1"},
                           {"base_path", "string", "the base ROM as the manifest names it"},
                           {"assets", "integer", "asset files exported"}, {"written", "integer", "asset files written"},
                           {"unchanged", "integer", "asset files already identical"},
                           {"files", "array", "path, bytes, written"}),
        .examples = LIST("z3ed project init --base samples/sample.sfc --dir my-hack"),
        .handler = cmd_project_init,
    },
    {
        .resource = "project", .action = "build",
        .summary = "build the hack from the base ROM and the project's sources, with its BPS",
        .description = "Loads the base ROM (checking its SHA-1 and size against the manifest), expands it when "
                       "the manifest says so, then runs the steps in order: assets imports every asset file "
                       "whose bytes differ from what the base exports, with the import command of its kind (in "
                       "path order); asm runs 'patch asm'; patch applies a BPS or IPS file to the whole image. "
                       "Writes build/OUTPUT (or --out), build/OUTPUT.bps from the base, and build/state.json "
                       "with the hash of every source. When the sources, the base and the previous output are "
                       "unchanged it writes nothing (--force rebuilds). The same sources always give the same "
                       "bytes; any error names the file (and line:column or JSON path) and writes nothing.",
        .flags = Z3_CMD_WRITES_FILE | Z3_CMD_RUNS_LONG, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the manifest, the base ROM and every source",
                        "writes the hack, its BPS and build/state.json atomically"),
        .args = ARGS(DIR_WRITTEN_ARG, {"base", Z3_ARG_PATH, false, NULL, NULL, "the base ROM, instead of the manifest's path", 0, 0},
                     {"out", Z3_ARG_OUT_PATH, false, NULL, NULL, "where to write the hack (default build/OUTPUT)", 0, 0},
                     {"force", Z3_ARG_BOOL, false, NULL, NULL, "rebuild even when nothing changed", 0, 0}),
        .returns = RETURNS({"project", "string", "its name"}, {"up_to_date", "boolean", "nothing changed since the last build"},
                           {"output", "string", "the hack"}, {"output_sha1", "string", "its SHA-1"},
                           {"bytes", "integer", "its size"}, {"bps", "string", "the BPS patch"},
                           {"bps_bytes", "integer", "its size"}, {"steps", "array", "the steps run"},
                           {"imported", "array", "asset files that differed from the base"},
                           {"ignored", "array", "files under assets/ that are no asset"},
                           {"files", "array", "path, bytes, written"}),
        .examples = LIST("z3ed project build --dir my-hack", "z3ed project build --dir my-hack --base zelda3.sfc --out hack.sfc"),
        .handler = cmd_project_build,
    },
    {
        .resource = "project", .action = "status",
        .summary = "list the sources added, changed or removed since the last build",
        .description = "Compares the SHA-1 of every source (manifest, assets, asm, patches) with the stamp the "
                       "last build left in build/state.json. Without a build, every source is added. JSON and "
                       "YAML list every file; text output starts with a summary line (\"679 sources, never "
                       "built: run `z3ed project build`\") and lists the files only when fewer than 20 differ, "
                       "or with --verbose.",
        .flags = 0, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the project's files"),
        .args = ARGS(DIR_ARG, {"verbose", Z3_ARG_BOOL, false, NULL, NULL, "text output: list every file, however many",
                               0, 0}),
        .returns = RETURNS({"summary", "string", "text output only: counts and what to do"},
                           {"built", "boolean", "a build stamp exists"}, {"clean", "boolean", "nothing changed since it"},
                           {"added", "array", "sources new since the build"}, {"changed", "array", "sources edited since"},
                           {"removed", "array", "sources gone since"},
                           {"files", "string", "text output without --verbose, 20 or more files: how many, unlisted"}),
        .examples = LIST("z3ed project status --dir my-hack", "z3ed project status --dir my-hack --verbose"),
        .handler = cmd_project_status,
    },
    {
        .resource = "project", .action = "export",
        .summary = "refresh the project's assets from an edited ROM, rewriting only files that change",
        .description = "Exports every asset of --rom the way init does and writes only the files whose bytes "
                       "differ from the project's, so a git diff shows just what was edited. Building the "
                       "project afterwards gives the ROM back for everything the assets hold.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM and the project's assets", "rewrites the asset files that differ"),
        .args = ARGS(DIR_WRITTEN_ARG),
        .returns = RETURNS({"assets", "integer", "asset files exported"}, {"written", "integer", "files rewritten"},
                           {"unchanged", "integer", "files already identical"}, {"files", "array", "path, bytes, written"}),
        .examples = LIST("z3ed project export --dir my-hack --rom edited.sfc"),
        .handler = cmd_project_export,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_project, 750)
