// Memory checkers, sanitizers, tracers and debuggers over small C programs that do real
// work and print a log: valgrind memcheck (exit 0 with errors inside, and with
// --error-exitcode), helgrind, AddressSanitizer, LeakSanitizer, UBSan (exit 0), strace,
// ltrace, gdb batch backtraces (one thread, and many identical threads).
import { scratch, sh, writeTree } from "./lib.mjs";

/** A record store: reads 400 records, prints each, then misbehaves as `bug` says. */
export const STORE = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int id; char *name; int qty; } record;

static record *load(int n) {
    record *rs = malloc(sizeof(record) * n);
    for (int i = 0; i < n; i++) {
        rs[i].id = 1000 + i;
        rs[i].name = malloc(16);
        snprintf(rs[i].name, 16, "item-%04d", i);
        rs[i].qty = (i * 7) % 31;
    }
    return rs;
}

static int total(const record *rs, int n) {
    int t = 0;
    for (int i = 0; i <= n; i++) t += rs[i].qty; /* BUG: reads one past the end */
    return t;
}

int main(int argc, char **argv) {
    int n = 400;
    record *rs = load(n);
    for (int i = 0; i < n; i++) printf("loaded record %d %s qty=%d\\n", rs[i].id, rs[i].name, rs[i].qty);
    printf("total quantity: %d\\n", total(rs, n));
    char *label = malloc(8);
    strcpy(label, "summary");
    free(label);
    if (argc > 1 && strcmp(argv[1], "uaf") == 0) printf("label after free: %c\\n", label[0]);
    for (int i = 0; i < n; i += 2) free(rs[i].name); /* BUG: odd names leak */
    free(rs);
    return 0;
}
`;

const THREADS = `#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int counter;
static pthread_barrier_t ready;

static void *worker(void *arg) {
    long id = (long)arg;
    for (int i = 0; i < 1000; i++) counter++; /* BUG: unsynchronised */
    pthread_barrier_wait(&ready);
    if (id == 17) { int *p = 0; *p = (int)id; } /* BUG: worker 17 dereferences NULL */
    pause();
    return 0;
}

int main(void) {
    pthread_t t[24];
    pthread_barrier_init(&ready, 0, 24);
    for (long i = 0; i < 24; i++) pthread_create(&t[i], 0, worker, (void *)i);
    for (int i = 0; i < 24; i++) pthread_join(t[i], 0);
    printf("counter=%d\\n", counter);
    return 0;
}
`;

const UB = `#include <limits.h>
#include <stdio.h>

static int scale(int v, int by) { return v * by; }

int main(void) {
    int shifts[40] = {0};
    for (int i = 0; i < 300; i++) {
        int v = scale(i * 7919, 1021);
        printf("step %03d value %d\\n", i, v);
        if (i == 150) printf("shifted %d\\n", 1 << (i / 4));
        if (i == 200) printf("slot %d\\n", shifts[i / 4] & 0);
    }
    printf("done\\n");
    return shifts[0] & 0;
}
`;

const CONFIG_READER = `#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    const char *paths[] = {"/etc/inventory/inventory.conf", "./inventory.conf", "/usr/local/etc/inventory.conf"};
    for (int i = 0; i < 3; i++) {
        FILE *f = fopen(paths[i], "r");
        if (f) { puts("config found"); fclose(f); return 0; }
    }
    char *home = getenv("INVENTORY_HOME");
    fprintf(stderr, "inventory: no configuration file (tried 3 paths, INVENTORY_HOME=%s)\\n", home ? home : "unset");
    return 2;
}
`;

/** Compiles the C sources in `files` with `flags`; returns the scratch directory. */
function cBuild(id, files, flags, out = "app") {
  const dir = scratch(id);
  writeTree(dir, files);
  sh(`gcc ${flags} -o ${out} ${Object.keys(files).join(" ")}`, { cwd: dir });
  return dir;
}

// The program's stdout is block-buffered, so a report can start in the middle of one of its lines.
const vgErrors = `grep -oE '==[0-9]+== (Invalid|Conditional|Use of|Mismatched).*' "$OUT" | sed -E 's/^==[0-9]+== //' | sort -u`;

export default [
  {
    id: "valgrind-memcheck-exit-0",
    program: "valgrind",
    category: "CommandOutput",
    setup: () => cBuild("valgrind-memcheck-exit-0", { "store.c": STORE }, "-g -O0"),
    command: "valgrind --leak-check=full ./app",
    exitCode: 0,
    versions: ["valgrind --version", "gcc --version"],
    note: "store.c (in the capture script) reads one record past the end and leaks half its names; the program and valgrind exit 0",
    facts: (f) =>
      f
        .errorLines(vgErrors)
        .errorLines(`grep -E 'definitely lost: [1-9]|ERROR SUMMARY: [1-9]' "$OUT" | sed -E 's/^==[0-9]+== +//'`)
        .mustKeep(`grep -oE 'by 0x[0-9A-F]+: (total|load) \\(store\\.c:[0-9]+\\)' "$OUT" | sed -E 's/by 0x[0-9A-F]+: //' | sort -u`)
        .mustKeep(`grep -E '^total quantity: ' "$OUT"`),
  },
  {
    id: "valgrind-use-after-free-error-exitcode",
    program: "valgrind",
    category: "CommandOutput",
    setup: () => cBuild("valgrind-use-after-free-error-exitcode", { "store.c": STORE }, "-g -O0"),
    command: "valgrind --error-exitcode=99 --leak-check=full --show-leak-kinds=all ./app uaf",
    versions: ["valgrind --version", "gcc --version"],
    note: "the same program reads a freed label too; --error-exitcode=99",
    facts: (f) =>
      f
        .errorLines(vgErrors)
        .errorLines(`grep -E 'ERROR SUMMARY: ' "$OUT" | sed -E 's/^==[0-9]+== +//'`)
        .mustKeep(`grep -oE 'at 0x[0-9A-F]+: main \\(store\\.c:[0-9]+\\)' "$OUT" | sed -E 's/at 0x[0-9A-F]+: //' | sort -u`),
  },
  {
    id: "valgrind-helgrind-race",
    program: "valgrind",
    category: "CommandOutput",
    setup: () => {
      const src = THREADS.replace("if (id == 17) { int *p = 0; *p = (int)id; } /* BUG: worker 17 dereferences NULL */\n    pause();\n", "");
      return cBuild("valgrind-helgrind-race", { "workers.c": src.replace("pthread_t t[24]", "pthread_t t[4]").replaceAll("24", "4") }, "-g -O0 -pthread");
    },
    command: "valgrind --tool=helgrind ./app",
    exitCode: 0,
    versions: ["valgrind --version"],
    note: "four threads increment a shared counter without a lock",
    facts: (f) =>
      f
        .errorLines(`grep -E 'Possible data race' "$OUT" | sed -E 's/^==[0-9]+== //' | sort -u`)
        .errorLines(`grep -E 'ERROR SUMMARY: ' "$OUT" | sed -E 's/^==[0-9]+== +//'`)
        .mustKeep(`grep -oE 'worker \\(workers\\.c:[0-9]+\\)' "$OUT" | sort -u`),
  },
  {
    id: "asan-heap-buffer-overflow",
    program: "asan",
    category: "CommandOutput",
    setup: () => cBuild("asan-heap-buffer-overflow", { "store.c": STORE }, "-g -O0 -fsanitize=address -fno-omit-frame-pointer"),
    command: "./app",
    env: { ASAN_OPTIONS: "detect_leaks=1" },
    versions: ["gcc --version"],
    note: "gcc -fsanitize=address; the overflow is found after the 400 records are printed",
    facts: (f) =>
      f
        .errorLines(`grep -E '^==[0-9]+==ERROR: AddressSanitizer' "$OUT" | sed -E 's/ on address 0x[0-9a-f]+.*$//; s/^==[0-9]+==//'`)
        .errorLines(`grep -E '^SUMMARY: AddressSanitizer' "$OUT"`)
        .mustKeep(`grep -oE 'in (total|load|main) /tmp/abridge-corpus/[a-z-]+/store\\.c:[0-9]+' "$OUT" | sort -u`),
  },
  {
    id: "asan-use-after-free",
    program: "asan",
    category: "CommandOutput",
    setup: () => {
      const src = STORE.replace("i <= n; i++) t += rs[i].qty; /* BUG: reads one past the end */", "i < n; i++) t += rs[i].qty;");
      return cBuild("asan-use-after-free", { "store.c": src }, "-g -O0 -fsanitize=address -fno-omit-frame-pointer");
    },
    command: "./app uaf",
    versions: ["gcc --version"],
    note: "the overflow fixed; the label is read after free",
    facts: (f) =>
      f
        .errorLines(`grep -E '^==[0-9]+==ERROR: AddressSanitizer' "$OUT" | sed -E 's/ on address 0x[0-9a-f]+.*$//; s/^==[0-9]+==//'`)
        .errorLines(`grep -E '^SUMMARY: AddressSanitizer' "$OUT"`)
        .mustKeep(`grep -oE '^(freed by thread T0 here|previously allocated by thread T0 here|READ of size [0-9]+)' "$OUT"`),
  },
  {
    id: "lsan-leak-report",
    program: "asan",
    category: "CommandOutput",
    setup: () => {
      const src = STORE.replace("i <= n; i++) t += rs[i].qty; /* BUG: reads one past the end */", "i < n; i++) t += rs[i].qty;");
      return cBuild("lsan-leak-report", { "store.c": src }, "-g -O0 -fsanitize=address -fno-omit-frame-pointer");
    },
    command: "./app",
    versions: ["gcc --version"],
    note: "no memory error left, only the 200 leaked names: LeakSanitizer's report at exit",
    facts: (f) =>
      f
        .errorLines(`grep -E '^==[0-9]+==ERROR: LeakSanitizer' "$OUT" | sed -E 's/^==[0-9]+==//'`)
        .errorLines(`grep -E '^SUMMARY: AddressSanitizer' "$OUT"`)
        .mustKeep(`grep -E '^Direct leak of ' "$OUT" | sort -u`),
  },
  {
    id: "ubsan-runtime-errors-exit-0",
    program: "ubsan",
    category: "CommandOutput",
    setup: () => cBuild("ubsan-runtime-errors-exit-0", { "scale.c": UB }, "-g -O0 -fsanitize=undefined"),
    command: "./app",
    exitCode: 0,
    versions: ["gcc --version"],
    note: "signed overflow from step 265 on, a shift exponent and an index out of bounds mid-run; UBSan reports and goes on, exit 0",
    facts: (f) =>
      f
        .errorLines(`grep -oE 'scale\\.c:[0-9]+:[0-9]+: runtime error: .*' "$OUT" | sort -u`)
        .mustKeep(`tail -n 1 "$OUT"`),
  },
  {
    id: "strace-config-enoent",
    program: "strace",
    category: "CommandOutput",
    setup: () => cBuild("strace-config-enoent", { "reader.c": CONFIG_READER }, "-O0"),
    command: "strace ./app",
    versions: ["strace -V | head -n 1"],
    note: "the program looks for its configuration in three places, none exists; addresses differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E 'inventory.conf.* = -1 ENOENT' "$OUT"`)
        .errorLines(`grep -oE 'inventory: no configuration file \\(.*\\)' "$OUT" | head -n 1`)
        .mustKeep(`grep -E '^\\+\\+\\+ exited with ' "$OUT"`),
  },
  {
    id: "strace-f-python-import-errors",
    program: "strace",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("strace-f-python-import-errors");
      writeTree(dir, { "report.py": "import json, csv, sqlite3\nimport yaml_settings\nprint('report ready')\n" });
      return dir;
    },
    command: "strace -f -e trace=openat,stat,newfstatat python3 report.py",
    versions: ["strace -V | head -n 1", "python3 --version"],
    note: "python3 searches sys.path for a module that does not exist; paths are this machine's",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ModuleNotFoundError' "$OUT"`)
        .mustKeep(`grep -E '^\\+\\+\\+ exited with ' "$OUT"`)
        .count("enoent", `grep -c 'ENOENT' "$OUT"`),
  },
  {
    id: "strace-c-summary",
    program: "strace",
    category: "CommandOutput",
    setup: () => cBuild("strace-c-summary", { "store.c": STORE }, "-O2"),
    command: "strace -c -f ./app",
    exitCode: 0,
    versions: ["strace -V | head -n 1"],
    note: "the program's 400 lines, then strace's syscall table; timings differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^-+ -+' "$OUT" | head -n 1 >/dev/null; grep -E '^ *[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+ +[0-9]+ +total$' "$OUT" | awk '{print $NF}'`)
        .mustKeep(`grep -E ' (write|brk|openat)$' "$OUT" | awk '{print $NF}' | sort -u`)
        .count("writeCalls", `grep -E ' write$' "$OUT" | awk '{print $4}'`),
  },
  {
    id: "ltrace-library-calls",
    program: "ltrace",
    category: "CommandOutput",
    setup: () => cBuild("ltrace-library-calls", { "reader.c": CONFIG_READER }, "-O0 -no-pie"),
    command: "ltrace -S ./app",
    versions: ["ltrace -V | head -n 1"],
    note: "library calls and syscalls of the configuration reader",
    facts: (f) =>
      f
        .errorLines(`grep -E '^fopen\\(' "$OUT"`)
        .errorLines(`grep -oE 'inventory: no configuration file \\(.*\\)' "$OUT" | head -n 1`)
        .mustKeep(`grep -E '^\\+\\+\\+ exited' "$OUT"`),
  },
  {
    id: "gdb-batch-segfault-backtrace",
    program: "gdb",
    category: "CommandOutput",
    setup: () => {
      const src = STORE.replace("return rs;\n}", "if (n > 300) rs[n / 2].name = NULL;\n    return rs;\n}").replace("rs[i].name, rs[i].qty);", "rs[i].name, rs[i].qty, strlen(rs[i].name));").replace("qty=%d", "qty=%d len=%zu");
      return cBuild("gdb-batch-segfault-backtrace", { "store.c": src }, "-g -O0");
    },
    command: "gdb -q -batch -ex run -ex bt -ex 'info locals' ./app",
    exitCode: 0,
    versions: ["gdb --version | head -n 1"],
    note: "record 200's name is NULL; strlen crashes inside libc; gdb exits 0",
    facts: (f) =>
      f
        .errorLines(`grep -E '^Program received signal SIGSEGV' "$OUT"`)
        .errorLines(`grep -E '^#[0-9]+ ' "$OUT"`),
  },
  {
    id: "gdb-thread-apply-all-bt",
    program: "gdb",
    category: "CommandOutput",
    setup: () => cBuild("gdb-thread-apply-all-bt", { "workers.c": THREADS }, "-g -O0 -pthread"),
    command: "gdb -q -batch -ex run -ex 'thread apply all bt' ./app",
    exitCode: 0,
    versions: ["gdb --version | head -n 1"],
    note: "24 worker threads; worker 17 dereferences NULL while the others wait in pause()",
    facts: (f) =>
      f
        .errorLines(`grep -E '^Thread [0-9]+ "app" received signal SIGSEGV' "$OUT"`)
        .mustKeep(`grep -oE 'worker \\(arg=0x11\\) at workers\\.c:[0-9]+' "$OUT" | head -n 1`)
        .count("threads", `grep -cE '^Thread [0-9]+ \\(Thread ' "$OUT"`),
  },
];
