/*
 * `z3ed mcp`: the process around z3_mcp_serve. Everything that touches the
 * whole process (the working folder, file descriptors, signals) is done here
 * so the serve loop itself can run inside tests and the fuzzer.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/mcp.h"

static const char usage[] =
    "usage: z3ed mcp [--rom FILE [--read-only] | --proposal ID] [--toolsets A,B]\n"
    "                [--project DIR] [--log-level LEVEL] [--allow-processes]\n"
    "                [--http HOST:PORT [--token-file FILE] [--allow-origin O,...]]\n"
    "\n"
    "Serves every z3ed command as a Model Context Protocol tool on stdin/stdout\n"
    "(one JSON-RPC message per line), plus resources (z3ed://rom/state, ...) and\n"
    "prompts. Register it with an MCP client as:\n"
    "  {\"mcpServers\": {\"z3ed\": {\"command\": \"/path/to/z3ed\",\n"
    "                            \"args\": [\"mcp\", \"--rom\", \"/path/to/rom.sfc\"]}}}\n"
    "\n"
    "  --rom FILE         the ROM tools use when a call names none; the first call\n"
    "                     that would change it opens (or resumes) a session proposal:\n"
    "                     a sandbox copy a person reviews and accepts in z3ed\n"
    "  --read-only        with --rom: refuse every write instead\n"
    "  --proposal ID      work inside this open proposal: its sandbox ROM is the\n"
    "                     default, writes go there, every call is logged in it\n"
    "  --toolsets A,B     tools/list lists only these toolsets (resources: rom,\n"
    "                     palette, gfx, ...) plus describe_tools, which describes\n"
    "                     any tool on demand; every tool stays callable\n"
    "  --project DIR      work in DIR: relative paths (--rom too) and the state\n"
    "                     folder .z3ed are DIR's\n"
    "  --log-level LEVEL  stderr diagnostics from LEVEL up (default warning):\n"
    "                     debug, info, notice, warning, error, critical, alert, emergency\n"
    "  --allow-processes  let tools that start programs run (build configure,\n"
    "                     compile, test): refused to agents otherwise\n"
    "  --http HOST:PORT   serve MCP's Streamable HTTP transport at\n"
    "                     http://HOST:PORT/mcp instead of stdio (PORT 0: any free\n"
    "                     port; the URL is printed on stdout). Each session runs\n"
    "                     its own server with the options above\n"
    "  --token-file FILE  requests must carry 'Authorization: Bearer TOKEN', TOKEN\n"
    "                     being FILE's first line (or $Z3ED_MCP_TOKEN); at least\n"
    "                     16 characters. Required unless HOST is a loopback address\n"
    "  --allow-origin O   also accept browser requests from these origins\n"
    "                     (comma-separated, e.g. https://app.example); others get 403\n"
    "\n"
    "Tool calls follow the agent rules: anything that would write a file is refused\n"
    "unless it writes inside the proposal's sandbox (dry_run previews). Every call is\n"
    "appended to the audit log STATE/audit.jsonl (STATE: $Z3ED_HOME, else .z3ed),\n"
    "with the client's name and the session's id.\n";

typedef struct mcp_args {
  const char *rom, *project, *log_level, *proposal, *toolsets, *http, *token_file, *origins;
  bool help, read_only, allow_processes;
} mcp_args;

/* "--flag value" or "--flag=value"; *i moves past what was used. */
static const char *flag_value(int argc, char **argv, int *i, const char *flag, bool *bad) {
  size_t n = strlen(flag);
  if (strncmp(argv[*i], flag, n) != 0) return NULL;
  if (argv[*i][n] == '=') return argv[*i] + n + 1;
  if (argv[*i][n] != '\0') return NULL;
  if (*i + 1 >= argc) {
    fprintf(stderr, "z3ed: error: %s needs a value\n", flag);
    *bad = true;
    return NULL;
  }
  return argv[++*i];
}

static bool parse_args(int argc, char **argv, mcp_args *a) {
  bool bad = false;
  for (int i = 0; i < argc && !bad; i++) {
    const char *v;
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) a->help = true;
    else if (strcmp(argv[i], "--read-only") == 0) a->read_only = true;
    else if (strcmp(argv[i], "--allow-processes") == 0) a->allow_processes = true;
    else if ((v = flag_value(argc, argv, &i, "--rom", &bad))) a->rom = v;
    else if ((v = flag_value(argc, argv, &i, "--project", &bad))) a->project = v;
    else if ((v = flag_value(argc, argv, &i, "--log-level", &bad))) a->log_level = v;
    else if ((v = flag_value(argc, argv, &i, "--proposal", &bad))) a->proposal = v;
    else if ((v = flag_value(argc, argv, &i, "--toolsets", &bad))) a->toolsets = v;
    else if ((v = flag_value(argc, argv, &i, "--http", &bad))) a->http = v;
    else if ((v = flag_value(argc, argv, &i, "--token-file", &bad))) a->token_file = v;
    else if ((v = flag_value(argc, argv, &i, "--allow-origin", &bad))) a->origins = v;
    else if (!bad) {
      fprintf(stderr, "z3ed: error: unknown argument '%s' for 'mcp'\nhint: z3ed mcp --help\n", argv[i]);
      bad = true;
    }
  }
  return !bad;
}

/*
 * The protocol gets a private copy of stdout and fd 1 becomes stderr, so a
 * stray printf anywhere in the process can never corrupt the JSON stream.
 */
static FILE *protocol_stream(void) {
  fflush(stdout);
  int fd = dup(STDOUT_FILENO);
  FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!out || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    fprintf(stderr, "z3ed: error: cannot set up the protocol stream: %s\n", strerror(errno));
    if (out) fclose(out);
    else if (fd >= 0) close(fd);
    return NULL;
  }
  return out;
}

/* The bearer token: the file's first line, else $Z3ED_MCP_TOKEN (taken out of the
 * environment so session servers never see it). NULL with *bad set on an error. */
static char *read_token(const char *file, bool *bad) {
  char *token = NULL;
  const char *env = getenv("Z3ED_MCP_TOKEN");
  if (file) {
    FILE *f = fopen(file, "r");
    size_t cap = 0;
    bool opened = f != NULL;
    if (opened) errno = 0; /* getline leaves errno alone at the end of the file */
    if (!opened || getline(&token, &cap, f) < 0) {
      fprintf(stderr, "z3ed: error: cannot read the token file '%s': %s\n", file,
              opened && errno == 0 ? "it is empty" : strerror(errno));
      free(token);
      token = NULL;
      *bad = true;
    }
    if (f) fclose(f);
  } else if (env && *env) {
    token = strdup(env);
  }
  unsetenv("Z3ED_MCP_TOKEN");
  if (token) token[strcspn(token, "\r\n")] = '\0';
  if (token && strlen(token) < 16) {
    fprintf(stderr, "z3ed: error: the bearer token must have at least 16 characters\n");
    free(token);
    token = NULL;
    *bad = true;
  }
  return token;
}

/* The options a session's own `z3ed mcp` gets (the folder is inherited). */
static int serve_http(const mcp_args *a) {
  bool bad = false;
  char *token = read_token(a->token_file, &bad);
  if (bad) return 2;
  const char *child[12];
  int n = 0;
  if (a->rom) child[n++] = "--rom", child[n++] = a->rom;
  if (a->read_only) child[n++] = "--read-only";
  if (a->allow_processes) child[n++] = "--allow-processes";
  if (a->proposal) child[n++] = "--proposal", child[n++] = a->proposal;
  if (a->toolsets) child[n++] = "--toolsets", child[n++] = a->toolsets;
  if (a->log_level) child[n++] = "--log-level", child[n++] = a->log_level;
  child[n] = NULL;
  signal(SIGPIPE, SIG_IGN);
  z3_mcp_http_options o = {.listen = a->http, .token = token, .allowed_origins = a->origins,
                           .child_args = child, .ready = stdout};
  int rc = z3_mcp_http_serve(&o);
  free(token);
  return rc;
}

int z3_mcp_main(int argc, char **argv) {
  mcp_args a = {0};
  uint64_t proposal = 0;
  if (!parse_args(argc, argv, &a)) return 2;
  if (a.proposal && (!z3_parse_u64(a.proposal, &proposal) || proposal == 0 || proposal > INT64_MAX)) {
    fprintf(stderr, "z3ed: error: --proposal needs a proposal number, not '%s'\nhint: z3ed agent proposal list\n",
            a.proposal);
    return 2;
  }
  if (a.help) {
    fputs(usage, stdout);
    return 0;
  }
  if (a.project && chdir(a.project) != 0) {
    fprintf(stderr, "z3ed: error: cannot enter the project folder '%s': %s\n", a.project, strerror(errno));
    return 3;
  }
  if (a.rom && access(a.rom, R_OK) != 0) {
    fprintf(stderr, "z3ed: error: cannot read the ROM '%s': %s\n", a.rom, strerror(errno));
    if (a.project) fprintf(stderr, "hint: a relative --rom is read from the project folder '%s'\n", a.project);
    return 3;
  }
  if (a.http) return serve_http(&a);
  if (a.token_file || a.origins) {
    fprintf(stderr, "z3ed: error: --token-file and --allow-origin go with --http\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN); /* a vanished client is a write error, then a clean exit */
  z3_cmd_rom_cache_enable(true); /* read-only calls run in-process: keep their ROMs loaded */
  FILE *out = protocol_stream();
  if (!out) return 3;
  z3_mcp_options opts = {.rom_path = a.rom, .log_level = a.log_level, .proposal_id = (int64_t)proposal,
                         .toolsets = a.toolsets, .read_only = a.read_only,
                         .allow_processes = a.allow_processes};
  int rc = z3_mcp_serve(stdin, out, &opts);
  fclose(out);
  return rc;
}
