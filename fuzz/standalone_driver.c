/* Replays every file of a corpus folder through LLVMFuzzerTestOneInput, so the
 * corpora run as ordinary tests without libFuzzer (libgit2's idea). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/base.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  DIR *dir = opendir(argv[1]);
  if (!dir) {
    fprintf(stderr, "cannot open corpus '%s'\n", argv[1]);
    return 3;
  }
  int count = 0;
  for (struct dirent *e; (e = readdir(dir));) {
    if (e->d_name[0] == '.') continue;
    char *path = z3_strfmt("%s/%s", argv[1], e->d_name);
    z3_buf data;
    z3_buf_init(&data);
    z3_error err;
    z3_error_init(&err);
    if (z3_file_read(&data, path, 64u << 20, &err) == Z3_OK) {
      LLVMFuzzerTestOneInput(data.data, data.len);
      count++;
    }
    z3_buf_release(&data);
    z3_free(path);
  }
  closedir(dir);
  LLVMFuzzerTestOneInput((const uint8_t *)"", 0);
  printf("replayed %d corpus files\n", count);
  return count > 0 ? 0 : 1;
}
