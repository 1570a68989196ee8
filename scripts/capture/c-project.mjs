// A small multi-file C program ("inventory") with generated codec and table modules,
// so that `make` prints a long build. config.c carries real compile errors unless
// `fixed` is set; hash.c and strutil.c carry real warnings.
import { scratch, writeTree } from "./lib.mjs";

const HEADER = `#ifndef INVENTORY_H
#define INVENTORY_H
#include <stddef.h>
#include <stdint.h>

struct buffer { char *data; size_t len, cap; };
struct item { const char *sku; int quantity; double price; };
struct config { int verbose; int max_items; const char *store; };

void buffer_init(struct buffer *b);
int buffer_append(struct buffer *b, const char *s, size_t n);
void buffer_free(struct buffer *b);
uint32_t hash_sku(const char *sku);
int config_load(struct config *cfg, const char *path);
char *str_trim(char *s);
int str_format_price(char *out, size_t n, double price);
#endif
`;

const BUFFER = `#include <stdlib.h>
#include <string.h>
#include "inventory.h"

void buffer_init(struct buffer *b) { b->data = NULL; b->len = 0; b->cap = 0; }

int buffer_append(struct buffer *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 64;
    while (cap < b->len + n + 1) cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p) return -1;
    b->data = p;
    b->cap = cap;
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\\0';
  return 0;
}

void buffer_free(struct buffer *b) { free(b->data); buffer_init(b); }
`;

const CONFIG_BROKEN = `#include <stdio.h>
#include <string.h>
#include "inventory.h"

int config_load(struct config *cfg, const char *path) {
  FILE *f = fopen(path, "r");
  char line[256];
  if (!f) return -1;
  cfg->verbose = 0;
  cfg->max_items = 1000
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "store=", 6) == 0) cfg->store = strdup(line + 6);
    if (strncmp(line, "verbose", 7) == 0) cfg->verbose = 1;
    if (strncmp(line, "max=", 4) == 0) cfg->max_items = atoi(line + 4);
  }
  fclose(f);
  return item_count;
}
`;

const CONFIG_FIXED = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "inventory.h"

int config_load(struct config *cfg, const char *path) {
  FILE *f = fopen(path, "r");
  char line[256];
  if (!f) return -1;
  cfg->verbose = 0;
  cfg->max_items = 1000;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "store=", 6) == 0) cfg->store = strdup(line + 6);
    if (strncmp(line, "verbose", 7) == 0) cfg->verbose = 1;
    if (strncmp(line, "max=", 4) == 0) cfg->max_items = atoi(line + 4);
  }
  fclose(f);
  return 0;
}
`;

const HASH = `#include "inventory.h"

uint32_t hash_sku(const char *sku) {
  uint32_t h = 2166136261u;
  int unused_rounds;
  for (int i = 0; i < sizeof(uint32_t) * 64 && sku[i]; i++) {
    h ^= (unsigned char)sku[i];
    h *= 16777619u;
  }
  return h;
}
`;

const STRUTIL = `#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "inventory.h"

char *str_trim(char *s) {
  char *end;
  while (isspace((unsigned char)*s)) s++;
  end = s + strlen(s);
  while (end > s && isspace((unsigned char)end[-1])) end--;
  *end = '\\0';
  return s;
}

int str_format_price(char *out, size_t n, double price) {
  return snprintf(out, n, "%d.%02d EUR", price, (int)(price * 100) % 100);
}
`;

const MAIN = `#include <stdio.h>
#include "inventory.h"

int main(int argc, char **argv) {
  struct config cfg = {0};
  struct buffer out;
  char price[32];
  if (config_load(&cfg, argc > 1 ? argv[1] : "inventory.conf") != 0) {
    fprintf(stderr, "cannot read config\\n");
    return 1;
  }
  buffer_init(&out);
  str_format_price(price, sizeof price, 12.5);
  buffer_append(&out, price, 9);
  printf("%s %u\\n", out.data, hash_sku("SKU-1"));
  buffer_free(&out);
  return 0;
}
`;

const MAKEFILE = `CC := gcc
CFLAGS := -Wall -Wextra -O2 -Isrc
SRCS := $(sort $(wildcard src/*.c))
OBJS := $(SRCS:src/%.c=build/%.o)

all: bin/inventory

bin/inventory: $(OBJS)
\t@mkdir -p bin
\t$(CC) -o $@ $^

build/%.o: src/%.c src/inventory.h
\t@mkdir -p build
\t$(CC) $(CFLAGS) -c $< -o $@

clean:
\trm -rf build bin
`;

function codec(n) {
  const id = String(n).padStart(3, "0");
  return `#include "inventory.h"

uint32_t codec_${id}_checksum(const uint8_t *p, size_t n) {
  uint32_t h = ${n}u;
  for (size_t i = 0; i < n; i++) h = h * 31u + p[i];
  return h;
}
`;
}

function table(n) {
  const id = String(n).padStart(3, "0");
  const values = Array.from({ length: 16 }, (_, i) => (n * 37 + i * 11) % 251).join(", ");
  return `const int table_${id}[16] = { ${values} };\n`;
}

/** Writes the project into a fresh scratch dir and returns it. */
export function cProject(id, { fixed = false, modules = 60 } = {}) {
  const dir = scratch(id);
  const files = {
    Makefile: MAKEFILE,
    "src/inventory.h": HEADER,
    "src/buffer.c": BUFFER,
    "src/config.c": fixed ? CONFIG_FIXED : CONFIG_BROKEN,
    "src/hash.c": HASH,
    "src/strutil.c": STRUTIL,
    "src/main.c": MAIN,
  };
  for (let n = 1; n <= modules; n++) {
    files[`src/codec_${String(n).padStart(3, "0")}.c`] = codec(n);
    files[`src/table_${String(n).padStart(3, "0")}.c`] = table(n);
  }
  writeTree(dir, files);
  return dir;
}
