/*
 * What both message bundle fuzz targets check, for one reader and its writer:
 * the input read as a bundle is applied to the sample ROM's messages. A
 * refused bundle (by the reader or the apply) must say why and leave the
 * messages as they were; an accepted one must export to a bundle that reads
 * back and applies as no change at all (export -> import is exact). Any
 * violation traps.
 */
#ifndef Z3_FUZZ_MESSAGE_BUNDLE_H
#define Z3_FUZZ_MESSAGE_BUNDLE_H

#include <stdlib.h>
#include <string.h>

#include "zelda3/sample.h"
#include "zelda3/text_bundle.h"

typedef z3_status (*bundle_reader)(const uint8_t *data, size_t len, z3_text_bundle *out, z3_error *err);
typedef z3_status (*bundle_writer)(const z3_text *text, z3_buf *out, z3_error *err);

static const z3_rom *sample_rom(void) {
  static z3_rom *rom;
  z3_error err;
  z3_error_init(&err);
  if (!rom && z3_sample_rom(&rom, NULL, &err) != Z3_OK) abort();
  return rom;
}

static void fresh_text(z3_text *t) {
  z3_error err;
  z3_error_init(&err);
  if (z3_text_load(sample_rom(), t, &err) != Z3_OK) abort();
}

static bool same_text(const z3_text *a, const z3_text *b) {
  if (a->count != b->count || !z3_text_dict_equal(&a->dict, &b->dict)) return false;
  for (size_t i = 0; i < a->count; i++)
    if (a->msgs[i].len != b->msgs[i].len || (a->msgs[i].len && memcmp(a->msgs[i].data, b->msgs[i].data, a->msgs[i].len)))
      return false;
  return true;
}

/* Exporting t and importing the export changes nothing. */
static void check_export_is_stable(z3_text *t, bundle_reader read, bundle_writer write) {
  z3_error err;
  z3_error_init(&err);
  z3_buf file;
  z3_buf_init(&file);
  z3_text_bundle again;
  z3_bundle_applied applied;
  if (write(t, &file, &err) != Z3_OK || read(file.data, file.len, &again, &err) != Z3_OK) abort();
  if (z3_text_bundle_apply(t, &again, &applied, &err) != Z3_OK || applied.changed || applied.dict_changed) abort();
  z3_text_bundle_release(&again);
  z3_buf_release(&file);
}

static void check_bundle(const uint8_t *data, size_t size, bundle_reader read, bundle_writer write) {
  z3_error err;
  z3_error_init(&err);
  z3_text_bundle b;
  if (read(data, size, &b, &err) != Z3_OK) {
    if (!err.message[0] || b.count || b.msgs) abort();
    return;
  }
  z3_text t, before;
  fresh_text(&t);
  fresh_text(&before);
  z3_bundle_applied applied;
  if (z3_text_bundle_apply(&t, &b, &applied, &err) != Z3_OK) {
    if (!err.message[0] || !same_text(&t, &before)) abort();
  } else {
    check_export_is_stable(&t, read, write);
  }
  z3_text_release(&t);
  z3_text_release(&before);
  z3_text_bundle_release(&b);
}

#endif
