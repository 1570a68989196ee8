// Reports of native builds the other captures lack: gprof's flat profile and call graph of a
// program built with -pg, and gcov's annotated sources with branch counts (-t writes them to stdout) of a run built with --coverage.
import { scratch, sh, writeTree } from "./lib.mjs";

/** A small inventory program: parsing, hashing, sorting and pricing, with branches some tests never take. */
const MODULES = {
  "parse.c": `#include "inv.h"
int parse_qty(const char *s) {
  int n = 0;
  if (!s || !*s) return -1;
  for (; *s; s++) {
    if (*s < '0' || *s > '9') return -1;
    n = n * 10 + (*s - '0');
  }
  return n;
}
int parse_sku(const char *s, char *out, int cap) {
  int i = 0;
  if (!s) return -1;
  while (s[i] && i < cap - 1) { out[i] = s[i]; i++; }
  out[i] = 0;
  return s[i] ? -1 : i;
}
`,
  "hash.c": `#include "inv.h"
unsigned hash_sku(const char *s) {
  unsigned h = 2166136261u;
  while (*s) { h ^= (unsigned char)*s++; h *= 16777619u; }
  return h;
}
unsigned mix(unsigned h, int rounds) {
  for (int i = 0; i < rounds; i++) h = (h ^ (h >> 13)) * 0x5bd1e995u;
  return h;
}
`,
  "sort.c": `#include "inv.h"
void sort_items(struct item *v, int n) {
  for (int i = 1; i < n; i++) {
    struct item x = v[i];
    int j = i - 1;
    while (j >= 0 && v[j].key > x.key) { v[j + 1] = v[j]; j--; }
    v[j + 1] = x;
  }
}
int is_sorted(const struct item *v, int n) {
  for (int i = 1; i < n; i++) if (v[i - 1].key > v[i].key) return 0;
  return 1;
}
`,
  "price.c": `#include "inv.h"
long price_with_vat(long cents, int rate) {
  if (rate < 0) return -1;
  if (rate > 100) return -2;
  return (cents * (100 + rate) + 50) / 100;
}
long discount(long cents, int percent) {
  if (percent <= 0) return cents;
  if (percent >= 100) return 0;
  return cents - cents * percent / 100;
}
`,
  "report.c": `#include "inv.h"
#include <stdio.h>
void report(const struct item *v, int n, int verbose) {
  long total = 0;
  for (int i = 0; i < n; i++) total += v[i].cents;
  if (verbose) for (int i = 0; i < n && i < 3; i++) printf("item %u: %ld\\n", v[i].key, v[i].cents);
  printf("%d items, %ld cents\\n", n, total);
}
`,
};

const HEADER = `struct item { unsigned key; long cents; };
int parse_qty(const char *s);
int parse_sku(const char *s, char *out, int cap);
unsigned hash_sku(const char *s);
unsigned mix(unsigned h, int rounds);
void sort_items(struct item *v, int n);
int is_sorted(const struct item *v, int n);
long price_with_vat(long cents, int rate);
long discount(long cents, int percent);
void report(const struct item *v, int n, int verbose);
`;

const MAIN = `#include "inv.h"
#include <stdio.h>
#include <stdlib.h>
static struct item items[6000];
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 6000;
  char sku[16];
  for (int i = 0; i < n; i++) {
    snprintf(sku, sizeof sku, "SKU-%05d", (i * 7919) % 100000);
    items[i].key = mix(hash_sku(sku), 2000);
    items[i].cents = discount(price_with_vat(100 + i, 19), i % 7 == 0 ? 10 : 0);
  }
  sort_items(items, n);
  if (!is_sorted(items, n)) return 1;
  if (parse_qty("12") != 12) return 2;
  report(items, n, 0);
  return 0;
}
`;

function inventoryProgram(id) {
  const dir = scratch(id);
  writeTree(dir, { "inv.h": HEADER, "main.c": MAIN, ...MODULES });
  return dir;
}

export default [
  {
    id: "gprof-inventory-profile",
    program: "gprof",
    category: "CommandOutput",
    setup: () => {
      const dir = inventoryProgram("gprof-inventory-profile");
      sh("gcc -O0 -pg -fno-inline -o inv *.c && ./inv", { cwd: dir });
      return dir;
    },
    command: "gprof ./inv gmon.out",
    exitCode: 0,
    versions: ["gprof --version | head -n 1", "gcc --version | head -n 1"],
    note: "a C program of six files (in the capture script) built with -pg and run once before the command; the times and call counts of the samples vary from run to run",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^Flat profile:|^Call graph' "$OUT" | sed -E 's/ \\(.*//'`)
        .mustKeep(`awk '/^Flat profile:/{f=1} f && /^ *[0-9.]+ +[0-9.]+ +[0-9.]+ /{print $NF; exit}' "$OUT"`)
        .mustKeep(`grep -oE '^Index by function name' "$OUT"`)
        .count("functions", `awk '/^Index by function name/{f=1; next} f' "$OUT" | grep -oE '\\[[0-9]+\\]' | wc -l`),
  },
  {
    id: "gcov-annotated-branches",
    program: "gcov",
    category: "CommandOutput",
    setup: () => {
      const dir = inventoryProgram("gcov-annotated-branches");
      sh("for c in *.c; do gcc -O0 --coverage -c $c; done && gcc --coverage -o inv *.o && ./inv 300", { cwd: dir });
      return dir;
    },
    command: "gcov -t -b *.c",
    exitCode: 0,
    versions: ["gcov --version | head -n 1"],
    note: "the same C program built with --coverage and run once over 300 items before the command",
    facts: (f) =>
      f
        .mustKeep(`grep -E '#####:' "$OUT"`)
        .mustKeep(`grep -E '^function [a-z_]+ called 0 ' "$OUT"`)
        .count("sources", `grep -c ':Source:' "$OUT"`),
  },
];
