/* Loading, the change log, and saving. Mapping and header live in their own files. */
#include <string.h>

#include "snes/rom.h"

/* A copier header makes the size 512 bytes over a multiple of 32 KiB
 * (data reference §1.1: the rule that agrees with every tool on real dumps). */
bool z3_rom_has_copier_header(size_t len) { return len % 0x8000 == Z3_COPIER_HEADER_SIZE; }

static z3_status check_size(size_t len, const char *name, z3_error *err) {
  if (len == 0) return z3_error_set(err, Z3_E_INVALID, "'%s' is empty", name);
  if (len > Z3_ROM_MAX_SIZE + Z3_COPIER_HEADER_SIZE) {
    return z3_error_set(err, Z3_E_INVALID, "'%s' is %zu bytes, over the 16 MiB a SNES ROM can be",
                        name, len);
  }
  size_t image = z3_rom_has_copier_header(len) ? len - Z3_COPIER_HEADER_SIZE : len;
  if (image < Z3_ROM_MIN_SIZE) {
    z3_error_set(err, Z3_E_INVALID, "'%s' is %zu bytes, too small for a SNES ROM", name, len);
    z3_error_hint(err, "the smallest ROM is one 32 KiB bank (32768 bytes)");
    return Z3_E_INVALID;
  }
  if (image % 0x8000 != 0) {
    z3_error_set(err, Z3_E_INVALID,
                 "'%s' is %zu bytes, not a whole number of 32 KiB banks (%zu bytes over)", name,
                 len, image % 0x8000);
    z3_error_hint(err, "a ROM is a multiple of 32768 bytes, plus 512 when it has a copier header");
    return Z3_E_INVALID;
  }
  return Z3_OK;
}

/* Makes the ROM from `image` (moved into it, left empty), the copier header already taken off. */
static z3_status rom_adopt(z3_rom **out, z3_rom *rom, z3_buf *image, const char *name, z3_error *err) {
  rom->data = *image;
  z3_buf_init(image);
  rom->path = z3_strdup(name);
  if (!rom->path) {
    z3_rom_free(rom);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory loading '%s'", name);
  }
  z3_rom_detect_mapping(rom);
  *out = rom;
  return Z3_OK;
}

/* The checks of every way of loading, and a ROM for a file of len bytes at data with its
 * copier header (if any) kept aside; the image is the caller's to give it (rom_adopt). */
static z3_status rom_new(z3_rom **out, const uint8_t *data, size_t len, const char *name, z3_error *err) {
  *out = NULL;
  z3_status st = check_size(len, name, err);
  if (st) return st;
  z3_rom *rom = z3_calloc(1, sizeof *rom);
  if (!rom) return z3_error_set(err, Z3_E_NOMEM, "out of memory loading '%s'", name);
  rom->has_copier_header = z3_rom_has_copier_header(len);
  if (rom->has_copier_header) memcpy(rom->copier_header, data, Z3_COPIER_HEADER_SIZE);
  *out = rom;
  return Z3_OK;
}

static size_t image_start(const z3_rom *rom) { return rom->has_copier_header ? Z3_COPIER_HEADER_SIZE : 0; }

z3_status z3_rom_from_memory(z3_rom **out, const uint8_t *data, size_t len, const char *name,
                             z3_error *err) {
  *out = NULL;
  z3_rom *rom;
  z3_status st = rom_new(&rom, data, len, name, err);
  if (st) return st;
  size_t skip = image_start(rom);
  z3_buf image;
  st = z3_buf_copy(&image, data + skip, len - skip, err);
  if (st) {
    z3_buf_release(&image);
    z3_rom_free(rom);
    return st;
  }
  return rom_adopt(out, rom, &image, name, err);
}

/* A ROM file's size limit, for z3_file_read and z3_file_map, and the hint when it is over. */
static const size_t rom_file_max = Z3_ROM_MAX_SIZE + Z3_COPIER_HEADER_SIZE;

static z3_status hint_size(z3_status st, z3_error *err) {
  if (st == Z3_E_INVALID) z3_error_hint(err, "a SNES ROM is at most 16 MiB");
  return st;
}

z3_status z3_rom_load(z3_rom **out, const char *path, z3_error *err) {
  *out = NULL;
  z3_buf file;
  z3_buf_init(&file);
  z3_status st = hint_size(z3_file_read(&file, path, rom_file_max, err), err);
  if (st == Z3_OK && !z3_rom_has_copier_header(file.len)) {
    /* The common case takes the file's buffer as it is: no second 1-16 MiB copy per process. */
    z3_rom *rom;
    st = rom_new(&rom, file.data, file.len, path, err);
    if (st == Z3_OK) st = rom_adopt(out, rom, &file, path, err);
  } else if (st == Z3_OK) {
    st = z3_rom_from_memory(out, file.data, file.len, path, err);
  }
  z3_buf_release(&file);
  return st;
}

z3_status z3_rom_load_mapped(z3_rom **out, const char *path, z3_error *err) {
  *out = NULL;
  z3_file_mapping m;
  z3_status st = hint_size(z3_file_map(path, rom_file_max, &m, err), err);
  if (st != Z3_OK) return st;
  if (!m.data) return z3_rom_load(out, path, err);
  z3_rom *rom;
  st = rom_new(&rom, m.data, m.len, path, err);
  if (st != Z3_OK) {
    z3_file_unmap(&m);
    return st;
  }
  size_t skip = image_start(rom);
  rom->mapped = m;
  z3_buf image = {.data = m.data + skip, .len = m.len - skip, .cap = m.len - skip};
  return rom_adopt(out, rom, &image, path, err);
}

/* Moves a mapped image to the heap, where z3_buf can grow it. */
static z3_status rom_unmap(z3_rom *rom, z3_error *err) {
  if (!rom->mapped.data) return Z3_OK;
  z3_buf heap;
  z3_status st = z3_buf_copy(&heap, rom->data.data, rom->data.len, err);
  if (st != Z3_OK) {
    z3_buf_release(&heap);
    return st;
  }
  z3_file_unmap(&rom->mapped);
  rom->data = heap;
  return Z3_OK;
}

static void change_release(z3_change *c) {
  z3_free(c->old_bytes);
  z3_free(c->new_bytes);
  z3_free(c->reason);
}

void z3_rom_free(z3_rom *rom) {
  if (!rom) return;
  for (size_t i = 0; i < rom->change_count; i++) change_release(&rom->changes[i]);
  z3_free(rom->changes);
  if (rom->mapped.data) z3_file_unmap(&rom->mapped);
  else z3_buf_release(&rom->data);
  z3_free(rom->path);
  z3_free(rom);
}

static void *dup_bytes(const void *p, size_t n) {
  void *q = z3_malloc(n);
  if (q && n) memcpy(q, p, n);
  return q;
}

/* Appends a change entry; takes copies of both byte runs. */
static z3_status log_change(z3_rom *rom, size_t offset, const void *old_bytes, size_t old_len,
                            const void *new_bytes, size_t new_len, const char *reason,
                            z3_error *err) {
  if (rom->change_count == rom->change_cap) {
    size_t cap = rom->change_cap ? rom->change_cap * 2 : 16;
    z3_change *grown = z3_realloc(rom->changes, cap * sizeof *grown);
    if (!grown) return z3_error_set(err, Z3_E_NOMEM, "out of memory recording a change");
    rom->changes = grown;
    rom->change_cap = cap;
  }
  z3_change c = {.offset = offset, .old_len = old_len, .new_len = new_len};
  c.old_bytes = dup_bytes(old_bytes, old_len);
  c.new_bytes = dup_bytes(new_bytes, new_len);
  c.reason = z3_strdup(reason ? reason : "");
  if (!c.old_bytes || !c.new_bytes || !c.reason) {
    change_release(&c);
    return z3_error_set(err, Z3_E_NOMEM, "out of memory recording a change");
  }
  rom->changes[rom->change_count++] = c;
  return Z3_OK;
}

z3_status z3_rom_write(z3_rom *rom, size_t offset, const void *bytes, size_t len,
                       const char *reason, z3_error *err) {
  if (offset > rom->data.len || len > rom->data.len - offset) {
    return z3_error_set_at(err, Z3_E_INVALID, (int64_t)offset,
                           "write of %zu bytes at offset 0x%zx runs past the end of the "
                           "%zu-byte ROM", len, offset, rom->data.len);
  }
  z3_status st = log_change(rom, offset, rom->data.data + offset, len, bytes, len, reason, err);
  if (st == Z3_OK && len) memcpy(rom->data.data + offset, bytes, len);
  return st;
}

bool z3_diff_run_next(const uint8_t *old, const uint8_t *neu, size_t n, size_t merge_gap, size_t *at,
                      size_t *start, size_t *end) {
  size_t i = *at;
  while (i < n && old[i] == neu[i]) i++;
  if (i >= n) {
    *at = n;
    return false;
  }
  size_t e = i + 1, same = 0;
  for (size_t k = i + 1; k < n && same < merge_gap; k++) {
    if (old[k] != neu[k]) e = k + 1, same = 0;
    else same++;
  }
  *start = i, *end = e, *at = e;
  return true;
}

z3_status z3_rom_write_changed(z3_rom *rom, size_t offset, const void *bytes, size_t len, size_t merge_gap,
                               const char *reason, z3_error *err) {
  if (offset > rom->data.len || len > rom->data.len - offset)
    return z3_rom_write(rom, offset, bytes, len, reason, err); /* refused there, with its message */
  const uint8_t *neu = bytes;
  size_t at = 0, start, end;
  while (z3_diff_run_next(rom->data.data + offset, neu, len, merge_gap, &at, &start, &end)) {
    z3_status st = z3_rom_write(rom, offset + start, neu + start, end - start, reason, err);
    if (st) return st;
  }
  return Z3_OK;
}

z3_status z3_rom_resize(z3_rom *rom, size_t new_size, const char *reason, z3_error *err) {
  size_t old = rom->data.len;
  if (new_size > Z3_ROM_MAX_SIZE) {
    return z3_error_set(err, Z3_E_INVALID, "cannot grow the ROM to %zu bytes: over 16 MiB",
                        new_size);
  }
  z3_status st = rom_unmap(rom, err);
  if (st != Z3_OK) return st;
  size_t keep = old < new_size ? old : new_size;
  uint8_t *zeros = new_size > old ? z3_calloc(new_size - old, 1) : NULL;
  if (new_size > old && !zeros) return z3_error_set(err, Z3_E_NOMEM, "out of memory resizing");
  st = log_change(rom, keep, rom->data.data + keep, old - keep, zeros, new_size - keep, reason, err);
  z3_free(zeros);
  if (st == Z3_OK) st = z3_buf_resize(&rom->data, new_size, err);
  return st;
}

bool z3_change_is_noop(const z3_change *c) {
  return c->old_len == c->new_len && memcmp(c->old_bytes, c->new_bytes, c->old_len) == 0;
}

size_t z3_rom_bytes_changed(const z3_rom *rom) { return z3_rom_bytes_changed_since(rom, 0); }

size_t z3_rom_bytes_changed_since(const z3_rom *rom, size_t first) {
  size_t n = 0;
  for (size_t i = first; i < rom->change_count; i++) {
    const z3_change *c = &rom->changes[i];
    size_t common = c->old_len < c->new_len ? c->old_len : c->new_len;
    for (size_t j = 0; j < common; j++) n += c->old_bytes[j] != c->new_bytes[j];
    n += (c->old_len > c->new_len ? c->old_len : c->new_len) - common;
  }
  return n;
}

z3_status z3_rom_save(const z3_rom *rom, const char *path, const z3_write_opts *opts,
                      z3_error *err) {
  if (!rom->has_copier_header) {
    return z3_file_write_atomic(path, rom->data.data, rom->data.len, opts, err);
  }
  z3_buf file;
  z3_buf_init(&file);
  z3_status st = z3_buf_append(&file, rom->copier_header, Z3_COPIER_HEADER_SIZE, err);
  if (st == Z3_OK) st = z3_buf_append(&file, rom->data.data, rom->data.len, err);
  if (st == Z3_OK) st = z3_file_write_atomic(path, file.data, file.len, opts, err);
  z3_buf_release(&file);
  return st;
}
