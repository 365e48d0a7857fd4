#include "app/sigbus.h"

#include <signal.h>
#include <unistd.h>

#include "cmd/cmd.h"

/* Only async-signal-safe calls here: write and _exit. A save not yet renamed into
 * place leaves the target as it was, like any kill (docs/crash-safety.md). */
static void on_sigbus(int sig) {
  (void)sig;
  static const char msg[] = "z3ed: error: a file z3ed was reading shrank under it (another program "
                            "truncated it); the command stopped\n";
  ssize_t n = write(STDERR_FILENO, msg, sizeof msg - 1);
  (void)n;
  _exit(3);
}

void z3_app_map_roms(void) {
  struct sigaction sa = {.sa_handler = on_sigbus};
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGBUS, &sa, NULL) == 0) z3_cmd_rom_map_enable(true);
}
