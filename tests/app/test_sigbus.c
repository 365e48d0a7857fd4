/* app/sigbus: the one-shot command line maps ROMs, and a ROM file truncated under a
 * command gives an error message and exit code 3 instead of a crash. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/sigbus.h"
#include "cmd/cmd.h"
#include "test.h"

static char *sample_copy(const char *dir) {
  char *path = z3_strfmt("%s/rom.sfc", dir);
  z3_rom *rom = z3_test_sample_rom(0, Z3_MAP_LOROM);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_rom_save(rom, path, NULL, &err), &err);
  z3_rom_free(rom);
  return path;
}

/* The child maps the ROM, truncates the file and touches a lost page; stderr comes back. */
static int truncated_under_a_read(const char *path, char *said, size_t cap) {
  int out[2];
  assert_int_equal(pipe(out), 0);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    dup2(out[1], STDERR_FILENO);
    z3_app_map_roms();
    z3_error err;
    z3_error_init(&err);
    z3_rom *rom;
    if (z3_rom_load_mapped(&rom, path, &err) != Z3_OK || !rom->mapped.data) _exit(10);
    if (truncate(path, 0) != 0) _exit(11);
    volatile uint8_t last = rom->data.data[rom->data.len - 1];
    (void)last;
    _exit(12); /* reached only if the lost page could still be read */
  }
  close(out[1]);
  ssize_t n = read(out[0], said, cap - 1);
  said[n > 0 ? n : 0] = '\0';
  close(out[0]);
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

Z3_TEST(test_sigbus__truncated_rom_is_an_error_not_a_crash) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *path = sample_copy(dir);
  char said[512];
  assert_int_equal(truncated_under_a_read(path, said, sizeof said), 3);
  assert_non_null(strstr(said, "z3ed: error: a file z3ed was reading shrank under it"));
  free(path);
  free(dir);
}

static bool saw_mapped_rom, saw_rom;

static void note_rom(const z3_cmd_ctx *ctx, z3_status st, const z3_error *err, void *data) {
  (void)st, (void)err, (void)data;
  if (!ctx->rom) return;
  saw_rom = true;
  saw_mapped_rom = ctx->rom->mapped.data != NULL;
}

static bool run_rom_info(const char *path) {
  saw_rom = saw_mapped_rom = false;
  char *argv[] = {"rom", "info", "--rom", (char *)path, NULL};
  z3_cmd_ctx ctx;
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_cmd_parse(&ctx, 4, argv, &err), &err);
  assert_ok(z3_cmd_run(&ctx, &err), &err);
  z3_cmd_ctx_release(&ctx);
  assert_true(saw_rom);
  return saw_mapped_rom;
}

/* Library users read ROMs onto the heap; the command line, once it handles SIGBUS, maps. */
Z3_TEST(test_sigbus__commands_map_only_once_enabled) {
  (void)state;
  static const z3_cmd_observer watch = {.after = note_rom};
  z3_cmd_observe(&watch);
  char *dir = z3_test_tmpdir();
  char *path = sample_copy(dir);
  assert_false(run_rom_info(path));
  z3_app_map_roms();
  assert_true(run_rom_info(path));
  z3_cmd_rom_map_enable(false);
  signal(SIGBUS, SIG_DFL);
  free(path);
  free(dir);
}

Z3_RUN(cmocka_unit_test(test_sigbus__truncated_rom_is_an_error_not_a_crash),
       cmocka_unit_test(test_sigbus__commands_map_only_once_enabled))
