/*
 * Fuzzes the project manifest reader (z3ed-project.toml comes with every
 * shared project). A manifest that parses has a name, an output file name
 * without '/', a base SHA-1 of 40 hex digits and steps that each name a file
 * unless they import assets; writing it out and reading it back gives the
 * same manifest. A failure names the file.
 *
 * The seeds in fuzz/corpora/project_manifest/ are plain text files.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "project/project.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_manifest(const z3_project *a, const z3_project *b) {
  if (strcmp(a->name, b->name) || strcmp(a->output, b->output) || strcmp(a->base_path, b->base_path) ||
      strcmp(a->base_sha1, b->base_sha1) || a->base_size != b->base_size || a->expand_to != b->expand_to ||
      a->step_count != b->step_count)
    abort();
  for (size_t i = 0; i < a->step_count; i++) {
    if (a->steps[i].kind != b->steps[i].kind) abort();
    if ((a->steps[i].file == NULL) != (b->steps[i].file == NULL)) abort();
    if (a->steps[i].file && strcmp(a->steps[i].file, b->steps[i].file)) abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  z3_project p;
  z3_error err;
  z3_error_init(&err);
  if (z3_project_parse(&p, (const char *)data, size, "fuzz.toml", &err) != Z3_OK) {
    if (strncmp(err.message, "fuzz.toml", 9) != 0) abort();
    return 0;
  }
  if (!p.name || !p.output || strchr(p.output, '/') || strlen(p.base_sha1) != 40) abort();
  for (size_t i = 0; i < p.step_count; i++)
    if ((p.steps[i].kind == Z3_STEP_ASSETS) != (p.steps[i].file == NULL)) abort();
  char *text = z3_project_manifest_text(&p);
  if (!text) abort();
  z3_project back;
  if (z3_project_parse(&back, text, strlen(text), "written.toml", &err) != Z3_OK) abort();
  same_manifest(&p, &back);
  z3_project_release(&back);
  z3_free(text);
  z3_project_release(&p);
  return 0;
}
