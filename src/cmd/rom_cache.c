/*
 * ROMs kept loaded between the commands of one long-lived process (z3ed mcp,
 * z3ed batch). Loading and hashing a 1 MiB ROM costs more than most read-only
 * commands themselves, so a command that does not change the ROM borrows the
 * loaded copy for as long as the file on disk is the same file (device, inode,
 * size, modification time: an atomic save makes a new inode, so any write is
 * seen). Commands that change the ROM always load their own copy.
 */
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/cmd.h"

enum { CACHE_SLOTS = 4, MEMO_SLOTS = 8 };

typedef struct memo {
  char *key;
  json_t *value;
} memo;

typedef struct slot {
  char *path;
  struct stat st;
  z3_rom *rom;
  int borrowers;                /* commands using rom now: a slot in use is never cleared */
  unsigned long long last_used;
  memo memos[MEMO_SLOTS];
} slot;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool enabled;
static slot slots[CACHE_SLOTS];
static unsigned long long clock_ticks;

static void slot_clear(slot *s) {
  z3_free(s->path);
  z3_rom_free(s->rom);
  for (size_t i = 0; i < MEMO_SLOTS; i++) {
    z3_free(s->memos[i].key);
    json_decref(s->memos[i].value);
  }
  memset(s, 0, sizeof *s);
}

void z3_cmd_rom_cache_enable(bool on) {
  pthread_mutex_lock(&lock);
  enabled = on;
  for (size_t i = 0; !on && i < CACHE_SLOTS; i++) slot_clear(&slots[i]);
  pthread_mutex_unlock(&lock);
}

static bool same_file(const struct stat *a, const struct stat *b) {
  return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
         a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* The slot holding path as it is now on disk, else the one to reuse (free, or
 * least recently used among those nobody is using), else NULL. A command run
 * inside another (a script) may find the outer one's copy stale: that slot is
 * kept until it is given back. */
static slot *find_slot(const char *path, const struct stat *now, bool *hit) {
  slot *victim = NULL;
  *hit = false;
  for (size_t i = 0; i < CACHE_SLOTS; i++) {
    slot *s = &slots[i];
    if (s->path && strcmp(s->path, path) == 0 && same_file(&s->st, now)) {
      *hit = true;
      return s;
    }
    if (s->borrowers == 0 && (!victim || !s->path || (victim->path && s->last_used < victim->last_used))) victim = s;
  }
  return victim;
}

bool z3_cmd_rom_cache_active(void) {
  pthread_mutex_lock(&lock);
  bool on = enabled;
  pthread_mutex_unlock(&lock);
  return on;
}

z3_status z3_cmd_rom_cache_borrow(const char *path, z3_rom **out, bool *borrowed, z3_error *err) {
  struct stat now;
  *borrowed = false;
  if (stat(path, &now) != 0) return z3_rom_load(out, path, err); /* the usual error, said the usual way */
  pthread_mutex_lock(&lock);
  bool hit;
  slot *s = find_slot(path, &now, &hit);
  if (!s) { /* every slot is in use: a private copy */
    pthread_mutex_unlock(&lock);
    return z3_rom_load(out, path, err);
  }
  z3_status st = Z3_OK;
  if (!hit) {
    slot_clear(s);
    st = z3_rom_load(&s->rom, path, err);
    if (st == Z3_OK && !(s->path = z3_strdup(path))) st = z3_error_set(err, Z3_E_NOMEM, "out of memory");
    if (st != Z3_OK) slot_clear(s);
    else s->st = now;
  }
  if (st == Z3_OK) {
    s->last_used = ++clock_ticks;
    s->borrowers++;
    *out = s->rom;
    *borrowed = true;
  }
  pthread_mutex_unlock(&lock);
  return st;
}

static slot *slot_of(const z3_rom *rom) {
  for (size_t i = 0; rom && i < CACHE_SLOTS; i++)
    if (slots[i].rom == rom) return &slots[i];
  return NULL;
}

void z3_cmd_rom_cache_give_back(const z3_rom *rom) {
  pthread_mutex_lock(&lock);
  slot *s = slot_of(rom);
  if (s && s->borrowers > 0) s->borrowers--;
  if (s && s->borrowers == 0 && rom->change_count > 0) slot_clear(s); /* changed what it only borrowed: forget it */
  pthread_mutex_unlock(&lock);
}

json_t *z3_cmd_rom_memo(const z3_rom *rom, const char *key) {
  pthread_mutex_lock(&lock);
  slot *s = slot_of(rom);
  json_t *v = NULL;
  for (size_t i = 0; s && rom->change_count == 0 && i < MEMO_SLOTS && !v; i++)
    if (s->memos[i].key && strcmp(s->memos[i].key, key) == 0) v = json_incref(s->memos[i].value);
  pthread_mutex_unlock(&lock);
  return v;
}

void z3_cmd_rom_memo_set(const z3_rom *rom, const char *key, json_t *value) {
  pthread_mutex_lock(&lock);
  slot *s = slot_of(rom);
  for (size_t i = 0; s && rom->change_count == 0 && i < MEMO_SLOTS; i++) {
    if (s->memos[i].key) continue;
    s->memos[i].key = z3_strdup(key);
    s->memos[i].value = s->memos[i].key ? json_incref(value) : NULL;
    break;
  }
  pthread_mutex_unlock(&lock);
}
