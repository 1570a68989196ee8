// Outputs of operations and data tools the other captures lack: sed --debug tracing a rewrite
// script, cmp -l over two firmware images of different lengths, comm of required and installed
// package lists, join stopping on an unsorted input, msgfmt -c --statistics over a translation
// with broken format strings, pstree -a -p in a PID namespace, xz -lvv over archives with a
// damaged one, sort --debug with its key warnings, python -m trace --trace of a run that raises,
// a bc report stopped by a division by zero, and sdiff of two service configurations.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { lcg, scratch, sh, writeTree } from "./lib.mjs";

const CITIES = ["berlin", "lisbon", "oslo", "porto", "madrid", "vienna", "prague", "dublin", "krakow", "zurich", "ghent", "lyon"];
const SERVICES = ["billing", "catalog", "checkout", "inventory", "ledger", "mailer", "pricing", "search", "shipping", "tax"];

/** A settings file rewritten by a sed script whose substitutions --debug traces line by line. */
function sedProject(id) {
  const dir = scratch(id);
  const lines = [];
  for (let i = 0; i < 36; i++) {
    const svc = SERVICES[i % SERVICES.length];
    if (i % 9 === 0) lines.push(`# ${svc} section`);
    else if (i % 4 === 1) lines.push(`${svc}.endpoint = http://${svc}.staging.internal:${8000 + i}/v1`);
    else if (i % 4 === 2) lines.push(`${svc}.timeout_ms = ${250 * (i % 7 + 1)}`);
    else lines.push(`${svc}.log_level = DEBUG`);
  }
  writeTree(dir, {
    "settings.conf": lines.join("\n") + "\n",
    "promote.sed": [
      "/^#/d",
      "s/staging\\.internal/prod.internal/",
      "s/log_level = DEBUG/log_level = WARN/",
      "/timeout_ms/ s/= ([0-9]+)$/= \\1 # reviewed/",
      "",
    ].join("\n"),
  });
  return dir;
}

/** Two firmware images: the second patched in places and cut short. */
function firmwareImages(id) {
  const dir = scratch(id);
  const rand = lcg(7);
  const a = Buffer.alloc(4096);
  for (let i = 0; i < a.length; i++) a[i] = Math.floor(rand() * 256);
  const b = Buffer.from(a.subarray(0, 3900));
  for (let k = 0; k < 260; k++) {
    const at = Math.floor(rand() * b.length);
    b[at] = (b[at] + 1 + Math.floor(rand() * 250)) & 255;
  }
  writeFileSync(join(dir, "firmware-v1.bin"), a);
  writeFileSync(join(dir, "firmware-v2.bin"), b);
  return dir;
}

/** Sorted lists of the packages a project requires and those a machine has. */
function packageLists(id) {
  const dir = scratch(id);
  const rand = lcg(11);
  const names = new Set();
  const stems = ["lib", "py", "node", "go", "perl", "ruby", "x11", "gnome", "font", "tex"];
  const parts = ["crypto", "http", "json", "xml", "yaml", "zip", "image", "audio", "term", "regex", "sql", "mail", "dns", "ssl", "gtk", "qt", "tls", "uuid", "glob", "iconv"];
  while (names.size < 300) names.add(`${stems[Math.floor(rand() * stems.length)]}-${parts[Math.floor(rand() * parts.length)]}${Math.floor(rand() * 40)}`);
  const all = [...names].sort();
  const required = all.filter(() => rand() < 0.55);
  const installed = all.filter((n) => !required.includes(n) || rand() < 0.8).filter(() => rand() < 0.85);
  writeTree(dir, { "required.txt": required.join("\n") + "\n", "installed.txt": installed.join("\n") + "\n" });
  sh("LC_ALL=C sort -o required.txt required.txt && LC_ALL=C sort -o installed.txt installed.txt", { cwd: dir });
  return dir;
}

/** Customers and orders keyed by id, the orders file with one row out of order. */
function joinTables(id) {
  const dir = scratch(id);
  const rand = lcg(5);
  const customers = [];
  const orders = [];
  for (let i = 1; i <= 140; i++) {
    const key = `C${String(i * 7).padStart(5, "0")}`;
    customers.push(`${key} ${CITIES[i % CITIES.length]} tier-${1 + (i % 3)}`);
    if (rand() < 0.8) orders.push(`${key} order-${10000 + i} ${(rand() * 900 + 10).toFixed(2)} EUR`);
  }
  // One order filed late lands out of sequence, as a hand-edited export would have it.
  const late = orders.splice(12, 1)[0];
  orders.splice(95, 0, late);
  writeTree(dir, { "customers.txt": customers.join("\n") + "\n", "orders.txt": orders.join("\n") + "\n" });
  return dir;
}

/** A French translation with format strings that do not match their originals. */
function translation(id) {
  const dir = scratch(id);
  const entries = [
    'msgid ""\nmsgstr ""\n"Project-Id-Version: shop 2.4\\n"\n"Language: fr\\n"\n"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n',
  ];
  for (let i = 0; i < 240; i++) {
    const svc = SERVICES[i % SERVICES.length];
    const line = 100 + i * 7;
    const msgid = `The ${svc} service processed %d orders in %s (batch ${i + 1})`;
    let msgstr = `Le service ${svc} a traité %d commandes en %s (lot ${i + 1})`;
    if (i % 11 === 3) msgstr = `Le service ${svc} a traité %s commandes en %d`;
    if (i % 13 === 5) msgstr = `Le service ${svc} a traité des commandes`;
    if (i % 17 === 8) msgstr = `Le service ${svc} a traité %d commandes en %s (%d)`;
    if (i % 10 === 9) msgstr = "";
    entries.push(`#: src/${svc}/report.c:${line}\n#, c-format\nmsgid "${msgid}"\nmsgstr "${msgstr}"\n`);
  }
  writeTree(dir, { "fr.po": entries.join("\n") });
  return dir;
}

/** A launcher that starts workers, a supervisor and its children, then the given command. */
function processTree(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "with-workers.sh": `#!/bin/bash
# Starts a supervisor with pools of workers, then runs the given command beside them.
cd "$(dirname "$0")"
# Each worker is sleep under its own name, so the tree shows names and arguments as services would.
mkdir -p bin
supervise() {
  ln -sf /bin/sleep "bin/$1-worker"
  ln -sf /bin/sleep "bin/$1-reaper"
  for n in 1 2 3 4 5 6; do
    "bin/$1-worker" 600 "$n" 45 90 &
  done
  "bin/$1-reaper" 600 30 &
  wait
}
for pool in ${SERVICES.join(" ")}; do
  (supervise $pool) &
done
ln -sf /bin/sleep bin/cron-runner
bin/cron-runner 600 3600 &
sleep 1
exec "$@"
`,
  });
  sh("chmod +x with-workers.sh", { cwd: dir });
  return dir;
}

/** Compressed exports of several sizes and presets, and one archive cut short in transit. */
function xzArchives(id) {
  const dir = scratch(id);
  const rand = lcg(3);
  const files = {};
  for (const [i, svc] of SERVICES.slice(0, 6).entries()) {
    const rows = [];
    for (let r = 0; r < 400 * (i + 1); r++) rows.push(`${svc},${r},${CITIES[r % CITIES.length]},${(rand() * 1000).toFixed(2)}`);
    files[`${svc}-export.csv`] = rows.join("\n") + "\n";
  }
  writeTree(dir, files);
  const names = Object.keys(files);
  for (const [i, name] of names.entries()) sh(`xz -k -${i % 4 === 0 ? 9 : i + 1}${i === 2 ? "e" : ""} ${name}`, { cwd: dir });
  sh(`head -c 1500 ${names[5]}.xz > ${names[5].replace(".csv", "-partial.csv")}.xz`, { cwd: dir });
  return dir;
}

/** A CSV of shipments sorted by a numeric key that spans fields and a text key. */
function shipments(id) {
  const dir = scratch(id);
  const rand = lcg(9);
  const rows = [];
  for (let i = 0; i < 70; i++) rows.push(`${CITIES[Math.floor(rand() * CITIES.length)]},SHP-${1000 + i},${Math.floor(rand() * 5000)},${SERVICES[i % SERVICES.length]}`);
  writeTree(dir, { "shipments.csv": rows.join("\n") + "\n" });
  return dir;
}

/** A small pricing script with no imports that fails on an empty basket. */
function traceScript(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "pricing.py": `def line_total(price, qty, discount):
    total = price * qty
    if discount:
        total -= total * discount
    return round(total, 2)


def basket_total(lines):
    subtotal = 0
    for price, qty, discount in lines:
        subtotal += line_total(price, qty, discount)
    return subtotal


def average_line(lines):
    return basket_total(lines) / len(lines)


baskets = [
    [(9.99, 2, 0), (4.5, 1, 0.1), (120.0, 1, 0.25)],
    [(3.2, 10, 0)],
    [(15.0, 3, 0.05), (2.0, 7, 0)],
    [],
]
for basket in baskets:
    print("average", average_line(basket))
`,
  });
  return dir;
}

/** A bc report of loan payments whose last loan has no term. */
function bcReport(id) {
  const dir = scratch(id);
  const loans = [];
  for (let i = 0; i < 80; i++) loans.push([5000 + i * 1250, 3 + (i % 5) * 0.5, i === 56 ? 0 : 12 * (1 + (i % 6))]);
  const body = loans.map(([p, r, n], i) => `print "loan ${i + 1}: principal ${p} rate ${r}% months ${n} payment "; m(${p}, ${r}, ${n})`).join("\n");
  writeTree(dir, {
    "loans.bc": `scale = 2
define m(p, r, n) {
  auto i
  i = r / 1200
  return (p / n + p * i)
}
${body}
print "total principal ${loans.reduce((s, l) => s + l[0], 0)}\\n"
`,
  });
  return dir;
}

/** Two versions of a service's configuration, compared side by side. */
function serviceConfigs(id) {
  const dir = scratch(id);
  const a = [];
  const b = [];
  for (const [i, svc] of [...SERVICES, ...CITIES.map((c) => `edge-${c}`)].entries()) {
    a.push(`[${svc}]`, `host = ${svc}.internal`, `port = ${7000 + i}`, `workers = ${2 + (i % 3)}`, `timeout = 30s`, "");
    b.push(`[${svc}]`, `host = ${svc}.internal`, `port = ${i === 4 ? 7400 : 7000 + i}`, `workers = ${i % 4 === 1 ? 8 : 2 + (i % 3)}`, `timeout = 30s`);
    if (i === 6) b.push("tls = required");
    if (i === 2) a.pop(), a.push("retries = 3", "");
    b.push("");
  }
  writeTree(dir, { "service-v1.ini": a.join("\n"), "service-v2.ini": b.join("\n") });
  return dir;
}

export default [
  {
    id: "sed-debug-rewrite",
    program: "sed",
    category: "CommandOutput",
    setup: () => sedProject("sed-debug-rewrite"),
    command: "sed --debug -E -f promote.sed settings.conf",
    exitCode: 0,
    versions: ["sed --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`grep -m1 -A5 '^SED PROGRAM:' "$OUT" | sed -n '2,5p' | sed 's/^ *//'`)
        .mustKeep(`grep -F 'prod.internal:' "$OUT" | grep -v '^PATTERN:' | tail -n 2`)
        .count("inputLines", `grep -c '^INPUT:' "$OUT"`)
        .count("commentLinesDeleted", `grep -c '^#' settings.conf`),
  },
  {
    id: "cmp-l-firmware",
    program: "cmp",
    category: "CommandOutput",
    setup: () => firmwareImages("cmp-l-firmware"),
    command: "cmp -l firmware-v1.bin firmware-v2.bin",
    exitCode: 1,
    versions: ["cmp --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep '^cmp:' "$OUT"`)
        .mustKeep(`grep -v '^cmp:' "$OUT" | sed -n '1p;$p'`)
        .count("differingBytes", `grep -vc '^cmp:' "$OUT"`),
  },
  {
    id: "comm-package-lists",
    program: "comm",
    category: "CommandOutput",
    setup: () => packageLists("comm-package-lists"),
    command: "comm required.txt installed.txt",
    exitCode: 0,
    versions: ["comm --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`comm -23 required.txt installed.txt | head -n 2`)
        .mustKeep(`comm -23 required.txt installed.txt | tail -n 1`)
        .count("missing", `comm -23 required.txt installed.txt | wc -l`)
        .count("extra", `comm -13 required.txt installed.txt | wc -l`)
        .count("both", `comm -12 required.txt installed.txt | wc -l`),
  },
  {
    id: "join-unsorted-orders",
    program: "join",
    category: "CommandOutput",
    setup: () => joinTables("join-unsorted-orders"),
    command: "join --check-order customers.txt orders.txt",
    exitCode: 1,
    versions: ["join --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep '^join:' "$OUT"`)
        .mustKeep(`grep -v '^join:' "$OUT" | tail -n 1`)
        .count("joined", `grep -vc '^join:' "$OUT"`),
  },
  {
    id: "msgfmt-check-fr",
    program: "msgfmt",
    category: "CommandOutput",
    setup: () => translation("msgfmt-check-fr"),
    command: "msgfmt -c --statistics -o /dev/null fr.po",
    exitCode: 1,
    versions: ["msgfmt --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^fr\\.po:[0-9]+: ' "$OUT" | grep -v ': warning: '`)
        .errorLines(`grep -E '^msgfmt: found|translated messages' "$OUT"`)
        .count("entriesFlagged", `grep -cE '^fr\\.po:[0-9]+: ' "$OUT"`),
  },
  {
    id: "pstree-a-pid-namespace",
    program: "pstree",
    category: "CommandOutput",
    setup: () => processTree("pstree-a-pid-namespace"),
    launch: ["unshare", "--pid", "--fork", "--mount-proc", "./with-workers.sh"],
    command: "pstree -a -p -l 1",
    exitCode: 0,
    versions: ["pstree --version 2>&1 | head -n 1"],
    note: "pids follow the order the shell started the processes in",
    facts: (f) =>
      f
        .mustKeep(`grep -oE 'cron-runner,[0-9]+ 600 3600' "$OUT"`)
        .mustKeep(`grep -oE 'tax-reaper,[0-9]+ 600 30' "$OUT"`)
        .count("workers", `grep -c -- '-worker,' "$OUT"`)
        .count("processes", `grep -c '' "$OUT"`),
  },
  {
    id: "xz-list-vv-archives",
    program: "xz",
    category: "CommandOutput",
    setup: () => xzArchives("xz-list-vv-archives"),
    command: "xz -l -vv *.xz",
    exitCode: 1,
    versions: ["xz --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -oE 'xz: [^ ]+: .*$' "$OUT"`)
        .mustKeep(`grep -E '^  Ratio:' "$OUT" | sort -k2 | head -n 1 | sed 's/^ *//'`)
        .mustKeep(`grep -oE '^[a-z]+-export\\.csv\\.xz' "$OUT" | head -n 3`)
        .count("archivesListed", `grep -c '^[a-z-]*\\.csv\\.xz' "$OUT"`),
  },
  {
    id: "sort-debug-keys",
    program: "sort",
    category: "CommandOutput",
    setup: () => shipments("sort-debug-keys"),
    env: { LC_ALL: "C" },
    command: "sort --debug -t, -k3n -k1,1 shipments.csv",
    exitCode: 0,
    versions: ["sort --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep '^sort:' "$OUT"`)
        .mustKeep(`LC_ALL=C sort -t, -k3n -k1,1 shipments.csv | head -n 1`)
        .mustKeep(`LC_ALL=C sort -t, -k3n -k1,1 shipments.csv | tail -n 1`)
        .count("rows", `grep -c ',SHP-' "$OUT"`),
  },
  {
    id: "python-m-trace-raises",
    program: "python -m trace",
    category: "CommandOutput",
    setup: () => traceScript("python-m-trace-raises"),
    command: "python3 -m trace --trace pricing.py",
    exitCode: 1,
    versions: ["python3 --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^ZeroDivisionError|^Traceback' "$OUT"`)
        .mustKeep(`grep '^average' "$OUT"`)
        .count("linesTraced", `grep -cE '^[a-z_]+\\.py\\([0-9]+\\):' "$OUT"`),
  },
  {
    id: "bc-loans-divide-by-zero",
    program: "bc",
    category: "CommandOutput",
    setup: () => bcReport("bc-loans-divide-by-zero"),
    command: "bc -q loans.bc </dev/null",
    exitCode: 0,
    versions: ["bc --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -i 'error' "$OUT"`)
        .mustKeep(`grep -E '^total principal' "$OUT"`)
        .mustKeep(`grep -E '^loan 80:' "$OUT"`)
        .count("loans", `grep -c '^loan ' "$OUT"`),
  },
  {
    id: "sdiff-service-configs",
    program: "sdiff",
    category: "CommandOutput",
    setup: () => serviceConfigs("sdiff-service-configs"),
    command: "sdiff -w 100 service-v1.ini service-v2.ini",
    exitCode: 1,
    versions: ["sdiff --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '[[:space:]][|<>]([[:space:]]|$)' "$OUT"`)
        .count("changedLines", `grep -cE '[[:space:]][|<>]([[:space:]]|$)' "$OUT"`),
  },
];
