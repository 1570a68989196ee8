// Text that is not a program's diagnostics: files in Latin-1, UTF-16 with a BOM and
// Shift-JIS; git blame, git log --graph and git status; man pages; objdump, readelf, nm
// and xxd over a compiled program; curl -v against a loopback server (JSON and an error
// page, with curl's progress meter); logs read with tail and cat (plain and JSON lines);
// a cmake configure step that misses a dependency.
import { spawn } from "node:child_process";
import { stdlibRepo } from "./git.mjs";
import { scratch, sh, writeTree } from "./lib.mjs";
import { STORE } from "./memory.mjs";

const GIT_ENV = "GIT_AUTHOR_NAME=corpus GIT_AUTHOR_EMAIL=corpus@example.test GIT_COMMITTER_NAME=corpus GIT_COMMITTER_EMAIL=corpus@example.test";

/** Customer notes as a legacy system exports them: Latin-1 (written by Python, then checked with iconv). */
const LATIN1_PY = `import random
random.seed(3)
streets = ["Hauptstraße", "Bahnhofstraße", "Schloßallee", "Königsweg", "Mühlenweg", "Gärtnerstraße"]
cities = ["München", "Köln", "Düsseldorf", "Nürnberg", "Würzburg", "Lübeck"]
notes = ["Rückruf erwünscht", "Lieferung nur vormittags", "Größe prüfen", "Zahlung überfällig", "", "Grüße an Frau Müller"]
with open("kunden.txt", "w", encoding="latin-1", newline="\\r\\n") as f:
    f.write("Kundennr;Name;Straße;Ort;Umsatz €;Notiz\\n".replace("€", "EUR"))
    for i in range(1, 1201):
        f.write(f"K{i:05d};Kunde {i};{random.choice(streets)} {i % 90 + 1};{random.choice(cities)};{random.randint(100, 99999) / 100:.2f};{random.choice(notes)}\\n")
`;

const UTF16_PY = `with open("export.txt", "w", encoding="utf-16", newline="\\r\\n") as f:
    f.write("Artikel\\tBezeichnung\\tBestand\\tLager\\n")
    for i in range(1, 401):
        f.write(f"A-{i:04d}\\tSchraube M{i % 12 + 3} × {i % 40 + 10} mm\\t{i * 7 % 500}\\tHalle {i % 4 + 1}\\n")
`;

const SJIS_PY = `items = ["りんご", "みかん", "ぶどう", "もも", "なし", "いちご", "メロン", "すいか"]
with open("inventory-sjis.txt", "w", encoding="shift_jis", newline="\\n") as f:
    f.write("# 在庫一覧 (SKU, 品名, 数量, 倉庫)\\n")
    for i in range(1, 701):
        f.write(f"SKU-{i:04d}, {items[i % 8]}, {i * 13 % 900}個, 東京第{i % 3 + 1}倉庫\\n")
`;

/** An application log with fixed timestamps; an ERROR with a traceback near the end. */
const SERVICE_LOG_PY = `import datetime
t = datetime.datetime(2024, 3, 14, 8, 0, 0)
lines = []
for i in range(1, 20001):
    t += datetime.timedelta(milliseconds=137)
    ts = t.isoformat(sep=" ", timespec="milliseconds")
    lines.append(f"{ts} INFO  http  GET /api/orders/{i % 997} 200 {i % 41 + 3}ms")
    if i % 250 == 0:
        lines.append(f"{ts} DEBUG pool  connections in use: {i % 17}/20")
    if i == 19640:
        lines.append(f"{ts} WARN  pool  connections in use: 20/20, waiting")
    if i == 19655:
        lines.append(f"{ts} ERROR http  GET /api/orders/712 500 30012ms: TimeoutError: could not acquire a database connection within 30000ms")
        lines.append("Traceback (most recent call last):")
        lines.append('  File "/srv/shop/app/db.py", line 88, in acquire')
        lines.append("    conn = self._pool.get(timeout=self.timeout)")
        lines.append("TimeoutError: could not acquire a database connection within 30000ms")
open("service.log", "w").write("\\n".join(lines) + "\\n")
`;

const WORKER_LOG_PY = `import datetime, json
t = datetime.datetime(2024, 3, 14, 2, 0, 0)
plain, events = [], []
for i in range(1, 3001):
    t += datetime.timedelta(seconds=1)
    ts = t.isoformat() + "Z"
    status = "ok"
    if i in (1207, 1208, 1209):
        status = "failed"
    plain.append(f"[{ts}] job={i} queue=invoices status={status} duration_ms={i % 300 + 20}")
    ev = {"ts": ts, "level": "info", "job": i, "queue": "invoices", "status": status, "duration_ms": i % 300 + 20}
    if status == "failed":
        plain.append(f"[{ts}] ERROR job={i} invoice INV-{i:06d}: SMTP 421 4.7.0 Try again later, closing connection")
        ev.update(level="error", error="SMTP 421 4.7.0 Try again later, closing connection", invoice=f"INV-{i:06d}")
    events.append(json.dumps(ev))
plain.append("[2024-03-14T02:50:01Z] summary: 3000 jobs, 2997 ok, 3 failed")
events.append(json.dumps({"ts": "2024-03-14T02:50:01Z", "level": "info", "summary": {"jobs": 3000, "ok": 2997, "failed": 3}}))
open("worker.log", "w").write("\\n".join(plain) + "\\n")
open("events.jsonl", "w").write("\\n".join(events) + "\\n")
`;

const SERVER = `import { createServer } from "node:http";

const orders = Array.from({ length: 60 }, (_, i) => ({ id: 9000 + i, status: i % 9 === 4 ? "failed" : "paid", totalCents: (i * 7919) % 99500 }));
createServer((req, res) => {
  if (req.url === "/api/orders") {
    const body = JSON.stringify({ orders, count: orders.length });
    res.writeHead(200, { "content-type": "application/json", "x-request-id": "req-7f3a", date: "Thu, 14 Mar 2024 08:00:00 GMT" });
    res.end(body);
  } else {
    const body = "<!doctype html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>upstream pricing-service timed out after 30s</p>" + "<!-- padding -->".repeat(200) + "</body></html>\\n";
    res.writeHead(500, { "content-type": "text/html", date: "Thu, 14 Mar 2024 08:00:00 GMT" });
    res.end(body);
  }
}).listen(Number(process.argv[2]), "127.0.0.1");
`;

const PORT = 18431;
let server;
function httpServer(id) {
  const dir = scratch(id);
  writeTree(dir, { "server.mjs": SERVER });
  server = spawn("node", ["server.mjs", String(PORT)], { cwd: dir, detached: true, stdio: "ignore" });
  sh(`for i in $(seq 100); do curl -s -o /dev/null http://127.0.0.1:${PORT}/api/orders && exit 0; sleep 0.1; done; exit 1`);
  return dir;
}
function httpServerDown() {
  if (server) process.kill(-server.pid, "SIGTERM");
  server = undefined;
}

/** A git repository with 300 commits on two branches and merges, at fixed dates. */
function historyRepo(id) {
  const dir = scratch(id);
  const script = `set -e
git init -q -b main
export ${GIT_ENV}
d=1700000000
commit() { d=$((d + 3600)); GIT_AUTHOR_DATE="@$d +0000" GIT_COMMITTER_DATE="@$d +0000" git commit -q -m "$1"; }
for i in $(seq 1 120); do echo "line $i" >> orders.txt; git add orders.txt; commit "orders: handle case $i"; done
git checkout -q -b feature/refunds
for i in $(seq 1 60); do echo "refund $i" >> refunds.txt; git add refunds.txt; commit "refunds: step $i"; done
git checkout -q main
for i in $(seq 121 180); do echo "line $i" >> orders.txt; git add orders.txt; commit "orders: handle case $i"; done
d=$((d + 3600)); GIT_AUTHOR_DATE="@$d +0000" GIT_COMMITTER_DATE="@$d +0000" git merge -q --no-ff feature/refunds -m "Merge branch 'feature/refunds'"
for i in $(seq 181 240); do echo "line $i" >> orders.txt; git add orders.txt; commit "orders: handle case $i"; done
git tag v1.0.0 HEAD~30
`;
  writeTree(dir, { "make-history.sh": script });
  sh("bash make-history.sh", { cwd: dir });
  return dir;
}

function compiled(id) {
  const dir = scratch(id);
  writeTree(dir, { "store.c": STORE });
  sh("gcc -O2 -g -o app store.c", { cwd: dir });
  return dir;
}

export default [
  {
    id: "cat-latin1-customer-notes",
    program: "file:latin1",
    category: "FileContent",
    setup: () => {
      const dir = scratch("cat-latin1-customer-notes");
      writeTree(dir, { "make.py": LATIN1_PY });
      sh("python3 make.py && iconv -f ISO-8859-1 -t UTF-8 kunden.txt > /dev/null", { cwd: dir });
      return dir;
    },
    command: "cat kunden.txt",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "1,200 customer rows in ISO-8859-1 with CRLF line ends (make.py in the capture script); not valid UTF-8",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^Kundennr;Name;Stra' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`)
        .count("bytes", `wc -c < "$OUT"`),
  },
  {
    id: "cat-utf16-bom-export",
    program: "file:utf16",
    category: "FileContent",
    setup: () => {
      const dir = scratch("cat-utf16-bom-export");
      writeTree(dir, { "make.py": UTF16_PY });
      sh("python3 make.py", { cwd: dir });
      return dir;
    },
    command: "cat export.txt",
    exitCode: 0,
    versions: ["python3 --version", "file -b export.txt"],
    note: "a stock export in UTF-16 (little-endian, with a BOM, CRLF) as spreadsheet programs write it",
    facts: (f) => f.count("lines", `wc -l < "$OUT"`).count("bytes", `wc -c < "$OUT"`),
  },
  {
    id: "cat-shift-jis-inventory",
    program: "file:shift-jis",
    category: "FileContent",
    setup: () => {
      const dir = scratch("cat-shift-jis-inventory");
      writeTree(dir, { "make.py": SJIS_PY });
      sh("python3 make.py", { cwd: dir });
      return dir;
    },
    command: "cat inventory-sjis.txt",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "700 inventory rows in Shift-JIS; only the ASCII parts are readable as UTF-8",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^SKU-0700, ' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`)
        .count("bytes", `wc -c < "$OUT"`),
  },
  {
    id: "git-blame-stdlib-decoder",
    program: "git blame",
    category: "CommandOutput",
    setup: stdlibRepo,
    command: "git blame lib/json/decoder.py",
    exitCode: 0,
    versions: ["git --version"],
    note: "the stdlib history repository of scripts/capture/git.mjs: lines from 3.11.7, 3.12.1, and 3.13.0 staged",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^[0-9a-f]{8} ' "$OUT" | sort -u`)
        .count("lines", `wc -l < lib/json/decoder.py`),
  },
  {
    id: "git-log-graph-oneline",
    program: "git log",
    category: "CommandOutput",
    setup: () => historyRepo("git-log-graph-oneline"),
    command: "git log --graph --oneline --decorate --all",
    exitCode: 0,
    versions: ["git --version"],
    note: "300 commits on main and feature/refunds with a merge (make-history.sh in the capture script)",
    facts: (f) =>
      f
        .mustKeep(`grep -oE "Merge branch 'feature/refunds'|tag: v1\\.0\\.0|HEAD -> main" "$OUT" | sort -u`)
        .count("commits", "git rev-list --all --count"),
  },
  {
    id: "git-status-many-changes",
    program: "git status",
    category: "CommandOutput",
    setup: stdlibRepo,
    command: "git status",
    exitCode: 0,
    versions: ["git --version"],
    note: "the 3.12.1 → 3.13.0 upgrade staged: hundreds of changes",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^On branch |^Changes to be committed:' "$OUT"`)
        .count("changes", `git status --porcelain | grep -c ''`),
  },
  {
    id: "man-tar",
    program: "man",
    category: "CommandOutput",
    cwd: "/",
    command: "man -P cat tar",
    exitCode: 0,
    env: { MANWIDTH: "100" },
    versions: ["man --version", "tar --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '^[A-Z][A-Z ]+$' "$OUT" | head -n 8`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "man-bash",
    program: "man",
    category: "CommandOutput",
    cwd: "/",
    command: "man -P cat bash",
    exitCode: 0,
    env: { MANWIDTH: "100" },
    versions: ["man --version", "bash --version | head -n 1"],
    note: "the bash manual: 380 KB",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^[A-Z][A-Z ]+$' "$OUT" | head -n 12`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "objdump-d-store",
    program: "objdump",
    category: "CommandOutput",
    setup: () => compiled("objdump-d-store"),
    command: "objdump -d --no-show-raw-insn app",
    exitCode: 0,
    versions: ["objdump --version | head -n 1", "gcc --version | head -n 1"],
    note: "store.c of scripts/capture/memory.mjs at -O2",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '<(main|load|total)>:' "$OUT"`)
        .count("functions", `grep -cE '^[0-9a-f]+ <[^>]+>:' "$OUT"`),
  },
  {
    id: "objdump-d-gzip",
    program: "objdump",
    category: "CommandOutput",
    cwd: "/usr/bin",
    command: "objdump -d gzip",
    exitCode: 0,
    versions: ["objdump --version | head -n 1", "gzip --version | head -n 1"],
    note: "Debian's stripped gzip binary: sections and PLT stubs only, no symbols",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^Disassembly of section ' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "readelf-sections-symbols",
    program: "readelf",
    category: "CommandOutput",
    setup: () => compiled("readelf-sections-symbols"),
    command: "readelf -S -s app",
    exitCode: 0,
    versions: ["readelf --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`grep -oE '\\.(text|data|bss|debug_info)\\b' "$OUT" | sort -u`)
        .count("sections", `readelf -S -W app | grep -cE '^ +\\[ *[0-9]+\\]'`),
  },
  {
    id: "nm-libstdcxx-demangled",
    program: "nm",
    category: "CommandOutput",
    cwd: "/usr/lib/x86_64-linux-gnu",
    command: "nm -D -C --defined-only libstdc++.so.6 | grep ' std::__cxx11::basic_string'",
    exitCode: 0,
    versions: ["nm --version | head -n 1"],
    note: "the dynamic symbols of libstdc++ that belong to std::string, demangled",
    facts: (f) => f.count("symbols", `grep -c '' "$OUT"`),
  },
  {
    id: "xxd-elf-head",
    program: "xxd",
    category: "CommandOutput",
    setup: () => compiled("xxd-elf-head"),
    command: "xxd -l 8192 app",
    exitCode: 0,
    versions: ["xxd -v 2>&1 | head -n 1"],
    facts: (f) => f.mustKeep(`head -n 1 "$OUT" | grep -oE '\\.ELF'`).count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "curl-v-json-progress",
    program: "curl",
    category: "CommandOutput",
    setup: () => httpServer("curl-v-json-progress"),
    teardown: httpServerDown,
    command: `curl -v http://127.0.0.1:${PORT}/api/orders`,
    exitCode: 0,
    versions: ["curl --version | head -n 1"],
    note: "server.mjs (in the capture script) on loopback; curl writes its progress meter with carriage returns on the same stream as the body",
    facts: (f) =>
      f
        .mustKeep(`grep -aoE '^< (HTTP/1.1 200 OK|x-request-id: req-7f3a)' "$OUT" | sed 's/^< //'`)
        .mustKeep(`grep -aoE '"count":60\\}' "$OUT"`)
        .mustKeep(`grep -aoE '\\{"orders":\\[\\{"id":9000,' "$OUT"`),
  },
  {
    id: "curl-v-500-error-page",
    program: "curl",
    category: "CommandOutput",
    setup: () => httpServer("curl-v-500-error-page"),
    teardown: httpServerDown,
    command: `curl -v --fail-with-body http://127.0.0.1:${PORT}/api/pricing`,
    versions: ["curl --version | head -n 1"],
    note: "the server answers 500 with an HTML page; --fail-with-body prints it and exits 22",
    facts: (f) =>
      f
        .errorLines(`grep -aoE 'curl: \\(22\\) .*' "$OUT"`)
        .mustKeep(`grep -aoE 'upstream pricing-service timed out after 30s|HTTP/1.1 500 Internal Server Error' "$OUT" | sort -u`),
  },
  {
    id: "tail-service-log-error",
    program: "tail",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("tail-service-log-error");
      writeTree(dir, { "make_log.py": SERVICE_LOG_PY });
      sh("python3 make_log.py", { cwd: dir });
      return dir;
    },
    command: "tail -n 2000 service.log",
    exitCode: 0,
    versions: ["tail --version | head -n 1"],
    note: "the last 2,000 lines of a 20,000-request log with fixed timestamps (make_log.py in the capture script); the ERROR is 350 lines from the end",
    facts: (f) =>
      f
        .errorLines(`grep -E ' ERROR |^TimeoutError' "$OUT"`)
        .mustKeep(`grep -E ' WARN ' "$OUT"`)
        .mustKeep(`tail -n 1 "$OUT"`),
  },
  {
    id: "cat-worker-log-errors-middle",
    program: "file:log",
    category: "FileContent",
    setup: () => {
      const dir = scratch("cat-worker-log-errors-middle");
      writeTree(dir, { "make_logs.py": WORKER_LOG_PY });
      sh("python3 make_logs.py", { cwd: dir });
      return dir;
    },
    command: "cat worker.log",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "3,000 job lines with fixed timestamps; three jobs fail in the middle (make_logs.py in the capture script)",
    facts: (f) =>
      f
        .errorLines(`grep -E '\\] ERROR ' "$OUT"`)
        .mustKeep(`tail -n 1 "$OUT"`),
  },
  {
    id: "cat-jsonl-events-errors",
    program: "file:ndjson",
    category: "StructuredData",
    setup: () => {
      const dir = scratch("cat-jsonl-events-errors");
      writeTree(dir, { "make_logs.py": WORKER_LOG_PY });
      sh("python3 make_logs.py", { cwd: dir });
      return dir;
    },
    command: "cat events.jsonl",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "the same jobs as JSON lines; three error events in the middle",
    facts: (f) =>
      f
        .errorLines(`grep '"level": "error"' "$OUT"`)
        .count("records", `grep -c '' "$OUT"`),
  },
  {
    id: "cmake-missing-dependency",
    program: "cmake",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("cmake-missing-dependency");
      writeTree(dir, {
        "CMakeLists.txt": `cmake_minimum_required(VERSION 3.20)\nproject(shop C)\ninclude(CheckIncludeFile)\nforeach(h stdio.h stdlib.h string.h unistd.h pthread.h sys/mman.h zlib.h png.h openssl/ssl.h)\n  string(MAKE_C_IDENTIFIER "HAVE_\${h}" var)\n  check_include_file(\${h} \${var})\nendforeach()\nfind_package(ZLIB REQUIRED)\nfind_package(PNG REQUIRED)\nfind_package(OpenSSL REQUIRED)\nfind_package(CURL REQUIRED)\nadd_executable(shop main.c)\n`,
        "main.c": "int main(void) { return 0; }\n",
      });
      return dir;
    },
    command: "cmake -S . -B build",
    versions: ["cmake --version | head -n 1"],
    note: "zlib, libpng and OpenSSL are found; libcurl's development files are not installed",
    facts: (f) =>
      f
        .errorLines(`grep -E '^CMake Error|Could NOT find CURL' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -oE '^-- Found (ZLIB|PNG|OpenSSL):' "$OUT"`),
  },
];
