/* build: handlers behind table_build.c and what they share; not for other modules. */
#ifndef Z3_DEVTOOLS_BUILD_INTERNAL_H
#define Z3_DEVTOOLS_BUILD_INTERNAL_H

#include <limits.h>

#include "cmd/cmd.h"
#include "devtools/build.h"
#include "devtools/fs.h"

z3_status cmd_build_configure(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_build_compile(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_build_test(z3_cmd_ctx *ctx, z3_error *err);
z3_status cmd_build_status(z3_cmd_ctx *ctx, z3_error *err);

typedef enum build_kind { BUILD_CMAKE, BUILD_MAKE, BUILD_PLAIN } build_kind;

typedef struct build_project {
  z3_fs_root root;
  build_kind kind;
  bool has_presets;        /* CMakePresets.json at the root */
  const char *build_rel;   /* --build-dir as given (relative to the root) */
  char build_abs[PATH_MAX];
  bool configured;         /* CMakeCache.txt in the build folder */
} build_project;

/* Opens --root, tells the project kind, checks --build-dir stays beneath the root. */
z3_status build_project_open(build_project *p, z3_cmd_ctx *ctx, z3_error *err);
void build_project_close(build_project *p);
const char *build_kind_name(build_kind k);
/* Runs argv in the root with --timeout, streams lines as progress, fills the
 * result (command, exit_code, seconds, timed_out, output_tail) and returns the
 * outcome for the caller to parse further. A failed or killed run is Z3_E_CHECK. */
z3_status build_run_step(z3_cmd_ctx *ctx, build_project *p, char *const *argv, z3_build_outcome *out,
                         z3_error *err);

#endif
