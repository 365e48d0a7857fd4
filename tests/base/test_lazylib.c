/* base/lazylib: libcurl, SQLite and libfyaml are opened on the first call and every
 * forwarded call reaches the real library with its arguments intact (the
 * variadic curl_easy_setopt by option type); a library that cannot be loaded
 * is a clear error, not a crash. */
#include <curl/curl.h>
#include <libfyaml.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "base/lazylib.h"
#include "test.h"

Z3_TEST(test_lazylib__missing_library_is_an_error) {
  (void)state;
  void *lib = (void *)1;
  bool tried = false;
  assert_null(z3_lazylib_open(&lib, &tried, "libz3ed-no-such-library.so.9"));
  assert_true(tried);
  assert_non_null(strstr(z3_lazylib_error(), "libz3ed-no-such-library.so.9"));
  assert_null(z3_lazylib_sym(NULL, "anything"));
}

Z3_TEST(test_lazylib__sqlite_round_trip) {
  (void)state;
  sqlite3 *db = NULL;
  assert_int_equal(sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_exec(db, "CREATE TABLE t(a INTEGER, b TEXT)", NULL, NULL, NULL), SQLITE_OK);
  sqlite3_stmt *st = NULL;
  assert_int_equal(sqlite3_prepare_v2(db, "INSERT INTO t VALUES(?, ?)", -1, &st, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_bind_int64(st, 1, 5000000000ll), SQLITE_OK);
  assert_int_equal(sqlite3_bind_text(st, 2, "tunic", -1, SQLITE_TRANSIENT), SQLITE_OK);
  assert_int_equal(sqlite3_step(st), SQLITE_DONE);
  assert_int_equal(sqlite3_finalize(st), SQLITE_OK);
  assert_int_equal(sqlite3_last_insert_rowid(db), 1);
  assert_int_equal(sqlite3_prepare_v2(db, "SELECT a, b FROM t", -1, &st, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(st), SQLITE_ROW);
  assert_int_equal(sqlite3_column_int64(st, 0), 5000000000ll);
  assert_string_equal((const char *)sqlite3_column_text(st, 1), "tunic");
  sqlite3_finalize(st);
  assert_int_not_equal(sqlite3_exec(db, "SELECT nope FROM t", NULL, NULL, NULL), SQLITE_OK);
  assert_non_null(strstr(sqlite3_errmsg(db), "nope"));
  assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

static size_t sink(char *p, size_t size, size_t n, void *user) {
  (void)p, (void)user;
  return size * n;
}

Z3_TEST(test_lazylib__curl_options_of_every_type) {
  (void)state;
  assert_int_equal(curl_global_init(CURL_GLOBAL_DEFAULT), CURLE_OK);
  CURL *h = curl_easy_init();
  assert_non_null(h);
  assert_int_equal(curl_easy_setopt(h, CURLOPT_TIMEOUT, 5L), CURLE_OK);                         /* long */
  assert_int_equal(curl_easy_setopt(h, CURLOPT_URL, "http://127.0.0.1:1/"), CURLE_OK);          /* pointer */
  assert_int_equal(curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, sink), CURLE_OK);                 /* function */
  assert_int_equal(curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)1 << 40), CURLE_OK); /* off_t */
  /* A bad value still reaches libcurl, which refuses it. */
  assert_int_equal(curl_easy_setopt(h, CURLOPT_PROXYTYPE, 999L), CURLE_BAD_FUNCTION_ARGUMENT);
  long code = -1;
  assert_int_equal(curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code), CURLE_OK);
  assert_int_equal(code, 0);
  struct curl_slist *list = curl_slist_append(NULL, "Accept: application/json");
  assert_non_null(list);
  assert_string_equal(list->data, "Accept: application/json");
  curl_slist_free_all(list);
  assert_non_null(strstr(curl_easy_strerror(CURLE_OK), "No error"));
  assert_int_equal(curl_getdate("Sun, 06 Nov 1994 08:49:37 GMT", NULL), 784111777);
  curl_easy_cleanup(h);
}

/* A YAML document parsed, walked and emitted again through the forwarded calls. */
Z3_TEST(test_lazylib__yaml_parse_walk_emit) {
  (void)state;
  static const char text[] = "name: hero\nsizes: [8, 16]\n";
  struct fy_document *doc = fy_document_build_from_string(NULL, text, sizeof text - 1);
  assert_non_null(doc);
  struct fy_node *root = fy_document_root(doc);
  assert_true(fy_node_is_mapping(root));
  assert_int_equal(fy_node_mapping_item_count(root), 2);
  size_t len = 0;
  const char *name = fy_node_get_scalar(fy_node_mapping_lookup_by_string(root, "name", 4), &len);
  assert_int_equal(len, 4);
  assert_memory_equal(name, "hero", 4);
  struct fy_node *sizes = fy_node_mapping_lookup_by_string(root, "sizes", 5);
  assert_true(fy_node_is_sequence(sizes));
  assert_int_equal(fy_node_sequence_item_count(sizes), 2);
  assert_int_equal(fy_node_sequence_append(sizes, fy_node_create_scalar_copy(doc, "32", 2)), 0);
  char *out = fy_emit_document_to_string(doc, FYECF_MODE_FLOW_ONELINE);
  assert_non_null(out);
  assert_non_null(strstr(out, "32"));
  free(out);
  fy_document_destroy(doc);
}

Z3_RUN(cmocka_unit_test(test_lazylib__missing_library_is_an_error),
       cmocka_unit_test(test_lazylib__yaml_parse_walk_emit),
       cmocka_unit_test(test_lazylib__sqlite_round_trip),
       cmocka_unit_test(test_lazylib__curl_options_of_every_type))
