// Stands in for a libFuzzer target in tests/fuzz/long.sh, which checks how
// scripts/fuzz-long.sh plans, runs lanes, keeps crashes and stops, without an hour of
// real fuzzing or a clang build. It behaves as libFuzzer does where the script looks:
// -max_total_time=N runs N seconds and prints the final stats; SIGINT prints "run
// interrupted" and exits 72; -merge=1 returns at once. Started under a name, NAME_fuzzer
// (a link), it appends "NAME start|stop|end SECONDS TIME_MS" to $FAKE_FUZZER_LOG, and
// when $FAKE_FUZZER_CRASH is NAME it writes a crash input at -artifact_prefix and fails.
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig) {
  (void)sig;
  interrupted = 1;
}

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void note(const char *name, const char *event, long seconds) {
  const char *path = getenv("FAKE_FUZZER_LOG");
  FILE *log = path ? fopen(path, "a") : NULL;
  if (!log) return;
  fprintf(log, "%s %s %ld %lld\n", name, event, seconds, now_ms());
  fclose(log);
}

static void target_name(const char *argv0, char *name, size_t size) {
  const char *base = strrchr(argv0, '/');
  snprintf(name, size, "%s", base ? base + 1 : argv0);
  char *suffix = strstr(name, "_fuzzer");
  if (suffix) *suffix = '\0';
}

static int crash(const char *name, const char *prefix) {
  char path[4096];
  snprintf(path, sizeof path, "%scrash-fake", prefix);
  FILE *f = fopen(path, "w");
  if (f) {
    fputs(name, f);
    fclose(f);
  }
  note(name, "crash", 0);
  puts("==1== ERROR: libFuzzer: deadly signal");
  return 1;
}

int main(int argc, char **argv) {
  char name[256];
  long seconds = 0;
  const char *prefix = "./";
  target_name(argv[0], name, sizeof name);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-merge=1") == 0) return 0;
    if (strncmp(argv[i], "-max_total_time=", 16) == 0) seconds = strtol(argv[i] + 16, NULL, 10);
    if (strncmp(argv[i], "-artifact_prefix=", 17) == 0) prefix = argv[i] + 17;
  }
  // as libFuzzer does: its own handler, even where the shell started it with SIGINT ignored
  struct sigaction sa = {.sa_handler = on_interrupt};
  sigaction(SIGINT, &sa, NULL);
  note(name, "start", seconds);
  const char *crash_name = getenv("FAKE_FUZZER_CRASH");
  if (crash_name && strcmp(crash_name, name) == 0) return crash(name, prefix);
  long long end = now_ms() + seconds * 1000;
  struct timespec tick = {0, 20 * 1000000};
  while (!interrupted && now_ms() < end) nanosleep(&tick, NULL);
  if (interrupted) {
    note(name, "stop", seconds);
    puts("==1== libFuzzer: run interrupted; exiting");
    return 72;
  }
  note(name, "end", seconds);
  printf("#100 DONE cov: 7 ft: 9 corp: 1/1b\nstat::number_of_executed_units: %ld\n", 100 * seconds);
  return 0;
}
