// Outputs of build tools and text utilities the other captures lack: AssemblyScript's compiler
// with type errors, wasm-opt's metrics over three passes, iconv stopping on a character its
// target lacks, git am stopping on a patch that does not apply, a uniq -c count of a log's
// messages, tsort over build-order pairs with a loop, git config --show-origin over three
// files, git ls-tree -r -l, a vite build of lazily loaded pages, as-pect with failing tests,
// and xargs -t checking JSON files whose output goes to /dev/null.
import { GIT_ENV, REPO, SCRATCH, scratch, sh, writeTree } from "./lib.mjs";

const BIN = `${REPO}/node_modules/.bin`;
const git = (dir, command, env = GIT_ENV) => sh(command, { cwd: dir, env });

/** An AssemblyScript module of shop rules with type errors spread over several functions. */
function ascErrors(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "shop.ts": `// Shop rules compiled to WebAssembly.
class Item {
  price: f64;
  qty: i32;
  constructor(price: f64, qty: i32) {
    this.price = price;
    this.qty = qty;
  }
}

export function orderTotal(items: Item[]): f64 {
  let sum: i32 = 0;
  for (let i = 0; i < items.length; i++) {
    sum += items[i].price * <f64>items[i].qty;
  }
  return sum;
}

export function applyTax(amount: f64, rate: string): f64 {
  return amount * rate;
}

export function couponLength(code: string): i32 {
  return code.lenght;
}

export function shippingFor(weight: f64): f64 {
  return shippingTable(weight) + handlingFee;
}

export function reducedTax(): f64 {
  return applyTax(10.0);
}

export function refundWindow(days: i32): bool {
  let limit: string = 90;
  return days < limit;
}

export function stockLeft(stock: Map<string, i32>, sku: string): i32 {
  const left = stock.get(sku);
  return left - "1";
}

export function invoiceNumber(year: i32, seq: i32): string {
  return year + "-" + seq.toString(16).padStart(6, 0);
}

export function cartOwner(owner: string | null): string {
  return owner.toUpperCase();
}

export function giftCredit(amount: f64): Item {
  return new Item(amount);
}

export function islandSurcharge(region: string): f64 {
  switch (region) {
    case "north": return 4.5;
    case "south": return "6.0";
  }
  return 0;
}

export function loyaltyPoints(total: f64): i64 {
  const points: i64 = total / 10;
  return points;
}

export function mailSubject(order: i32): string {
  return \`Order \${order} shipped\` + order;
}

export function reportRows(rows: Array<f64>): f64 {
  return rows.reduce((a, b) => a + b);
}

export function auditTrail(events: string[]): void {
  events.forEach((e) => console.log(e, 1));
}
`,
  });
  return dir;
}

/** A valid AssemblyScript module compiled with optimisation, for wasm-opt to measure. */
function wasmModule(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "shop.ts": `// Shop rules compiled to WebAssembly.
class Line { constructor(public sku: string, public price: f64, public qty: i32) {} }
const lines = new Array<Line>();
const stock = new Map<string, i32>();
export function addLine(sku: string, price: f64, qty: i32): void { lines.push(new Line(sku, price, qty)); }
export function restock(sku: string, n: i32): void { stock.set(sku, (stock.has(sku) ? stock.get(sku) : 0) + n); }
export function total(): f64 { let s = 0.0; for (let i = 0; i < lines.length; i++) s += lines[i].price * <f64>lines[i].qty; return s; }
export function taxed(rate: f64): f64 { return Math.round(total() * (1 + rate) * 100) / 100; }
export function invoice(year: i32, seq: i32): string { return year.toString() + "-" + seq.toString().padStart(6, "0"); }
export function describe(): string { let out = ""; for (let i = 0; i < lines.length; i++) out += lines[i].sku + " x" + lines[i].qty.toString() + "\\n"; return out; }
export function bySku(sku: string): i32 { for (let i = 0; i < lines.length; i++) if (lines[i].sku == sku) return i; return -1; }
export function sortByPrice(): void { lines.sort((a, b) => a.price < b.price ? -1 : a.price > b.price ? 1 : 0); }
export function checksum(s: string): u32 { let h: u32 = 2166136261; for (let i = 0; i < s.length; i++) { h ^= <u32>s.charCodeAt(i); h *= 16777619; } return h; }
`,
  });
  sh(`${BIN}/asc shop.ts --outFile shop.wasm --runtime incremental`, { cwd: dir });
  return dir;
}

/** A product catalogue in UTF-8 whose names are ASCII until one near the end. */
function catalogue(id) {
  const dir = scratch(id);
  const names = ["Espresso cups, set of 4", "Milk jug 350 ml", "Burr grinder", "Pour-over stand", "Paper filters x100", "Kettle 1.2 l", "Tamper 58 mm", "Scale 0.1 g", "Cleaning tablets", "Travel mug"];
  const rows = [];
  for (let i = 1; i <= 180; i++) {
    const name = i === 151 ? "Caf\u00e9 table, oak" : `${names[i % names.length]} (batch ${Math.ceil(i / 10)})`;
    rows.push(`SKU-${String(i).padStart(5, "0")}  ${name.padEnd(34)} ${(4.5 + (i * 37 % 200) / 4).toFixed(2).padStart(7)} EUR  stock ${i * 13 % 97}`);
  }
  writeTree(dir, { "catalogue.txt": rows.join("\n") + "\n" });
  return dir;
}

/** A series of 80 patches made on a topic branch; main meanwhile changed a line one of them touches. */
function amRepo(id) {
  const dir = scratch(id);
  const names = ["cart", "tax", "invoice", "refund", "coupon", "ship", "stock", "mail"];
  const files = {};
  for (const n of names) files[`shop/${n}.py`] = `"""${n} rules."""\n\nRATE = 1\n` + Array.from({ length: 12 }, (_, k) => `# ${n} note ${k + 1}\n`).join("");
  writeTree(dir, files);
  git(dir, "git init -q -b main . && git add -A && git commit -q -m 'shop: first rules' && git checkout -q -b topic");
  const steps = [];
  for (let i = 1; i <= 80; i++) {
    const n = names[i % names.length];
    if (i === 61) steps.push(`sed -i 's/^RATE = 1$/RATE = 2/' shop/${n}.py`);
    steps.push(`printf '%s\\n' '' 'def rule_${i}(order):' '    return order.total * ${i}' >> shop/${n}.py && git commit -q -am '${n}: add rule ${i} for orders over ${i * 25} euros'`);
  }
  git(dir, steps.join(" && "));
  git(dir, `git format-patch -q -o patches main && git checkout -q main && sed -i 's/^RATE = 1$/RATE = 3/' shop/${names[61 % 8]}.py && git commit -q -am '${names[61 % 8]}: raise the rate'`);
  return dir;
}

/** An application log of 6000 lines: a few frequent warnings and errors, and a long tail of rare ones. */
function appLog(id) {
  const dir = scratch(id);
  const frequent = [
    ["WARN", "slow query on orders (over 500 ms)", 311], ["ERROR", "payment gateway timeout after 30 s", 187], ["WARN", "cache miss storm on product listing", 142],
    ["ERROR", "mail relay refused connection", 96], ["WARN", "retrying stock sync", 88], ["ERROR", "invoice PDF renderer crashed", 41],
    ["WARN", "coupon code expired at checkout", 39], ["ERROR", "refund rejected by bank", 22],
  ];
  const rare = [];
  for (let i = 1; i <= 64; i++) {
    const kinds = ["ERROR order %d stuck in state PAID_NOT_SHIPPED", "WARN customer %d exceeded the address change limit", "ERROR warehouse %d returned HTTP 502 for stock query", "WARN basket %d held 120 lines, truncated to 100"];
    rare.push([kinds[i % 4].split(" ")[0], kinds[i % 4].slice(kinds[i % 4].indexOf(" ") + 1).replace("%d", String(1000 + i * 37)), 1 + (i % 3)]);
  }
  rare.push(["ERROR", "disk full on /var/lib/shop/uploads", 1], ["FATAL", "schema version 41 does not match code version 42", 1]);
  const lines = [];
  let t = 0;
  const stamp = () => { t += 7; const s = t % 60, m = Math.floor(t / 60) % 60, h = 8 + Math.floor(t / 3600); return `2024-03-01T${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}Z`; };
  for (const [level, msg, n] of [...frequent, ...rare]) for (let k = 0; k < n; k++) lines.push([level, msg]);
  for (let i = 0; lines.length < 6000; i++) lines.push(["INFO", `request ${i} served in ${i % 90 + 3} ms`]);
  // A fixed shuffle, so the log reads like one and captures are identical.
  let seed = 7;
  for (let i = lines.length - 1; i > 0; i--) { seed = (seed * 1103515245 + 12345) % 2147483648; const j = seed % (i + 1); [lines[i], lines[j]] = [lines[j], lines[i]]; }
  writeTree(dir, { "app.log": lines.map(([l, m]) => `${stamp()} ${l} ${m}`).join("\n") + "\n" });
  return dir;
}

/** Build-order pairs (module, module it needs) for 300 modules, with one loop among four of them. */
function depsFile(id) {
  const dir = scratch(id);
  const areas = ["cart", "tax", "invoice", "refund", "coupon", "ship", "stock", "mail", "auth", "report", "search", "admin", "billing", "catalog", "review"];
  const mods = [];
  for (let i = 0; i < 300; i++) mods.push(`${areas[i % areas.length]}/${["core", "api", "store", "views", "jobs", "rules", "util", "cli", "hooks", "model", "export", "import", "cache", "audit", "i18n", "schema", "events", "limits", "fees", "rates"][Math.floor(i / areas.length)]}`);
  const pairs = [];
  for (let i = 1; i < mods.length; i++) {
    pairs.push(`${mods[(i * 7) % i]} ${mods[i]}`);
    if (i % 3 === 0) pairs.push(`${mods[(i * 13) % i]} ${mods[i]}`);
  }
  pairs.push(`${mods[150]} ${mods[40]}`, `${mods[200]} ${mods[150]}`);
  pairs.push(`${mods[40]} ${mods[200]}`);
  writeTree(dir, { "build-order.txt": pairs.join("\n") + "\n" });
  return dir;
}

/** A repository whose configuration comes from a global file, an included file and the repository's own. */
function configRepo(id) {
  const dir = scratch(id);
  const aliases = ["st = status -sb", "co = checkout", "br = branch -vv", "lg = log --graph --oneline --decorate", "last = log -1 HEAD --stat", "unstage = reset HEAD --", "amend = commit --amend --no-edit", "wip = commit -am WIP", "pf = push --force-with-lease", "sync = pull --rebase --autostash", "who = shortlog -sne", "ds = diff --staged", "fixup = commit --fixup", "ri = rebase -i --autosquash", "cp = cherry-pick -x", "tags = tag -n1 --sort=-v:refname"];
  writeTree(dir, {
    "home/.gitconfig": `[user]\n\tname = Dana Developer\n\temail = dana@home.example\n[core]\n\teditor = nano\n\tautocrlf = input\n\texcludesFile = ~/.gitignore_global\n[init]\n\tdefaultBranch = main\n[alias]\n${aliases.map((a) => `\t${a}\n`).join("")}[pull]\n\trebase = true\n[fetch]\n\tprune = true\n[diff]\n\talgorithm = histogram\n\tcolorMoved = zebra\n[merge]\n\tconflictStyle = zdiff3\n[rerere]\n\tenabled = true\n[url "git@git.shop.example:"]\n\tinsteadOf = https://git.shop.example/\n[include]\n\tpath = work.gitconfig\n`,
    "home/work.gitconfig": `[user]\n\temail = dana@shop.example\n\tsigningKey = 4A1B2C3D5E6F7081\n[commit]\n\tgpgSign = true\n[core]\n\teditor = vim\n[http "https://git.shop.example/"]\n\tsslVerify = true\n\tpostBuffer = 524288000\n`,
  });
  const env = { ...GIT_ENV, GIT_CONFIG_GLOBAL: `${dir}/home/.gitconfig` };
  git(dir, "git init -q -b main repo && cd repo && git remote add origin https://git.shop.example/shop/backend.git && git remote add upstream https://git.shop.example/platform/backend.git && git config branch.main.remote origin && git config branch.main.merge refs/heads/main && git config branch.release-2.4.remote upstream && git config branch.release-2.4.merge refs/heads/release-2.4 && git config core.hooksPath .githooks && git config user.email dana@backend.shop.example && git config --add remote.origin.fetch '+refs/notes/*:refs/notes/*' && git config lfs.url https://lfs.shop.example/backend && git config submodule.vendor/payments.url https://git.shop.example/vendor/payments.git && git config submodule.vendor/payments.active true", env);
  return `${dir}/repo`;
}

/** A repository of 90 files of varied sizes in a nested tree. */
function treeRepo(id) {
  const dir = scratch(id);
  const files = {};
  const areas = ["cart", "tax", "invoice", "refund", "coupon", "ship", "stock", "mail", "auth"];
  for (let i = 0; i < 90; i++) {
    const area = areas[i % areas.length];
    const kind = ["models.py", "views.py", "tests/test_rules.py", "templates/page.html", "static/app.js", "migrations/0001_initial.py", "README.md", "fixtures/sample.json", "locale/de.po", "schema.sql"][Math.floor(i / areas.length)];
    files[`shop/${area}/${kind}`] = `# ${area} ${kind}\n` + "x = 1\n".repeat((i * 53) % 400 + 1);
  }
  files["shop/static/vendor/chart.min.js"] = "var a=1;".repeat(40000);
  writeTree(dir, files);
  git(dir, "git init -q -b main . && git add -A && git commit -q -m 'shop: import'");
  return dir;
}

/** A vite project whose entry pulls 44 pages lazily, one of them with a large generated table. */
function viteProject(id) {
  const dir = scratch(id);
  const files = { "index.html": `<!doctype html>\n<html><head><title>Shop</title></head><body><div id="app"></div><script type="module" src="/src/main.js"></script></body></html>\n` };
  const pages = ["cart", "checkout", "tax", "invoice", "refund", "coupon", "ship", "stock", "mail", "account", "search", "orders", "returns", "reviews", "wishlist", "compare", "help", "admin", "reports", "settings", "gifts", "bundles", "loyalty", "vouchers", "suppliers", "warehouses", "pricing", "banners", "newsletters", "blog", "faq", "contact", "careers", "press", "legal", "privacy", "cookies", "sitemap", "stores", "events", "partners"];
  files["src/main.js"] = `import { render } from "./lib/render.js";\nimport "./styles/base.css";\nconst pages = {\n${pages.map((p) => `  ${p}: () => import("./pages/${p}.js"),\n`).join("")}};\nconst name = location.hash.slice(1) || "cart";\npages[name]().then((m) => render(m.default()));\n`;
  files["src/lib/render.js"] = `export function render(html) { document.getElementById("app").innerHTML = html; }\nexport function money(v) { return v.toFixed(2) + " EUR"; }\n`;
  files["src/styles/base.css"] = `body { font-family: sans-serif; margin: 0; }\n` + pages.map((p) => `.page-${p} { padding: 1rem; border-bottom: 1px solid #ccc; }\n`).join("");
  pages.forEach((p, i) => {
    const rows = p === "reports" ? 24000 : 20 * (i + 1);
    files[`src/pages/${p}.js`] = `import { money } from "../lib/render.js";\nconst rows = [\n${Array.from({ length: rows }, (_, k) => `  ["${p}-${k}", ${(k * 37) % 1000 / 10}, "${p} line ${k} of the ${p} page"],\n`).join("")}];\nexport default () => '<table class="page-${p}">' + rows.map((r) => '<tr><td>' + r[0] + '</td><td>' + money(r[1]) + '</td><td>' + r[2] + '</td></tr>').join("") + '</table>';\n`;
  });
  writeTree(dir, files);
  return dir;
}

export default [
  {
    id: "asc-type-errors",
    program: "asc",
    category: "CommandOutput",
    setup: () => ascErrors("asc-type-errors"),
    command: `${BIN}/asc shop.ts --outFile shop.wasm`,
    exitCode: 1,
    versions: [`${BIN}/asc --version`],
    facts: (f) =>
      f
        .errorLines(`grep -E '^ERROR' "$OUT"`)
        .mustKeep(`grep -oE 'shop\\.ts\\([0-9]+,[0-9]+\\)' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^FAILURE' "$OUT"`)
        .count("errors", `grep -c '^ERROR' "$OUT"`),
  },
  {
    id: "wasm-opt-metrics",
    program: "wasm-opt",
    category: "CommandOutput",
    setup: () => wasmModule("wasm-opt-metrics"),
    command: `${BIN}/wasm-opt shop.wasm --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int --metrics -O3 --metrics -Oz --metrics`,
    exitCode: 0,
    versions: [`${BIN}/wasm-opt --version`, `${BIN}/asc --version`],
    facts: (f) =>
      f
        .mustKeep(`grep -oE '\\[(funcs|total|vars)\\] +: [0-9]+( +[-+][0-9]+)?' "$OUT" | tail -n 3`)
        .count("metricBlocks", `grep -c '^Metrics' "$OUT"`),
  },
  {
    id: "iconv-ascii-stops",
    program: "iconv",
    category: "CommandOutput",
    setup: () => catalogue("iconv-ascii-stops"),
    command: "iconv -f UTF-8 -t ASCII catalogue.txt",
    exitCode: 1,
    versions: ["iconv --version | head -n 1"],
    note: "the error follows the converted text on the row that stopped it",
    facts: (f) =>
      f
        .errorLines(`grep -o 'iconv: .*' "$OUT"`)
        .mustKeep(`grep '^SKU-' "$OUT" | tail -n 2 | head -n 1`)
        .count("rowsConverted", `grep -c '^SKU-' "$OUT"`),
  },
  {
    id: "git-am-stops",
    program: "git am",
    category: "CommandOutput",
    setup: () => amRepo("git-am-stops"),
    env: GIT_ENV,
    command: "git am patches/*.patch",
    exitCode: 128,
    versions: ["git --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^(error:|Patch failed)' "$OUT"`)
        .mustKeep(`grep '^Applying:' "$OUT" | tail -n 1`)
        .count("applying", `grep -c '^Applying:' "$OUT"`),
  },
  {
    id: "uniq-c-log-messages",
    program: "uniq -c",
    category: "CommandOutput",
    setup: () => appLog("uniq-c-log-messages"),
    command: "grep -E ' (WARN|ERROR|FATAL) ' app.log | cut -d' ' -f2- | sort | uniq -c | sort -rn",
    exitCode: 0,
    versions: ["sort --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`head -n 3 "$OUT"`)
        .errorLines(`grep -E 'FATAL|disk full' "$OUT"`)
        .count("distinctMessages", `grep -c '' "$OUT"`)
        .count("seenOnce", `grep -cE '^ +1 ' "$OUT"`),
  },
  {
    id: "tsort-loop",
    program: "tsort",
    category: "CommandOutput",
    setup: () => depsFile("tsort-loop"),
    command: "tsort build-order.txt",
    exitCode: 1,
    versions: ["tsort --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep '^tsort:' "$OUT"`)
        .count("modulesOrdered", `grep -vc '^tsort:' "$OUT"`),
  },
  {
    id: "git-config-show-origin",
    program: "git config",
    category: "CommandOutput",
    setup: () => configRepo("git-config-show-origin"),
    env: { ...GIT_ENV, GIT_CONFIG_GLOBAL: `${SCRATCH}/git-config-show-origin/home/.gitconfig` },
    command: "git config --list --show-scope --show-origin",
    exitCode: 0,
    versions: ["git --version"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '(user\\.email|core\\.editor|remote\\.origin\\.url)=' "$OUT" | tail -n 3`)
        .mustKeep(`grep -oE 'file:[^[:space:]]+' "$OUT" | sort -u`)
        .count("entries", `grep -c '' "$OUT"`),
  },
  {
    id: "git-ls-tree-long",
    program: "git ls-tree",
    category: "DirectoryListing",
    setup: () => treeRepo("git-ls-tree-long"),
    env: GIT_ENV,
    command: "git ls-tree -r -l HEAD",
    exitCode: 0,
    versions: ["git --version"],
    facts: (f) =>
      f
        .mustKeep(`sort -k4,4n "$OUT" | tail -n 1 | awk '{print $5}'`)
        .mustKeep(`grep -oE 'shop/(tax|refund)/schema\\.sql' "$OUT"`)
        .count("files", `grep -c '' "$OUT"`),
  },
  {
    id: "vite-build-chunks",
    program: "vite",
    category: "CommandOutput",
    setup: () => viteProject("vite-build-chunks"),
    command: `${BIN}/vite build`,
    exitCode: 0,
    versions: [`${BIN}/vite --version`],
    note: "the build time differs per run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\(!\\)' "$OUT"`)
        .mustKeep(`grep -oE 'dist/assets/reports-[A-Za-z0-9_-]+\\.js' "$OUT"`)
        .mustKeep(`grep -oE '[0-9]+ modules transformed' "$OUT"`)
        .count("chunks", `grep -c '^dist/assets/.*\\.js' "$OUT"`),
  },
  {
    id: "as-pect-failing-rules",
    program: "as-pect",
    category: "CommandOutput",
    setup: () => aspectProject("as-pect-failing-rules"),
    command: "npx asp --config as-pect.config.js",
    exitCode: 1,
    versions: ["npx asp --version 2>&1 | tail -n 1"],
    note: "test durations differ per run",
    facts: (f) =>
      f
        .errorLines(`sed -E 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -E '^ +❌ ' | sed -E 's/^ +//'`)
        .mustKeep(`sed -E 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -oE '\\[Tests\\]: [0-9]+ / [0-9]+'`)
        .count("failingFiles", `sed -E 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -cE '^❌ '`),
    ansi: true,
  },
  {
    id: "xargs-json-check",
    program: "xargs",
    category: "CommandOutput",
    setup: () => jsonDir("xargs-json-check"),
    command: "find conf -name '*.json' | sort | xargs -t -n 1 python3 -m json.tool --no-indent > /dev/null",
    exitCode: 123,
    versions: ["xargs --version | head -n 1", "python3 --version"],
    facts: (f) =>
      f
        .errorLines(`grep -vE '^python3 -m json.tool' "$OUT"`)
        .mustKeep(`grep -B1 -vE '^python3 -m json.tool' "$OUT" | grep -oE 'conf/[a-z]+-[a-z]+\\.json'`)
        .count("filesChecked", `grep -c '^python3 -m json.tool' "$OUT"`),
  },
];

/** An as-pect suite of shop rules: 132 tests in 22 files, seven of them failing. */
function aspectProject(id) {
  const dir = scratch(id);
  const groups = ["cart", "tax", "coupon", "refund", "invoice", "ship", "stock", "mail", "auth", "report", "search", "admin", "billing", "catalog", "review", "gifts", "loyalty", "vouchers", "pricing", "returns", "bundles", "wishlist"];
  const failing = new Set(["tax 3", "coupon 5", "refund 2", "stock 6", "billing 1", "pricing 4", "pricing 5"]);
  const specs = {};
  for (const g of groups) {
    const tests = [];
    for (let k = 1; k <= 6; k++) {
      const wrong = failing.has(`${g} ${k}`);
      tests.push(`  it("${g} rule ${k} rounds ${k * 3} items to cents", () => {\n    const total: f64 = ${k * 3}.0 * 1.1;\n    expect<f64>(Math.round(total * 100) / 100).toBe(${wrong ? (Math.round(k * 3 * 1.1 * 100) / 100 + 0.01).toFixed(2) : (Math.round(k * 3 * 1.1 * 100) / 100).toFixed(2)}, "${g} total after rounding");\n  });`);
    }
    specs[`assembly/__tests__/${g}.spec.ts`] = `describe("${g}", () => {\n${tests.join("\n")}\n});\n`;
  }
  writeTree(dir, {
    ...specs,
    "as-pect.config.js": `export default {\n  entries: ["assembly/__tests__/**/*.spec.ts"],\n  include: ["assembly/__tests__/**/*.include.ts"],\n  disclude: [/node_modules/],\n  async instantiate(memory, createImports, instantiate, binary) {\n    return instantiate(binary, createImports({ env: { memory } }));\n  },\n};\n`,
    "package.json": `{ "name": "shop-rules", "type": "module", "private": true }\n`,
    "as-pect.asconfig.json": JSON.stringify({
      targets: { noCoverage: { transform: ["@as-pect/transform"] } },
      options: { exportMemory: true, outFile: "output.wasm", bindings: "raw", exportStart: "_start", exportRuntime: true, runtime: "incremental", use: ["RTRACE=1"], debug: true, exportTable: true },
      entries: ["./node_modules/@as-pect/assembly/assembly/index.ts"],
    }, null, 2) + "\n",
  });
  sh(`ln -sfn ${REPO}/node_modules node_modules`, { cwd: dir });
  return dir;
}

/** Sixty JSON settings files, four of them broken in different ways. */
function jsonDir(id) {
  const dir = scratch(id);
  const files = {};
  const services = ["cart", "tax", "invoice", "refund", "coupon", "ship", "stock", "mail", "auth", "report", "search", "admin"];
  for (let i = 0; i < 60; i++) {
    const name = `${services[i % 12]}-${["dev", "test", "stage", "prod", "local"][Math.floor(i / 12)]}`;
    let text = `{\n  "service": "${services[i % 12]}",\n  "port": ${8000 + i},\n  "replicas": ${1 + (i % 4)},\n  "features": ["audit", "metrics"]\n}\n`;
    if (i === 9) text = text.replace('"port"', '"port" ').replace(`${8000 + i},`, `${8000 + i}`);
    if (i === 23) text = text.replace('"metrics"]', '"metrics",]');
    if (i === 38) text = text.replace('"service"', "'service'");
    if (i === 51) text = text.slice(0, text.length - 3);
    files[`conf/${name}.json`] = text;
  }
  writeTree(dir, files);
  return dir;
}
