// Profilers, thread and bytecode views: a jstack thread dump with a Java-level deadlock,
// javap -c of a library class, Python's cProfile table, ThreadSanitizer's data races and lock
// inversion, valgrind's massif heap profile through ms_print, and callgrind_annotate.
import { spawn } from "node:child_process";
import { scratch, sh, writeTree } from "./lib.mjs";

/** A scratch directory with the given files. */
function project(id, files) {
  const dir = scratch(id);
  writeTree(dir, files);
  return dir;
}

/** Worker threads waiting on a queue, a metrics loop, and two threads that lock two ledgers in opposite orders. */
const JAVA_DEADLOCK = `package shop;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

public class Ledger {
    static final Object ACCOUNTS = new Object();
    static final Object JOURNAL = new Object();

    static void pause(long ms) {
        try { Thread.sleep(ms); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
    }

    static void post(String who) {
        synchronized (ACCOUNTS) {
            pause(200);
            synchronized (JOURNAL) { System.out.println(who + " posted"); }
        }
    }

    static void audit(String who) {
        synchronized (JOURNAL) {
            pause(200);
            synchronized (ACCOUNTS) { System.out.println(who + " audited"); }
        }
    }

    public static void main(String[] args) throws Exception {
        BlockingQueue<Runnable> orders = new ArrayBlockingQueue<>(100);
        for (int i = 1; i <= 8; i++) {
            Thread t = new Thread(() -> {
                try { while (true) orders.take().run(); } catch (InterruptedException e) { }
            }, "order-worker-" + i);
            t.setDaemon(true);
            t.start();
        }
        Thread metrics = new Thread(() -> { while (true) pause(1000); }, "metrics-reporter");
        metrics.setDaemon(true);
        metrics.start();
        new Thread(() -> post("ledger-writer"), "ledger-writer").start();
        new Thread(() -> audit("audit-reader"), "audit-reader").start();
        System.out.println("started");
        Thread.sleep(600_000);
    }
}
`;

let javaApp;
function startLedger(id) {
  const dir = project(id, { "src/shop/Ledger.java": JAVA_DEADLOCK });
  sh("javac -d out src/shop/Ledger.java", { cwd: dir });
  javaApp = spawn("java", ["-cp", "out", "shop.Ledger"], { cwd: dir, detached: true, stdio: "ignore" });
  sh(`echo ${javaApp.pid} > app.pid`, { cwd: dir });
  // The two ledger threads deadlock 200 ms after they start; wait until the JVM answers jstack.
  sh(`for i in $(seq 100); do jstack ${javaApp.pid} 2>/dev/null | grep -q 'Found one Java-level deadlock' && exit 0; sleep 0.2; done; exit 1`, { cwd: dir });
  return dir;
}
function stopLedger() {
  if (javaApp) process.kill(-javaApp.pid, "SIGKILL");
  javaApp = undefined;
}

/** A report over synthetic orders: parsing, regular expressions, sorting, grouping, CSV. */
const PY_REPORT = `import csv
import io
import json
import re
from collections import defaultdict

SKU = re.compile(r"^(?P<family>[A-Z]{2})-(?P<num>\\d{4})$")


def make_orders(n):
    return [
        json.dumps({"id": i, "sku": f"{'ABCDEFGH'[i % 8]}{'XYZ'[i % 3]}-{i % 9000:04d}", "qty": i % 7 + 1, "cents": 199 + (i * 37) % 5000})
        for i in range(n)
    ]


def parse(lines):
    return [json.loads(line) for line in lines]


def family(order):
    m = SKU.match(order["sku"])
    return m.group("family") if m else "??"


def group(orders):
    out = defaultdict(list)
    for o in orders:
        out[family(o)].append(o)
    return out


def totals(groups):
    return sorted(((k, sum(o["qty"] * o["cents"] for o in v)) for k, v in groups.items()), key=lambda kv: -kv[1])


def to_csv(rows):
    buf = io.StringIO()
    w = csv.writer(buf)
    for row in rows:
        w.writerow(row)
    return buf.getvalue()


def main():
    orders = parse(make_orders(60000))
    rows = totals(group(orders))
    print(to_csv(rows[:10]))
    print("families:", len(rows))


main()
`;

/** A job queue served by four workers: unlocked counters, a flag, a stats struct, and two locks taken in both orders. */
const TSAN_APP = `#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct stats { long processed; long failed; double revenue; };

static struct stats stats;
static int shutting_down;
static long next_job;
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static long take_job(void) {
  pthread_mutex_lock(&queue_lock);
  long job = next_job < 400 ? next_job++ : -1;
  pthread_mutex_unlock(&queue_lock);
  return job;
}

static void record(long job) {
  if (job % 50 == 0) {
    pthread_mutex_lock(&stats_lock);
    pthread_mutex_lock(&queue_lock);
    stats.failed++;
    pthread_mutex_unlock(&queue_lock);
    pthread_mutex_unlock(&stats_lock);
    return;
  }
  stats.processed++;
  stats.revenue += (job % 97) * 1.25;
}

static void *worker(void *arg) {
  long id = (long)arg;
  for (long job; (job = take_job()) >= 0 && !shutting_down;) {
    record(job);
    usleep(20);
    if (job % 40 == 0) printf("worker %ld: job %ld done\\n", id, job);
  }
  pthread_mutex_lock(&queue_lock);
  pthread_mutex_lock(&stats_lock);
  printf("worker %ld: exiting after job %ld\\n", id, next_job);
  pthread_mutex_unlock(&stats_lock);
  pthread_mutex_unlock(&queue_lock);
  return NULL;
}

int main(void) {
  pthread_t threads[4];
  for (long i = 0; i < 4; i++) pthread_create(&threads[i], NULL, worker, (void *)i);
  usleep(5000);
  shutting_down = 1;
  for (int i = 0; i < 4; i++) pthread_join(threads[i], NULL);
  printf("processed %ld, failed %ld, revenue %.2f\\n", stats.processed, stats.failed, stats.revenue);
  return 0;
}
`;

/** A catalog loader whose heap grows in phases: a hash table, growing text buffers, and a leak. */
const HEAP_APP = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry { char *sku; char *name; long cents; struct entry *next; };
struct table { struct entry **buckets; size_t size, count; };

static unsigned long hash(const char *s) {
  unsigned long h = 5381;
  while (*s) h = h * 33 + (unsigned char)*s++;
  return h;
}

static struct table *table_new(size_t size) {
  struct table *t = malloc(sizeof *t);
  t->buckets = calloc(size, sizeof *t->buckets);
  t->size = size;
  t->count = 0;
  return t;
}

static void table_put(struct table *t, const char *sku, const char *name, long cents) {
  struct entry *e = malloc(sizeof *e);
  e->sku = strdup(sku);
  e->name = strdup(name);
  e->cents = cents;
  unsigned long b = hash(sku) % t->size;
  e->next = t->buckets[b];
  t->buckets[b] = e;
  t->count++;
}

static char *describe(const struct table *t) {
  size_t cap = 256, len = 0;
  char *out = malloc(cap);
  out[0] = 0;
  for (size_t b = 0; b < t->size; b++)
    for (struct entry *e = t->buckets[b]; e; e = e->next) {
      char line[160];
      int n = snprintf(line, sizeof line, "%s %s %ld\\n", e->sku, e->name, e->cents);
      while (len + n + 1 > cap) out = realloc(out, cap *= 2);
      memcpy(out + len, line, n + 1);
      len += n;
    }
  return out;
}

static long checksum(const char *text) {
  long sum = 0;
  for (const char *p = text; *p; p++) sum = (sum * 31 + *p) % 1000003;
  return sum;
}

int main(void) {
  struct table *t = table_new(4096);
  char sku[32], name[64];
  for (int i = 0; i < 30000; i++) {
    snprintf(sku, sizeof sku, "SKU-%06d", i);
    snprintf(name, sizeof name, "Product %d in family %d", i, i % 40);
    table_put(t, sku, name, 199 + (i * 37) % 5000);
  }
  char *report = describe(t);
  printf("%zu items, report %zu bytes, checksum %ld\\n", t->count, strlen(report), checksum(report));
  free(report);
  for (int round = 0; round < 5; round++) {
    char *again = describe(t);
    printf("round %d: checksum %ld\\n", round, checksum(again));
    if (round != 3) free(again);
  }
  return 0;
}
`;

export default [
  {
    id: "jstack-java-deadlock",
    program: "jstack",
    category: "CommandOutput",
    setup: () => startLedger("jstack-java-deadlock"),
    teardown: stopLedger,
    command: "jstack $(cat app.pid)",
    exitCode: 0,
    versions: ["java -version 2>&1 | head -n 1"],
    note: "a JVM with eight queue workers, a metrics thread and two threads deadlocked on two monitors; ids, addresses and times differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^Found [0-9a-z]+ Java-level deadlock' "$OUT"`)
        .mustKeep(`grep -E '^"(ledger-writer|audit-reader)":$' "$OUT"`)
        .mustKeep(`grep -oE 'at shop\\.Ledger\\.(post|audit)\\(Ledger\\.java:[0-9]+\\)' "$OUT" | sort -u`)
        .count("threads", `grep -c '^"' "$OUT"`),
  },
  {
    id: "javap-c-duration-format-utils",
    program: "javap",
    category: "CommandOutput",
    cwd: "/tmp",
    command: "javap -c -p -cp /usr/share/java/commons-lang3.jar org.apache.commons.lang3.time.DurationFormatUtils",
    exitCode: 0,
    versions: ["javap -version", "unzip -p /usr/share/java/commons-lang3.jar META-INF/MANIFEST.MF | grep -E '^Bundle-Version'"],
    note: "Debian's commons-lang3",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(public|final|static|private|protected|class).* class ' "$OUT"`)
        .mustKeep(`grep -E '^  public static java\\.lang\\.String format' "$OUT"`)
        .count("methods", `grep -cE '^  [a-z].*\\);$' "$OUT"`),
  },
  {
    id: "cprofile-sort-cumulative",
    program: "cProfile",
    category: "CommandOutput",
    setup: () => project("cprofile-sort-cumulative", { "report.py": PY_REPORT }),
    command: "python3 -m cProfile -s cumulative report.py",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "the script's own output, then every function called, sorted by cumulative time; times differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '[0-9]+ function calls( \\([0-9]+ primitive calls\\))? in [0-9.]+ seconds' "$OUT"`)
        .mustKeep(`grep -oE 'report\\.py:[0-9]+\\((main|parse|make_orders|group|totals|family)\\)' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^families: ' "$OUT"`)
        .count("functions", `grep -cE '^ *[0-9/]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ ' "$OUT"`),
  },
  {
    id: "tsan-races-lock-inversion",
    program: "tsan",
    category: "CommandOutput",
    setup: () => {
      const dir = project("tsan-races-lock-inversion", { "jobs.c": TSAN_APP });
      sh("gcc -g -O1 -fsanitize=thread -o jobs jobs.c -lpthread", { cwd: dir });
      return dir;
    },
    command: "./jobs",
    exitCode: 66,
    versions: ["gcc --version"],
    note: "built with -fsanitize=thread; the interleaving of the workers and the order of the reports differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^WARNING: ThreadSanitizer: ' "$OUT" | sort -u`)
        .errorLines(`grep -E '^SUMMARY: ThreadSanitizer: ' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^ThreadSanitizer: reported [0-9]+ warnings' "$OUT"`)
        .mustKeep(`grep -E '^processed [0-9]+' "$OUT"`),
  },
  {
    id: "ms-print-massif-heap",
    program: "ms_print",
    category: "CommandOutput",
    setup: () => {
      const dir = project("ms-print-massif-heap", { "catalog.c": HEAP_APP });
      sh("gcc -g -O0 -o catalog catalog.c && valgrind --tool=massif --massif-out-file=massif.out ./catalog >/dev/null 2>&1", { cwd: dir });
      return dir;
    },
    command: "ms_print massif.out",
    exitCode: 0,
    versions: ["valgrind --version", "gcc --version"],
    note: "massif's profile of a catalog loader (in the capture script) that keeps one report it should have freed",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^Command: ' "$OUT"`)
        .mustKeep(`grep -oE 'Detailed snapshots: \\[[^]]*\\]' "$OUT"`)
        .mustKeep(`grep -oE '(table_put|describe|table_new) \\(catalog\\.c:[0-9]+\\)' "$OUT" | sort -u`)
        .count("snapshots", `grep -cE '^ +[0-9]+ +[0-9,]+ +[0-9,]+ +[0-9,]+ +[0-9,]+ +[0-9,]+$' "$OUT"`),
  },
  {
    id: "callgrind-annotate-catalog",
    program: "callgrind_annotate",
    category: "CommandOutput",
    setup: () => {
      const dir = project("callgrind-annotate-catalog", { "catalog.c": HEAP_APP });
      sh("gcc -g -O1 -o catalog catalog.c && valgrind --tool=callgrind --callgrind-out-file=callgrind.out ./catalog >/dev/null 2>&1", { cwd: dir });
      return dir;
    },
    command: "callgrind_annotate callgrind.out",
    exitCode: 0,
    versions: ["valgrind --version", "gcc --version"],
    note: "callgrind's instruction counts for the same catalog loader, per function",
    facts: (f) =>
      f
        .mustKeep(`grep -E 'PROGRAM TOTALS' "$OUT" | sed -E 's/^ +//'`)
        .mustKeep(`awk '/file:function/ { getline; on = 1; next } on && NF { print; if (++n == 3) exit }' "$OUT" | sed -E 's/^ +//'`)
        .mustKeep(`grep -oE 'catalog\\.c:(checksum|describe|hash|table_put|main)' "$OUT" | sort -u`),
  },
];
