/* Leftovers of killed saves (base.h, "Leftovers"): the next save removes the
 * temporaries whose process is gone and nothing else. And the compare and
 * swap that keeps two processes' saves from losing one. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test.h"

/* The pid of a process that has exited and been reaped: nobody owns it now
 * (unless the system reuses it within the test, which would only keep a file). */
static long dead_pid(void) {
  pid_t pid = fork();
  if (pid == 0) _exit(0);
  assert_true(pid > 0);
  waitpid(pid, NULL, 0);
  return (long)pid;
}

static void touch(const char *dir, const char *name) {
  char *path = z3_strfmt("%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs("partial", f);
  fclose(f);
  free(path);
}

static bool exists(const char *dir, const char *name) {
  char *path = z3_strfmt("%s/%s", dir, name);
  struct stat st;
  bool there = lstat(path, &st) == 0;
  free(path);
  return there;
}

typedef struct names {
  char dead_tmp[64], dead_link[64], live_tmp[64], old_scheme[64], other_dead[64], not_ours[64], folder[64];
  char link_to_dead[64];
} names;

/* One of every kind beside rom.sfc. */
static void plant(const char *dir, names *n) {
  long dead = dead_pid(), live = (long)getppid();
  snprintf(n->dead_tmp, sizeof n->dead_tmp, "rom.sfc.z3tmp.%ld.Ab12Cd", dead);
  snprintf(n->dead_link, sizeof n->dead_link, "rom.sfc.bak.z3tmp.%ld.link", dead);
  snprintf(n->live_tmp, sizeof n->live_tmp, "rom.sfc.z3tmp.%ld.Xy34Zw", live);
  snprintf(n->old_scheme, sizeof n->old_scheme, "rom.sfc.z3tmp.Qw3rTy");
  snprintf(n->other_dead, sizeof n->other_dead, "other.png.z3tmp.%ld.Mn56Op", dead);
  snprintf(n->not_ours, sizeof n->not_ours, "rom.sfc.z3tmp.%ld.notes.txt", dead);
  snprintf(n->folder, sizeof n->folder, "rom.sfc.z3tmp.%ld.Fo1der", dead);
  snprintf(n->link_to_dead, sizeof n->link_to_dead, "rom.sfc.z3tmp.%ld.Sym1nk", dead);
  touch(dir, n->dead_tmp);
  touch(dir, n->dead_link);
  touch(dir, n->live_tmp);
  touch(dir, n->old_scheme);
  touch(dir, n->other_dead);
  touch(dir, n->not_ours);
  char *sub = z3_strfmt("%s/%s", dir, n->folder), *link = z3_strfmt("%s/%s", dir, n->link_to_dead);
  assert_int_equal(mkdir(sub, 0755), 0);
  assert_int_equal(symlink("/etc/hostname", link), 0);
  free(sub);
  free(link);
}

typedef struct seen {
  int count, dead, alive;
} seen;

static z3_status count(const z3_leftover *l, void *data) {
  seen *s = data;
  s->count++;
  if (l->owner_alive) s->alive++;
  else s->dead++;
  return Z3_OK;
}

Z3_TEST(a_save_removes_dead_leftovers_of_its_target_only) {
  (void)state;
  char *dir = z3_test_tmpdir();
  names n;
  plant(dir, &n);
  z3_error err;
  z3_error_init(&err);
  seen s = {0};
  assert_ok(z3_file_leftovers(dir, "rom.sfc", count, &s, &err), &err);
  assert_int_equal(s.count, 4); /* dead tmp, dead link, live tmp, first-scheme name */
  assert_int_equal(s.dead, 2);
  char *path = z3_strfmt("%s/rom.sfc", dir);
  seen by_path = {0};
  assert_ok(z3_file_leftovers_beside(path, count, &by_path, &err), &err);
  assert_int_equal(by_path.count, s.count);
  assert_int_equal(by_path.dead, s.dead);
  z3_write_opts backup = {.backup = true};
  assert_ok(z3_file_write_atomic(path, "new", 3, &backup, &err), &err);
  assert_false(exists(dir, n.dead_tmp));
  assert_false(exists(dir, n.dead_link));
  assert_true(exists(dir, n.live_tmp));     /* a live process's save */
  assert_true(exists(dir, n.old_scheme));   /* owner unknown: reported, never removed */
  assert_true(exists(dir, n.other_dead));   /* another target's */
  assert_true(exists(dir, n.not_ours));     /* not a name z3ed makes */
  assert_true(exists(dir, n.folder));       /* not a regular file */
  assert_true(exists(dir, n.link_to_dead)); /* a symlink is not ours either */
  /* A batch sweeps the folder it writes to, for every target. */
  z3_write_batch *b = z3_write_batch_new();
  char *png = z3_strfmt("%s/sheet.png", dir);
  assert_ok(z3_write_batch_add(b, png, "png", 3, NULL, &err), &err);
  assert_ok(z3_write_batch_commit(b, &err), &err);
  z3_write_batch_free(b);
  assert_false(exists(dir, n.other_dead));
  assert_true(exists(dir, n.live_tmp));
  free(png);
  free(path);
  free(dir);
}

/* The names this process gives carry its pid, so a sweep by another process
 * while this one lives never takes them. */
Z3_TEST(own_names_carry_the_pid) {
  (void)state;
  char *tmp = z3_file__temp_template("/x/rom.sfc"), *link = z3_file__link_name("/x/rom.sfc.bak");
  char *want_tmp = z3_strfmt("/x/rom.sfc.z3tmp.%ld.XXXXXX", (long)getpid());
  char *want_link = z3_strfmt("/x/rom.sfc.bak.z3tmp.%ld.link", (long)getpid());
  assert_string_equal(tmp, want_tmp);
  assert_string_equal(link, want_link);
  assert_true(z3_file__owner_alive((long)getpid()));
  assert_false(z3_file__owner_alive(dead_pid()));
  free(tmp);
  free(link);
  free(want_tmp);
  free(want_link);
}

static void reap_ok(pid_t child) {
  int status;
  assert_int_equal(waitpid(child, &status, 0), child);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void assert_file_holds(const char *path, const char *text) {
  z3_error err;
  z3_error_init(&err);
  z3_buf now;
  z3_buf_init(&now);
  assert_ok(z3_file_read(&now, path, 16, &err), &err);
  assert_int_equal(now.len, strlen(text));
  assert_memory_equal(now.data, text, now.len);
  z3_buf_release(&now);
}

/* Compare and swap: a save that read the file refuses to replace a newer one. */
Z3_TEST(unchanged_since_refuses_a_file_saved_meanwhile) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *path = z3_strfmt("%s/rom.sfc", dir);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(path, "one", 3, NULL, &err), &err);
  z3_file_stamp read_at;
  z3_file_stamp_take(path, &read_at);
  z3_write_opts cas = {.backup = true, .unchanged_since = &read_at};
  assert_ok(z3_file_write_atomic(path, "two", 3, NULL, &err), &err); /* someone else saves */
  assert_int_equal(z3_file_write_atomic(path, "mine", 4, &cas, &err), Z3_E_IO);
  assert_non_null(strstr(err.message, "was saved by another process after it was read"));
  assert_file_holds(path, "two"); /* theirs stays */
  char *bak = z3_strfmt("%s.bak", path);
  assert_false(z3_file_exists(bak)); /* nothing, not even the backup, was touched */
  seen s = {0};
  assert_ok(z3_file_leftovers(dir, "rom.sfc", count, &s, &err), &err);
  assert_int_equal(s.count, 0);
  z3_file_stamp_take(path, &read_at); /* read again: now it goes through */
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(path, "mine", 4, &cas, &err), &err);
  assert_true(z3_file_exists(bak));
  free(bak);
  free(path);
  free(dir);
}

/* Another save's critical section, in a child: it takes the folder's lock,
 * tells the parent (which returns then), waits a little, puts "two" in place
 * and unlocks. */
static pid_t save_under_lock_in_child(const char *dir, const char *path) {
  int ready[2];
  assert_int_equal(pipe(ready), 0);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    char *tmp = z3_strfmt("%s.theirs", path);
    FILE *f = fopen(tmp, "w");
    if (fd < 0 || flock(fd, LOCK_EX) != 0 || !f) _exit(2);
    fputs("two", f);
    fclose(f);
    if (write(ready[1], "x", 1) != 1) _exit(2);
    nanosleep(&(struct timespec){0, 200000000}, NULL); /* the parent's save starts meanwhile */
    _exit(rename(tmp, path) == 0 ? 0 : 2);             /* exiting unlocks */
  }
  close(ready[1]);
  char byte;
  assert_int_equal(read(ready[0], &byte, 1), 1);
  close(ready[0]);
  return pid;
}


/* The compare and the rename are one step: a save whose compare would come
 * before another save's rename waits for it, then sees the change and refuses.
 * Without the folder's lock the compare passes, and "two" replaces "mine" after
 * this process was told its save succeeded. */
Z3_TEST(a_save_waits_for_another_saves_rename_then_refuses) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *path = z3_strfmt("%s/rom.sfc", dir);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(path, "one", 3, NULL, &err), &err);
  z3_file_stamp read_at;
  z3_file_stamp_take(path, &read_at);
  pid_t child = save_under_lock_in_child(dir, path);
  z3_write_opts cas = {.unchanged_since = &read_at};
  z3_status rc = z3_file_write_atomic(path, "mine", 4, &cas, &err);
  reap_ok(child);
  assert_int_equal(rc, Z3_E_IO);
  assert_non_null(strstr(err.message, "was saved by another process after it was read"));
  assert_file_holds(path, "two");
  free(path);
  free(dir);
}

/* A batch's renames take the same lock: a batch committed while another save
 * holds it lands after that save, so the batch's file is the one that stays. */
Z3_TEST(a_batch_rename_waits_for_the_folder_lock) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *path = z3_strfmt("%s/rom.sfc", dir);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(path, "one", 3, NULL, &err), &err);
  pid_t child = save_under_lock_in_child(dir, path);
  z3_write_batch *b = z3_write_batch_new();
  assert_ok(z3_write_batch_add(b, path, "batch", 5, NULL, &err), &err);
  assert_ok(z3_write_batch_commit(b, &err), &err);
  z3_write_batch_free(b);
  reap_ok(child);
  assert_file_holds(path, "batch");
  free(path);
  free(dir);
}

/* A save killed between its backup and its rename leaves the backup as a hard
 * link to the target itself; the next save's backup link must not stay. */
Z3_TEST(a_backup_that_already_is_the_target_leaves_no_link) {
  (void)state;
  char *dir = z3_test_tmpdir();
  char *path = z3_strfmt("%s/rom.sfc", dir), *bak = z3_strfmt("%s.bak", path);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(path, "old", 3, NULL, &err), &err);
  assert_int_equal(link(path, bak), 0);
  z3_write_opts backup = {.backup = true};
  assert_ok(z3_file_write_atomic(path, "new", 3, &backup, &err), &err);
  seen s = {0};
  assert_ok(z3_file_leftovers_beside(path, count, &s, &err), &err);
  assert_int_equal(s.count, 0);
  assert_file_holds(bak, "old");
  free(bak);
  free(path);
  free(dir);
}

/* `--output /dev/null` once renamed a file over /dev/null. A FIFO stands in
 * for the device: written through, still a FIFO, no temporary left beside. */
Z3_TEST(a_device_or_pipe_is_written_through_not_replaced) {
  (void)state;
  char *dir = z3_test_tmpdir(), *fifo = z3_strfmt("%s/pipe", dir);
  assert_int_equal(mkfifo(fifo, 0600), 0);
  int reader = open(fifo, O_RDONLY | O_NONBLOCK);
  assert_true(reader >= 0);
  z3_error err;
  z3_error_init(&err);
  assert_ok(z3_file_write_atomic(fifo, "through", 7, NULL, &err), &err);
  char got[16] = {0};
  assert_int_equal(read(reader, got, sizeof got), 7);
  assert_string_equal(got, "through");
  close(reader);
  struct stat st;
  assert_int_equal(stat(fifo, &st), 0);
  assert_true(S_ISFIFO(st.st_mode));
  seen s = {0};
  assert_ok(z3_file_leftovers_beside(fifo, count, &s, &err), &err);
  assert_int_equal(s.count, 0);
  /* a set of files cannot replace it atomically: refused when queued */
  z3_write_batch *b = z3_write_batch_new();
  assert_int_equal(z3_write_batch_add(b, fifo, "x", 1, NULL, &err), Z3_E_IO);
  assert_non_null(strstr(err.message, "device or pipe"));
  z3_write_batch_free(b);
  unlink(fifo);
  rmdir(dir);
  free(fifo);
  free(dir);
}

static void on_alarm(int sig) { (void)sig; }

/* `--rom` naming a FIFO with no writer waited forever in open(). The alarm
 * (no SA_RESTART) turns such a wait into EINTR, so the old code fails here
 * with "Interrupted system call" instead of hanging the suite. */
Z3_TEST(a_pipe_is_refused_for_reading_without_waiting) {
  (void)state;
  char *dir = z3_test_tmpdir(), *fifo = z3_strfmt("%s/pipe", dir);
  assert_int_equal(mkfifo(fifo, 0600), 0);
  struct sigaction sa = {.sa_handler = on_alarm}, old;
  assert_int_equal(sigaction(SIGALRM, &sa, &old), 0);
  alarm(2);
  z3_buf b;
  z3_buf_init(&b);
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_file_read(&b, fifo, 1024, &err), Z3_E_IO);
  alarm(0);
  sigaction(SIGALRM, &old, NULL);
  assert_non_null(strstr(err.message, "not a regular file"));
  z3_buf_release(&b);
  unlink(fifo);
  rmdir(dir);
  free(fifo);
  free(dir);
}

static void assert_write_refused(const char *path, const char *message, const char *hint) {
  z3_error err;
  z3_error_init(&err);
  assert_int_equal(z3_file_write_atomic(path, "x", 1, NULL, &err), Z3_E_IO);
  if (!strstr(err.message, message) || !strstr(err.hint, hint)) {
    fail_msg("'%s' / hint '%s' lacks '%s' / '%s'", err.message, err.hint, message, hint);
  }
}

/* "cannot create a temporary file beside 'x': No such file or directory"
 * named a file the user never asked for and left them to guess the cause. */
Z3_TEST(a_save_that_cannot_make_its_copy_says_why) {
  (void)state;
  char *dir = z3_test_tmpdir(), *in_missing = z3_strfmt("%s/none/a.sfc", dir);
  char *in_file = z3_strfmt("%s/f/a.sfc", dir), *plain = z3_strfmt("%s/ok.sfc", dir);
  char *missing = z3_strfmt("its folder '%s/none' does not exist", dir);
  char *mkdir_hint = z3_strfmt("mkdir -p '%s/none'", dir);
  touch(dir, "f");
  assert_write_refused(in_missing, missing, mkdir_hint);
  assert_write_refused(in_file, "goes through a file, not a folder", "");
  /* root may write anywhere, so a folder without write permission is faked */
  z3_fault_io_errno(EACCES);
  z3_fault_io_after(1);
  assert_write_refused(plain, "cannot create its new copy in", "write permission on the folder");
  z3_fault_io_after(0);
  z3_fault_io_errno(EIO);
  assert_false(z3_file_exists(plain));
  free(mkdir_hint);
  free(missing);
  free(plain);
  free(in_file);
  free(in_missing);
  free(dir);
}

Z3_RUN(cmocka_unit_test(a_device_or_pipe_is_written_through_not_replaced),
       cmocka_unit_test(a_save_that_cannot_make_its_copy_says_why),
       cmocka_unit_test(a_pipe_is_refused_for_reading_without_waiting),
       cmocka_unit_test(a_save_removes_dead_leftovers_of_its_target_only), cmocka_unit_test(own_names_carry_the_pid),
       cmocka_unit_test(unchanged_since_refuses_a_file_saved_meanwhile),
       cmocka_unit_test(a_save_waits_for_another_saves_rename_then_refuses),
       cmocka_unit_test(a_batch_rename_waits_for_the_folder_lock),
       cmocka_unit_test(a_backup_that_already_is_the_target_leaves_no_link))
