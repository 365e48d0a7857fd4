/* Commands of the gui resource: yaze driven through its automation harness (docs/gui.md). */
#include "cmd/table_macros.h"
#include "debug/handlers_gui.h"

#define SOCKET_ARG                                                                                    \
  {"socket", Z3_ARG_PATH, false, NULL, NULL,                                                          \
   "the harness socket yaze printed (`yaze --harness PATH`; default: $YAZE_HARNESS)", 0, 0}
#define TARGET_ARG(req, what) {"target", Z3_ARG_STRING, req, NULL, NULL, what, 0, 0}
#define COND_ARGS                                                                                     \
  SOCKET_ARG,                                                                                         \
  {"condition", Z3_ARG_ENUM, true, NULL, conditions, "what to check", 0, 0},                          \
  TARGET_ARG(false, "the widget (path, name or accessible label) for widget conditions"),             \
  {"equals", Z3_ARG_STRING, false, NULL, NULL,                                                         \
   "expected value: true/false, a number (rom-byte, rom-word, undo-depth) or text (rom-crc32 0x1234ABCD); default true", 0, 0}, \
  {"address", Z3_ARG_INT, false, NULL, NULL, "file offset for rom-byte and rom-word", 0, 0x1000000}
#define COND_RETURNS                                                                                  \
  RETURNS({"passed", "boolean", "whether the condition held"}, {"condition", "string", "as given"},   \
          {"expected", "string", "the value wanted"}, {"actual", "string", "the value found"})
/* Inspecting commands are "runs-emulator" like the debugger's: they need a running process (here yaze)
 * and change no file, so agents see them as read-only tools but no test runs them without one. */
#define INSPECTS Z3_SAFETY_RUNS_EMULATOR
#define GUI(act, sum, desc, safety_, args_, returns_, ...)                                            \
  {.resource = "gui", .action = act, .summary = sum, .description = desc, .safety = safety_,          \
   .flags = (safety_) == INSPECTS ? 0 : Z3_CMD_WRITES_FILE,                                 \
   .effects = LIST("sends one request to a running yaze over its harness socket"), .args = args_,     \
   .returns = returns_, .examples = LIST(__VA_ARGS__), .handler = cmd_gui_remote}

static const char *const conditions[] = {"exists", "visible", "enabled", "focused", "active", "text", "contains",
                                         "rom-byte", "rom-word", "rom-crc32", "modified", "undo-depth", NULL};
static const char *const buttons[] = {"left", "right", NULL};
static const char *const sim_editors[] = {"overworld", "dungeon", "emulator", NULL};
static const char *const sim_actions[] = {"select-area", "pick-tile", "paint", "fill", "select-tiles", "select-marker",
                                          "move-marker", "select-room", "select-object", "move-selection",
                                          "render-all", "select-door", "move-door", "paint-water", "erase-water",
                                          "reset", "step", "save-state", "load-state", "add-breakpoint",
                                          "remove-breakpoint", "run-to-break", "show-memory", NULL};
static const char *const sim_marker_kinds[] = {"sprite", "item", "entrance", "exit", "hole", NULL};

static const z3_command z3_cmds_gui[] = {
    GUI("ping", "check that a yaze harness answers; its version and methods",
        "Sends Ping to the editor started with `yaze --harness PATH` and reports its version, the "
        "methods it serves, its action rate limit and its process id.",
        INSPECTS, ARGS(SOCKET_ARG),
        RETURNS({"version", "string", "yaze's version"}, {"capabilities", "array", "method names"},
                {"actions_per_second", "integer", "the rate limit of Click and Type"},
                {"pid", "integer", "the yaze process that answered"}),
        "z3ed gui ping --socket /tmp/yaze.sock"),
    GUI("discover", "list the editor's widgets: path, role, label, text, state, bounds",
        "DiscoverWidgets: every visible named widget (or all with --all) of the editor's windows, "
        "each with its stable path, role, accessible label, text, visible/enabled/focused and bounds "
        "in window coordinates. --window limits it to one widget's subtree, --role to one role.",
        INSPECTS,
        ARGS(SOCKET_ARG, {"window", Z3_ARG_STRING, false, NULL, NULL, "list only under this widget (path, name or label)", 0, 0},
             {"role", Z3_ARG_STRING, false, NULL, NULL, "only this role: button, label, canvas, combo-box, text-box ...", 0, 0},
             {"all", Z3_ARG_BOOL, false, NULL, NULL, "hidden and unnamed widgets too", 0, 0}),
        RETURNS({"count", "integer", "widgets listed"}, {"widgets", "array", "path, name, type, role, label, text, visible, enabled, focused, bounds"}),
        "z3ed gui discover --socket /tmp/yaze.sock --role button"),
    GUI("click", "click a widget, an action, an editor or a canvas point",
        "Click: --target names a button, check box, toggle or editor page (path, widget name or "
        "accessible label); with --x/--y a canvas point (--button right picks), with --to-x/--to-y a "
        "drag; --action runs a window action (win.save, win.undo ...), --editor shows an editor of "
        "the current tab, --page picks a ROM tab of the notebook target.",
        Z3_SAFETY_WRITES_FILES,
        ARGS(SOCKET_ARG, TARGET_ARG(false, "the widget to click"),
             {"action", Z3_ARG_STRING, false, NULL, NULL, "a window action: win.open, win.save, win.undo, win.redo, win.commands, win.proposals", 0, 0},
             {"editor", Z3_ARG_STRING, false, NULL, NULL, "overworld, dungeon, graphics, palettes, messages or emulator", 0, 0},
             {"x", Z3_ARG_INT, false, NULL, NULL, "canvas x in widget pixels", 0, 65535},
             {"y", Z3_ARG_INT, false, NULL, NULL, "canvas y in widget pixels", 0, 65535},
             {"to-x", Z3_ARG_INT, false, NULL, NULL, "drag end x", 0, 65535},
             {"to-y", Z3_ARG_INT, false, NULL, NULL, "drag end y", 0, 65535},
             {"button", Z3_ARG_ENUM, false, "left", buttons, "mouse button of a canvas click", 0, 0},
             {"page", Z3_ARG_INT, false, NULL, NULL, "tab index when the target is the ROM notebook", 0, 255}),
        RETURNS({"path", "string", "the widget clicked"}, {"did", "string", "click, toggle, activate, canvas-click, canvas-drag, action, editor or tab"}),
        "z3ed gui click --socket /tmp/yaze.sock --editor palettes",
        "z3ed gui click --socket /tmp/yaze.sock --target ow-map --x 40 --y 72",
        "z3ed gui click --socket /tmp/yaze.sock --action win.undo"),
    GUI("type", "type text into a widget, or press a key chord",
        "Type: --text replaces the text of the target (or focused) entry, spin button, text view, "
        "or selects the drop-down item that starts with it; --keys presses a chord (ctrl+z, "
        "ctrl+shift+p, Return, Left) on the target (the emulator screen takes game keys) or the "
        "window's shortcuts; --enter activates the entry afterwards.",
        Z3_SAFETY_WRITES_FILES,
        ARGS(SOCKET_ARG, TARGET_ARG(false, "the widget (default: the focused one)"),
             {"text", Z3_ARG_STRING, false, NULL, NULL, "text to put in", 0, 0},
             {"keys", Z3_ARG_STRING, false, NULL, NULL, "a key chord: ctrl+z, ctrl+shift+p, Return", 0, 0},
             {"enter", Z3_ARG_BOOL, false, NULL, NULL, "activate the widget after typing (Enter)", 0, 0}),
        RETURNS({"path", "string", "the widget typed into"}, {"did", "string", "text or keys"}),
        "z3ed gui type --socket /tmp/yaze.sock --target pal-value --text '$7FFF'",
        "z3ed gui type --socket /tmp/yaze.sock --keys ctrl+z"),
    {.resource = "gui", .action = "wait", .summary = "wait until a condition holds in the editor",
     .description = "Wait: checks the condition every 10 ms in the editor's main loop until it holds or "
                    "--timeout milliseconds pass; exits 1 with expected and actual when it timed out.",
     .flags = Z3_CMD_CHECK, .safety = INSPECTS,
     .effects = LIST("sends one request to a running yaze over its harness socket"),
     .args = ARGS(COND_ARGS, {"timeout", Z3_ARG_INT, false, "5000", NULL, "milliseconds", 0, 600000}),
     .returns = COND_RETURNS,
     .examples = LIST("z3ed gui wait --socket /tmp/yaze.sock --condition visible --target pal-apply --timeout 2000"),
     .handler = cmd_gui_remote},
    {.resource = "gui", .action = "assert", .summary = "check a condition in the editor once",
     .description = "Assert: exists, visible, enabled, focused, active (true/false), text or contains "
                    "(a widget's text), rom-byte/rom-word at --address of the open ROM in memory, modified, "
                    "undo-depth. Exits 1 with expected and actual when it does not hold.",
     .flags = Z3_CMD_CHECK, .safety = INSPECTS,
     .effects = LIST("sends one request to a running yaze over its harness socket"),
     .args = ARGS(COND_ARGS), .returns = COND_RETURNS,
     .examples = LIST("z3ed gui assert --socket /tmp/yaze.sock --condition text --target status --equals undone",
                      "z3ed gui assert --socket /tmp/yaze.sock --condition rom-byte --address 0x7FC0 --equals 0x54"),
     .handler = cmd_gui_remote},
    GUI("screenshot", "save the editor's window, a widget or a canvas as PNG",
        "Screenshot: draws the target (default the whole window) with GTK's renderer into --out.",
        Z3_SAFETY_WRITES_FILES,
        ARGS(SOCKET_ARG, TARGET_ARG(false, "the widget (default: the window)"),
             {"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "the PNG to write", 0, 0}),
        RETURNS({"path", "string", "the PNG written"}, {"widget", "string", "its widget path"},
                {"width", "integer", "pixels"}, {"height", "integer", "pixels"}),
        "z3ed gui screenshot --socket /tmp/yaze.sock --target ow-map --out area.png"),
    GUI("state", "the editor's canvas state: area or room, zoom, selection, tool, undo",
        "GetCanvasState of --editor (default the one shown): the area or room, zoom, viewport, "
        "selection, tool, whether the ROM is modified and the undo and redo depth.",
        INSPECTS,
        ARGS(SOCKET_ARG, {"editor", Z3_ARG_STRING, false, NULL, NULL, "overworld, dungeon, graphics, palettes, messages or emulator", 0, 0}),
        RETURNS({"editor", "string", "the editor"}, {"rom", "string", "the open ROM's file"},
                {"modified", "boolean", "unsaved changes"}, {"undo_depth", "integer", "undo steps"},
                {"redo_depth", "integer", "redo steps"}, {"rom_crc32", "string", "CRC-32 of the ROM in memory, 0x1234ABCD"},
                {"area", "integer", "overworld area"},
                {"room", "string", "dungeon room"}, {"zoom", "string", "1x-4x"},
                {"viewport", "object", "x, y, width, height of the canvas's scrolled view"},
                {"selection", "object", "picked tile16, selected object or colour"}, {"tool", "string", "what a click does"}),
        "z3ed gui state --socket /tmp/yaze.sock --editor overworld"),
    {.resource = "gui", .action = "status", .summary = "whether a harness answers, and what it shows",
     .description = "Ping and, when a ROM is open, GetCanvasState in one: `listening` is false (exit 0) "
                    "when nothing answers on the socket.",
     .safety = Z3_SAFETY_READ_ONLY, .effects = LIST("sends requests to a running yaze over its harness socket"),
     .args = ARGS(SOCKET_ARG),
     .returns = RETURNS({"listening", "boolean", "a harness answered"}, {"version", "string", "its version"},
                        {"state", "object", "GetCanvasState's result, when a ROM is open"}),
     .examples = LIST("z3ed gui status --socket /tmp/yaze.sock"), .handler = cmd_gui_status},
    GUI("shutdown", "close the editor behind a harness socket",
        "Shutdown: yaze quits (unsaved changes are dropped) and removes its socket.",
        Z3_SAFETY_WRITES_FILES, ARGS(SOCKET_ARG), RETURNS({"stopping", "boolean", "true"}),
        "z3ed gui shutdown --socket /tmp/yaze.sock"),
    GUI("simulate", "an editor-level action: paint tile16s, move cells, markers, objects or doors, paint water, drive the emulator",
        "SimulateAction: what a person means rather than where to click, through the same view code and "
        "z3ed commands as the canvas (so it is undoable): overworld select-area (--area, --zoom), "
        "pick-tile (--tile16), paint and fill (--x --y in tile16 units, optional --area and --tile16), "
        "select-tiles (--x --y --width --height), move-selection (--x --y: where the selected cells go, "
        "the cells left becoming the picked tile16), select-marker and move-marker (--x --y: the sprite, item, "
        "entrance, exit or hole marker on that cell, and where it goes; or select-marker --kind K --index I), "
        "render-all (every area drawn off the UI thread; answers `started` at once, the state's jobs follow it); dungeon "
        "select-room (--room), select-object (--x --y in tile8 units), move-selection (--x --y), "
        "select-door (--door) and move-door (--position 0-11, optional --door), paint-water and erase-water "
        "(--x --y, optional --width --height: tiles of the 64x64 collision map); emulator reset, step (--frames), "
        "save-state and load-state (--slot), add-breakpoint and remove-breakpoint (--address), run-to-break, "
        "show-memory (--address). "
        "Answers with the outcome, the status bar, what changed and the canvas state afterwards.",
        Z3_SAFETY_WRITES_FILES,
        ARGS(SOCKET_ARG, {"editor", Z3_ARG_ENUM, true, NULL, sim_editors, "the editor", 0, 0},
             {"action", Z3_ARG_ENUM, true, NULL, sim_actions, "what to do", 0, 0},
             {"area", Z3_ARG_INT, false, NULL, NULL, "overworld area", 0, 0x9F},
             {"zoom", Z3_ARG_INT, false, NULL, NULL, "overworld zoom with --area", 1, 4},
             {"tile16", Z3_ARG_INT, false, NULL, NULL, "the tile16 to paint", 0, 0xFFF},
             {"room", Z3_ARG_INT, false, NULL, NULL, "dungeon room", 0, 0x127},
             {"x", Z3_ARG_INT, false, NULL, NULL, "column: tile16 (overworld) or tile8 (dungeon)", 0, 63},
             {"y", Z3_ARG_INT, false, NULL, NULL, "row: tile16 (overworld) or tile8 (dungeon)", 0, 63},
             {"width", Z3_ARG_INT, false, NULL, NULL, "select-tiles, paint-water, erase-water: columns", 1, 64},
             {"height", Z3_ARG_INT, false, NULL, NULL, "select-tiles, paint-water, erase-water: rows", 1, 64},
             {"kind", Z3_ARG_ENUM, false, NULL, sim_marker_kinds, "select-marker: the marker's kind (with --index)", 0, 0},
             {"index", Z3_ARG_INT, false, NULL, NULL, "select-marker: sprite or item number, entrance, exit or hole slot", 0, 511},
             {"door", Z3_ARG_INT, false, NULL, NULL, "select-door, move-door: the door's index in the room", 0, 15},
             {"position", Z3_ARG_INT, false, NULL, NULL, "move-door: the position on its wall", 0, 11},
             {"slot", Z3_ARG_INT, false, NULL, NULL, "save-state, load-state: the savestate slot", 1, 9},
             {"frames", Z3_ARG_INT, false, NULL, NULL, "step: frames to run", 1, 600},
             {"address", Z3_ARG_STRING, false, NULL, NULL, "add-breakpoint, remove-breakpoint, show-memory: $BB:AAAA or 0xBBAAAA", 0, 0}),
        RETURNS({"editor", "string", "as given"}, {"action", "string", "as given"},
                {"result", "string", "success, refused, nothing there or nothing selected"},
                {"status", "string", "the status bar afterwards"},
                {"side_effects", "array", "what changed in the canvas state: \"undo_depth: 0 -> 1\""},
                {"state", "object", "GetCanvasState of the editor afterwards"}),
        "z3ed gui simulate --socket /tmp/yaze.sock --editor overworld --action paint --area 0x1B --x 5 --y 7 --tile16 0x123",
        "z3ed gui simulate --socket /tmp/yaze.sock --editor dungeon --action select-object --x 10 --y 12",
        "z3ed gui simulate --socket /tmp/yaze.sock --editor overworld --action select-tiles --x 4 --y 2 --width 2 --height 2",
        "z3ed gui simulate --socket /tmp/yaze.sock --editor dungeon --action move-door --door 0 --position 2",
        "z3ed gui simulate --socket /tmp/yaze.sock --editor emulator --action add-breakpoint --address '$00:800F'"),
    GUI("run-test", "queue a suite test in the editor; its id at once",
        "RunTest (IT-05): yaze queues the test --test of --suite (default its first) and answers with "
        "the test's id before it runs. Queued tests run one after another, a step each 10 ms of the "
        "editor's main loop; follow them with `gui test-status`, `gui list-tests`, `gui test-results`.",
        Z3_SAFETY_WRITES_FILES,
        ARGS(SOCKET_ARG, {"suite", Z3_ARG_PATH, true, NULL, NULL, "the suite (YAML, `z3ed test suite run`'s shape)", 0, 0},
             {"test", Z3_ARG_STRING, false, NULL, NULL, "the test's name (default: the suite's first)", 0, 0}),
        RETURNS({"id", "integer", "the queued test's id"}, {"name", "string", "its name"},
                {"status", "string", "queued"}, {"steps", "integer", "its steps"}),
        "z3ed gui run-test --socket /tmp/yaze.sock --suite tests/gui/editors.yaml --test palettes-apply-exact-value"),
    GUI("test-status", "where a queued test is: queued, running, passed, failed, error",
        "GetTestStatus of --id: its status, steps done of all, time queued and time running so far.",
        INSPECTS, ARGS(SOCKET_ARG, {"id", Z3_ARG_INT, true, NULL, NULL, "the id run-test or replay gave", 1, 1000000000}),
        RETURNS({"id", "integer", "the test"}, {"name", "string", "its name"}, {"status", "string", "queued, running, passed, failed or error"},
                {"steps", "integer", "its steps"}, {"steps_done", "integer", "steps run so far"},
                {"queued_ms", "number", "time before it started"}, {"time_ms", "number", "time running"},
                {"message", "string", "why it failed"}),
        "z3ed gui test-status --socket /tmp/yaze.sock --id 1"),
    GUI("list-tests", "the tests yaze has queued, is running and has run",
        "ListTests: every test kept (the last 256), oldest first, as test-status shows it, and whether "
        "a recording is going.",
        INSPECTS, ARGS(SOCKET_ARG),
        RETURNS({"count", "integer", "tests listed"}, {"tests", "array", "id, name, status, steps, steps_done, time_ms"},
                {"recording", "boolean", "StartRecording is in effect"}),
        "z3ed gui list-tests --socket /tmp/yaze.sock"),
    {.resource = "gui", .action = "test-results", .summary = "a queued test's results: each step's outcome, timing, expected and actual",
     .description = "GetTestResults of --id, after waiting up to --wait ms for it to finish: the status, "
                    "and per step its method, params, suite line, status, time_ms and, for checks, expected "
                    "and actual; a replay's divergences. Exits 1 when the test failed.",
     .flags = Z3_CMD_CHECK, .safety = INSPECTS,
     .effects = LIST("sends requests to a running yaze over its harness socket"),
     .args = ARGS(SOCKET_ARG, {"id", Z3_ARG_INT, true, NULL, NULL, "the id run-test or replay gave", 1, 1000000000},
                  {"wait", Z3_ARG_INT, false, "10000", NULL, "milliseconds to wait for it to finish", 0, 600000}),
     .returns = RETURNS({"id", "integer", "the test"}, {"status", "string", "passed, failed, error (or still running)"},
                        {"time_ms", "number", "time it ran"}, {"message", "string", "why it failed"},
                        {"results", "array", "per step: step, method, params, line, status, time_ms, expected, actual, message"},
                        {"divergences", "array", "a replay's: step, line, method, expected, actual"}),
     .examples = LIST("z3ed gui test-results --socket /tmp/yaze.sock --id 1 --wait 5000"),
     .handler = cmd_gui_test_results},
    {.resource = "gui", .action = "record", .summary = "record the actions sent to yaze as a replayable suite",
     .description = "--out FILE: StartRecording; from then every Click, Type, Wait and Assert the harness "
                    "serves is noted. --stop: StopRecording writes them to FILE as a suite (one test, --name) "
                    "ending with asserts of the end state (undo depth, modified, the ROM's CRC-32), which "
                    "`gui replay` and `test suite run` replay.",
     .flags = Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
     .effects = LIST("sends a request to a running yaze; on --stop yaze writes the script"),
     .args = ARGS(SOCKET_ARG, {"out", Z3_ARG_OUT_PATH, false, NULL, NULL, "start: the script to write (.yaml)", 0, 0},
                  {"name", Z3_ARG_STRING, false, NULL, NULL, "start: the recorded test's name (default recorded)", 0, 0},
                  {"stop", Z3_ARG_BOOL, false, NULL, NULL, "stop and write the script", 0, 0}),
     .returns = RETURNS({"recording", "boolean", "start: true"}, {"path", "string", "the script"},
                        {"actions", "integer", "stop: steps recorded"}, {"name", "string", "stop: the test's name"}),
     .examples = LIST("z3ed gui record --socket /tmp/yaze.sock --out session.yaml --name palette-edit",
                      "z3ed gui record --socket /tmp/yaze.sock --stop"),
     .handler = cmd_gui_record},
    {.resource = "gui", .action = "replay", .summary = "replay a recorded script in yaze and report divergences",
     .description = "ReplayTest: yaze queues every test of --script as a replay, which runs each step even "
                    "after one differs; then waits up to --wait ms for the results. Each divergence gives "
                    "the step, its line, expected and actual. Exits 1 when any step diverged.",
     .flags = Z3_CMD_WRITES_FILE | Z3_CMD_CHECK, .safety = Z3_SAFETY_WRITES_FILES,
     .effects = LIST("sends requests to a running yaze, which performs the script's actions"),
     .args = ARGS(SOCKET_ARG, {"script", Z3_ARG_PATH, true, NULL, NULL, "a script `gui record` wrote (or any suite)", 0, 0},
                  {"wait", Z3_ARG_INT, false, "60000", NULL, "milliseconds to wait for each test", 0, 600000}),
     .returns = RETURNS({"ids", "array", "the queued tests"}, {"status", "string", "passed or failed"},
                        {"results", "array", "per step outcome and timing"},
                        {"divergences", "array", "step, line, method, expected, actual"}),
     .examples = LIST("z3ed gui replay --socket /tmp/yaze.sock --script session.yaml"),
     .handler = cmd_gui_replay},
    END_OF_SECTION,
};
Z3_COMMAND_SECTION(z3_cmds_gui, 960);
