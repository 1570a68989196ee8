// Runners, checkers, listings and files of kinds the other captures lack, each over a small project
// whose finding or failure sits among clean results: a PostScript job that Ghostscript stops on an
// undefined name after printing pages, a zsh report stopped by an arithmetic error part-way through a
// log, LuaUnit, CUnit and uvu suites with failures among passes, fdupes listing duplicate assets, alex
// and HTMLHint findings over documentation and pages, python -m json.tool --json-lines stopping on a
// broken record, git fetch -v --prune with a rejected non-fast-forward among updated branches,
// git submodule foreach stopping at the first failing check, hexdump -C of a record file, an
// iCalendar file, and SubRip subtitles in GBK.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GIT_ENV, SCRATCH, scratch, sh, writeTree } from "./lib.mjs";

const AREAS = ["cart", "pricing", "stock", "tax", "ledger", "shipping", "returns", "coupons"];
const MODULES = [...AREAS, "accounts", "billing", "currency", "invoices", "payments", "refunds"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);
/** A larger project: each module also in regional variants, so that findings sit among many clean results. */
const REGIONAL = MODULES.flatMap((m) => [m, `${m}_eu`, `${m}_us`]);

/** Node tools these captures add to the shared ones (lib.mjs), installed once from the npm registry. */
const FURTHER_NODE_TOOLS = join(SCRATCH, "_further-node-tools");
const FURTHER_NODE_PACKAGES = ["uvu@0.5.6", "alex@11.0.1", "htmlhint@1.1.4"];
const FURTHER_NODE_BINS = ["uvu", "alex", "htmlhint"];
function furtherNodeTools() {
  if (!FURTHER_NODE_BINS.every((bin) => existsSync(join(FURTHER_NODE_TOOLS, "node_modules/.bin", bin)))) {
    mkdirSync(FURTHER_NODE_TOOLS, { recursive: true });
    writeFileSync(join(FURTHER_NODE_TOOLS, "package.json"), '{ "name": "further-node-tools", "private": true }\n');
    sh(`npm install --no-audit --no-fund ${FURTHER_NODE_PACKAGES.join(" ")}`, { cwd: FURTHER_NODE_TOOLS });
  }
  return join(FURTHER_NODE_TOOLS, "node_modules");
}

/** Lets `npx` in a project find the tools. */
function linkNodeTools(dir) {
  symlinkSync(furtherNodeTools(), join(dir, "node_modules"));
  return dir;
}

/** A PostScript report: one page per area (each prints its total), then a page that calls a procedure nobody defined. */
function postscriptProject(id) {
  const dir = scratch(id);
  const pages = REGIONAL.map(
    (m, i) => `(page ${i + 1}: ${m} ) print ${i + 3} ${i + 7} total =only (\\n) print flush\n/Helvetica findfont 12 scalefont setfont 72 720 moveto (${m}) show showpage`,
  );
  // A summary page after the twentieth draws a logo the prologue never defines.
  pages.splice(20, 0, `(summary ) print flush\n72 72 drawlogo showpage`);
  writeTree(dir, { "report.ps": `%!PS\n/total { mul } def\n${pages.join("\n")}\n` });
  return dir;
}

/** Order records for the zsh report, one of whose quantities is `n/a` (zsh reads it as the row count n divided by an unset a, zero). */
function zshProject(id) {
  const dir = scratch(id);
  const rows = [];
  for (let i = 1; i <= 90; i++) rows.push(`${1000 + i} ${MODULES[(i * 5) % MODULES.length]} ${i === 57 ? "n/a" : (i % 7) + 1}`);
  writeTree(dir, {
    "orders.txt": rows.join("\n") + "\n",
    "report.zsh": `integer sum=0 n=0
typeset -A price
${MODULES.map((m, i) => `price[${m}]=${i + 3}`).join("\n")}
while read -r id area qty; do
  total=$(( qty * price[$area] ))
  sum=$(( sum + total ))
  n=$(( n + 1 ))
  print "order $id $area total $total running $sum"
done < orders.txt
print "$n orders, $sum in total"
`,
  });
  return dir;
}

/** A Lua module with LuaUnit tests per area: two compare the wrong values, one indexes a missing row. */
function luaunitProject(id) {
  const dir = scratch(id);
  const tests = [];
  for (const [i, m] of MODULES.entries()) {
    const T = cap(m);
    let extra = "";
    if (m === "tax") extra = `function Test${T}:test_discount_on_ten()\n  lu.assertEquals(shop.discount("${m}", 10), ${i + 4})\nend\n`;
    if (m === "invoices") extra = `function Test${T}:test_totals()\n  lu.assertEquals({shop.total("${m}", 1), shop.total("${m}", 2)}, {${i + 3}, ${2 * (i + 3) + 1}})\nend\n`;
    if (m === "refunds") extra = `function Test${T}:test_unknown_area()\n  lu.assertEquals(shop.rows["refund"].qty, 0)\nend\n`;
    tests.push(`Test${T} = {}\nfunction Test${T}:test_total()\n  lu.assertEquals(shop.total("${m}", 2), ${2 * (i + 3)})\nend\nfunction Test${T}:test_no_discount()\n  lu.assertEquals(shop.discount("${m}", 3), 0)\nend\n${extra}`);
  }
  writeTree(dir, {
    "shop.lua": `local shop = { prices = { ${MODULES.map((m, i) => `${m} = ${i + 3}`).join(", ")} }, rows = {} }
function shop.total(area, qty) return qty * shop.prices[area] end
function shop.discount(area, qty) if qty >= 10 then return shop.total(area, qty) // 10 end return 0 end
return shop
`,
    "test_shop.lua": `local lu = require("luaunit")\nlocal shop = require("shop")\n\n${tests.join("\n")}\nos.exit(lu.LuaUnit.run())\n`,
  });
  return dir;
}

/** A CUnit suite per area in verbose mode: most assertions pass, three compare the wrong values. */
function cunitProject(id) {
  const dir = scratch(id);
  const fns = [];
  const adds = [];
  for (const [i, m] of REGIONAL.entries()) {
    let checks = `  CU_ASSERT_EQUAL(total(2, ${i + 3}), ${2 * (i + 3)});\n  CU_ASSERT_EQUAL(total(0, ${i + 3}), 0);`;
    if (m === "tax") checks = `  CU_ASSERT_EQUAL(total(2, ${i + 3}), ${2 * (i + 3) + 1});\n  CU_ASSERT_EQUAL(total(0, ${i + 3}), 0);`;
    if (m === "currency") checks = `  CU_ASSERT_DOUBLE_EQUAL(rate(${i}), 1.25, 0.001);\n  CU_ASSERT_TRUE(rate(${i}) > 1.0);`;
    if (m === "refunds") checks = `  CU_ASSERT_STRING_EQUAL(label(${i}), "parcel");\n  CU_ASSERT_PTR_NOT_NULL(label(${i}));`;
    fns.push(`static void test_${m}_total(void) {\n${checks}\n}\nstatic void test_${m}_rows(void) {\n  CU_ASSERT(total(3, 1) == 3);\n}\n`);
    adds.push(`  s = CU_add_suite("${m}", NULL, NULL);\n  CU_add_test(s, "total", test_${m}_total);\n  CU_add_test(s, "rows", test_${m}_rows);`);
  }
  writeTree(dir, {
    "test_shop.c": `#include <CUnit/Basic.h>

static int total(int rows, int price) { return rows * price; }
static double rate(int i) { return 1.0 + i / 100.0; }
static const char *label(int i) { return i % 2 ? "letter" : "pallet"; }

${fns.join("\n")}
int main(void) {
  CU_pSuite s;
  if (CU_initialize_registry() != CUE_SUCCESS) return CU_get_error();
${adds.join("\n")}
  CU_basic_set_mode(CU_BRM_VERBOSE);
  CU_basic_run_tests();
  unsigned failed = CU_get_number_of_failures();
  CU_cleanup_registry();
  return failed ? 1 : 0;
}
`,
  });
  sh("gcc -o test_shop test_shop.c -lcunit", { cwd: dir });
  return dir;
}

/** A site's asset tree where some images and stylesheets were copied under other names. */
function fdupesProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, m] of MODULES.entries()) {
    files[`assets/img/${m}.svg`] = `<svg xmlns="http://www.w3.org/2000/svg" width="${16 + i}" height="16"><title>${m}</title></svg>\n`;
    files[`assets/css/${m}.css`] = `.${m} { color: #${(0x334455 + i * 0x10101).toString(16)}; }\n`;
  }
  // Copies: old names kept next to the new ones, and a backup folder of three stylesheets.
  for (const m of ["tax", "ledger", "refunds"]) files[`assets/img/old/${m}-v1.svg`] = files[`assets/img/${m}.svg`];
  for (const m of ["cart", "stock", "tax"]) files[`backup/css/${m}.css`] = files[`assets/css/${m}.css`];
  files["assets/img/cart-copy.svg"] = files["assets/img/cart.svg"];
  writeTree(dir, files);
  return dir;
}

/** uvu test files per area: most pass, two assert the wrong values and one throws. */
function uvuProject(id) {
  const dir = linkNodeTools(scratch(id));
  const files = {
    "package.json": '{ "name": "shop", "private": true, "type": "module" }\n',
    "src/shop.js": `export const PRICES = { ${MODULES.map((m, i) => `${m}: ${i + 3}`).join(", ")} };\nexport const total = (area, qty) => qty * PRICES[area];\nexport const rows = (area) => ({ tax: [{ qty: 2 }] })[area].map((r) => r.qty);\n`,
  };
  for (const [i, m] of MODULES.entries()) {
    let extra = "";
    if (m === "tax") extra = `\ntest("ten rows", () => {\n  assert.is(total("${m}", 10), ${10 * (i + 3) + 5});\n});\n`;
    if (m === "invoices") extra = `\ntest("totals", () => {\n  assert.equal([1, 2].map((q) => total("${m}", q)), [${i + 3}, ${2 * (i + 3) + 1}]);\n});\n`;
    if (m === "refunds") extra = `\ntest("rows", () => {\n  assert.equal(rows("${m}"), []);\n});\n`;
    files[`tests/${m}.test.js`] = `import { test } from "uvu";\nimport * as assert from "uvu/assert";\nimport { total, rows } from "../src/shop.js";\n\ntest("total", () => {\n  assert.is(total("${m}", 2), ${2 * (i + 3)});\n});\n${extra}\ntest.run();\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** Documentation pages, some with wording alex flags. */
function alexProject(id) {
  const dir = linkNodeTools(scratch(id));
  const files = {};
  for (const [i, m] of MODULES.entries()) {
    let body = `# ${cap(m)}\n\nThe ${m} area keeps its own totals. Each row has a quantity and a price.\n\nRun \`shop ${m} --report\` to print them.\n`;
    if (i % 4 === 1) body += `\nIf the user is not signed in, he is sent to the login page.\n`;
    if (m === "ledger") body += `\nThe master node writes the ledger and each slave replays it. A simple sanity check runs first.\n`;
    if (m === "refunds") body += `\nThe clerk can blacklist a customer whose refunds look crazy.\n`;
    files[`docs/${m}.md`] = body;
  }
  writeTree(dir, files);
  return dir;
}

/** A site's pages: most are well formed, a few have unpaired tags, duplicate ids and images without alt text. */
function htmlhintProject(id) {
  const dir = linkNodeTools(scratch(id));
  const files = {};
  for (const [i, m] of REGIONAL.entries()) {
    let main = `    <h1 id="title">${cap(m)}</h1>\n    <p class="lead">The ${m} area.</p>\n    <img src="/img/${m}.svg" alt="${m}">`;
    if (m === "tax") main = `    <h1 id="title">Tax</h1>\n    <p id="title" class="lead">The tax area.</p>\n    <img src="/img/tax.svg">`;
    if (m === "ledger") main = `    <h1 id="title">Ledger</h1>\n    <div class="lead">The ledger area.\n    <img src="/img/ledger.svg" alt="ledger">`;
    if (m === "refunds") main = `    <h1 id="title">Refunds</h1>\n    <p class=lead>The refunds area.</p>\n    <IMG src="/img/refunds.svg" alt="refunds">`;
    files[`site/${m}.html`] = `<!DOCTYPE html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8">\n    <title>${cap(m)}</title>\n  </head>\n  <body>\n${main}\n  </body>\n</html>\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** Order events as JSON lines; one written by a broken exporter lacks a comma. */
function jsonLinesProject(id) {
  const dir = scratch(id);
  const lines = [];
  for (let i = 1; i <= 60; i++) {
    const area = MODULES[(i * 3) % MODULES.length];
    const line = JSON.stringify({ id: 5000 + i, area, qty: (i % 5) + 1, price: { currency: "EUR", units: i % 9 } });
    lines.push(i === 41 ? line.replace(',"qty"', ' "qty"') : line);
  }
  writeTree(dir, { "events.ndjson": lines.join("\n") + "\n" });
  return dir;
}

/** A remote with many branches and a clone of it; then the remote gains, loses and rewrites branches. */
function fetchProject(id) {
  const dir = scratch(id);
  const git = (cmd, cwd) => sh(cmd, { cwd: join(dir, cwd), env: GIT_ENV });
  mkdirSync(join(dir, "origin"));
  git("git init -q -b main && echo base > README && git add . && git commit -qm base", "origin");
  for (const m of REGIONAL) git(`git branch feature/${m} && git checkout -q feature/${m} && echo ${m} > ${m}.txt && git add . && git commit -qm "${m}" && git checkout -q main`, "origin");
  git("git clone -q origin clone", ".");
  // On the remote: new commits on two branches, a rewritten branch, a deleted one, new ones.
  git("git checkout -q feature/cart && echo more >> cart.txt && git commit -qam 'cart: more' && git checkout -q main", "origin");
  git("git checkout -q feature/stock && echo more >> stock.txt && git commit -qam 'stock: more' && git checkout -q main", "origin");
  git("git checkout -q feature/tax && git commit -q --amend -m 'tax, rewritten' && git checkout -q main", "origin");
  git("git branch -D -q feature/coupons && git branch feature/vouchers && git branch feature/wallets", "origin");
  return join(dir, "clone");
}

/** A superproject with one submodule per area and region; each has a check script, and the ledger one fails. */
function submoduleProject(id) {
  const dir = scratch(id);
  const env = GIT_ENV;
  for (const [i, m] of REGIONAL.entries()) {
    const lib = join(dir, "libs-src", m);
    mkdirSync(lib, { recursive: true });
    const ok = m !== "ledger";
    writeTree(lib, {
      "check.sh": `#!/bin/sh\necho "${m}: ${i + 4} rows checked"\n${ok ? `echo "${m}: totals match"` : `echo "${m}: total of row 3 is 12, expected 13" >&2\nexit 1`}\n`,
    });
    sh("chmod +x check.sh && git init -q -b main && git add . && git commit -qm init", { cwd: lib, env });
  }
  const top = join(dir, "shop");
  mkdirSync(top);
  sh("git init -q -b main", { cwd: top, env });
  for (const m of REGIONAL) sh(`git -c protocol.file.allow=always submodule --quiet add ../libs-src/${m} libs/${m}`, { cwd: top, env });
  sh("git commit -qm 'Add the area libraries'", { cwd: top, env });
  return top;
}

/** A binary file of fixed-size records, mostly zero padding, so hexdump folds repeated lines. */
function recordsProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "make.py": `import struct
with open("stock.dat", "wb") as f:
    f.write(b"STK1" + struct.pack("<HH", 1, 14) + bytes(8))
    for i, name in enumerate(${JSON.stringify(MODULES)}):
        rec = struct.pack("<I12sHH", 1000 + i, name.encode(), (i * 7) % 50, i + 3)
        f.write(rec + bytes(64 - len(rec)))
    f.write(bytes(256) + b"END\\n")
`,
  });
  sh("python3 make.py", { cwd: dir });
  return dir;
}

/** A team calendar: releases and reviews, the releases every sixth weekly, four with a long folded description, one cancelled. */
function calendarProject(id) {
  const dir = scratch(id);
  const ev = [];
  for (let i = 0; i < 36; i++) {
    const m = MODULES[i % MODULES.length];
    const day = String((i % 28) + 1).padStart(2, "0");
    const month = String(1 + Math.floor(i / 12)).padStart(2, "0");
    const lines = [
      "BEGIN:VEVENT",
      `UID:${m}-${i}@shop.example`,
      "DTSTAMP:20260101T090000Z",
      `DTSTART;TZID=Europe/Berlin:2027${month}${day}T${String(9 + (i % 8)).padStart(2, "0")}0000`,
      `DTEND;TZID=Europe/Berlin:2027${month}${day}T${String(10 + (i % 8)).padStart(2, "0")}0000`,
      `SUMMARY:${i % 3 === 0 ? "Release" : "Review"}: ${m}`,
      `LOCATION:Room ${100 + (i % 5)}`,
    ];
    if (i % 6 === 0) lines.push("RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=MO");
    if (i % 9 === 4) lines.push(`DESCRIPTION:The ${m} team walks through the open issues\\, the release notes a`, ` nd the migration steps. Bring the numbers from last week's report\\; we also`, ` decide who is on call.`);
    if (i === 20) lines.push("STATUS:CANCELLED");
    lines.push("END:VEVENT");
    ev.push(lines.join("\r\n"));
  }
  const ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Shop//Team Calendar 1.4//EN", "X-WR-CALNAME:Shop releases", "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE", ...ev, "END:VCALENDAR"].join("\r\n") + "\r\n";
  writeTree(dir, { "team.ics": ics });
  return dir;
}

/** Chinese subtitles of a product video, written in GBK (make.py encodes them). */
function gbkSubtitles(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "make.py": `lines = ["欢迎使用商店后台", "首先打开购物车页面", "这里显示每一行的数量和价格", "税率按地区计算", "点击保存以更新库存", "退款会在三天内处理", "如果出现错误请联系管理员"]
out = []
for i in range(84):
    s = i * 4
    start = f"00:{s // 60:02d}:{s % 60:02d},{(i * 137) % 1000:03d}"
    e = s + 3
    end = f"00:{e // 60:02d}:{e % 60:02d},{(i * 137 + 500) % 1000:03d}"
    text = lines[i % len(lines)]
    if i % 10 == 3:
        text += "\\n(SKU " + str(4000 + i) + ")"
    out.append(f"{i + 1}\\n{start} --> {end}\\n{text}\\n")
open("tour.zh.srt", "wb").write("\\n".join(out).encode("gbk"))
`,
  });
  sh("python3 make.py", { cwd: dir });
  return dir;
}

export default [
  {
    id: "ghostscript-undefined-after-pages",
    program: "gs",
    category: "CommandOutput",
    setup: () => postscriptProject("ghostscript-undefined-after-pages"),
    command: "gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=nullpage report.ps",
    exitCode: 1,
    versions: ["gs --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E 'Error: /|Unrecoverable error' "$OUT"`)
        .count("pages", `grep -c '^page [0-9]*: [a-z_]* [0-9]' "$OUT"`),
  },
  {
    id: "zsh-math-error-in-log",
    program: "zsh",
    category: "CommandOutput",
    setup: () => zshProject("zsh-math-error-in-log"),
    command: "zsh report.zsh",
    exitCode: 1,
    versions: ["zsh --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^report\\.zsh:[0-9]+: ' "$OUT"`)
        .mustKeep(`grep '^order ' "$OUT" | tail -n 1`)
        .count("orders", `grep -c '^order ' "$OUT"`),
  },
  {
    id: "luaunit-verbose-failures",
    program: "luaunit",
    category: "CommandOutput",
    setup: () => luaunitProject("luaunit-verbose-failures"),
    command: "lua5.4 test_shop.lua -v",
    exitCode: 3,
    versions: ["lua5.4 -v", `lua5.4 -e 'print("luaunit " .. require("luaunit").VERSION)'`],
    note: "the start date and the run's duration are timings",
    facts: (f) =>
      f
        .errorLines(`grep -E ' \\.\\.\\. (FAIL|ERROR)$' "$OUT"`)
        .errorLines(`grep -E '^test_shop\\.lua:[0-9]+: ' "$OUT" | sort -u`)
        .mustKeep(`grep -oE '[0-9]+ successes?, [0-9]+ failures?, [0-9]+ errors?' "$OUT"`),
  },
  {
    id: "cunit-verbose-failures",
    program: "cunit",
    category: "CommandOutput",
    setup: () => cunitProject("cunit-verbose-failures"),
    command: "./test_shop",
    exitCode: 1,
    versions: ["dpkg-query -W -f '${Package} ${Version}' libcunit1-dev"],
    note: "the elapsed time is a timing",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ +[0-9]+\\. test_shop\\.c:[0-9]+ +- ' "$OUT"`)
        .mustKeep(`grep -E '^ +(suites|tests|asserts) ' "$OUT" | sed -E 's/^ +//'`),
  },
  {
    id: "fdupes-recursive-assets",
    program: "fdupes",
    category: "CommandOutput",
    setup: () => fdupesProject("fdupes-recursive-assets"),
    command: "fdupes -r -S assets backup",
    exitCode: 0,
    versions: ["fdupes --version"],
    note: "fdupes lists the files of a set in the order it finds them",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(assets|backup)/' "$OUT" | sort`)
        .count("sets", `grep -c 'bytes each' "$OUT"`),
  },
  {
    id: "uvu-failing-assertions",
    program: "uvu",
    category: "CommandOutput",
    setup: () => uvuProject("uvu-failing-assertions"),
    command: "npx uvu tests",
    exitCode: 1,
    versions: ["npm ls --depth=0 --prefix " + FURTHER_NODE_TOOLS + " uvu | grep -o 'uvu@.*'"],
    ansi: true,
    note: "the duration is a timing",
    facts: (f) =>
      f
        .errorLines(`sed -E 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -E '^ +FAIL ' | sed -E 's/^ +//' | sort -u`)
        .mustKeep(`sed -E 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -E '^  (Total|Passed|Skipped): ' | sed -E 's/^ +//'`),
  },
  {
    id: "alex-docs-wording",
    program: "alex",
    category: "CommandOutput",
    setup: () => alexProject("alex-docs-wording"),
    command: "npx alex docs",
    exitCode: 1,
    versions: ["npm ls --depth=0 --prefix " + FURTHER_NODE_TOOLS + " alex | grep -o 'alex@.*'"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '^docs/[a-z]+\\.md$' "$OUT"`)
        .errorLines(`grep -E '^ +[0-9]+:[0-9]+-[0-9]+:[0-9]+ +warning ' "$OUT"`)
        .mustKeep(`grep -E '^⚠ [0-9]+ warning' "$OUT"`),
  },
  {
    id: "htmlhint-site-pages",
    program: "htmlhint",
    category: "CommandOutput",
    setup: () => htmlhintProject("htmlhint-site-pages"),
    command: "npx htmlhint site",
    exitCode: 1,
    versions: ["npx htmlhint --version"],
    ansi: true,
    note: "the time the scan took varies",
    facts: (f) =>
      f
        .mustKeep(`sed -E 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -oE 'site/[a-z]+\\.html' | sort -u`)
        .errorLines(`sed -E 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -E '^ +\\^ '`)
        .count("errors", `sed -E 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -oE '[0-9]+ errors in [0-9]+ files' | cut -d' ' -f1`),
  },
  {
    id: "json-tool-json-lines-broken",
    program: "python -m json.tool",
    category: "StructuredData",
    setup: () => jsonLinesProject("json-tool-json-lines-broken"),
    command: "python3 -m json.tool --json-lines events.ndjson",
    exitCode: 1,
    versions: ["python3 --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E 'delimiter: line [0-9]+ column' "$OUT"`)
        .mustKeep(`grep -E '"id": [0-9]+' "$OUT" | tail -n 1 | sed -E 's/^ +//; s/,$//'`)
        .count("records", `grep -c '^{' "$OUT"`),
  },
  {
    id: "git-fetch-prune-rejected",
    program: "git fetch",
    category: "CommandOutput",
    setup: () => fetchProject("git-fetch-prune-rejected"),
    command: "git fetch -v --prune origin 'refs/heads/*:refs/remotes/origin/*'",
    exitCode: 1,
    versions: ["git --version"],
    note: "commit ids are made at capture time",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ ! \\[rejected\\]' "$OUT"`)
        .mustKeep(`grep -E '^ - \\[deleted\\]|^ \\* \\[new branch\\]' "$OUT" | sed -E 's/^ +//'`)
        .count("upToDate", `grep -c '^ = \\[up to date\\]' "$OUT"`),
  },
  {
    id: "git-submodule-foreach-stops",
    program: "git submodule",
    category: "CommandOutput",
    setup: () => submoduleProject("git-submodule-foreach-stops"),
    command: "git submodule foreach ./check.sh",
    exitCode: 128,
    versions: ["git --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^fatal: |expected [0-9]+$' "$OUT"`)
        .count("entered", `grep -c '^Entering ' "$OUT"`),
  },
  {
    id: "hexdump-canonical-records",
    program: "hexdump",
    category: "CommandOutput",
    setup: () => recordsProject("hexdump-canonical-records"),
    command: "hexdump -C stock.dat",
    exitCode: 0,
    versions: ["dpkg-query -W -f '${Package} ${Version}' bsdextrautils"],
    note: "stock.dat is written by make.py in the capture script",
    facts: (f) =>
      f
        .mustKeep(`tail -n 1 "$OUT"`)
        .count("folded", `grep -c '^\\*$' "$OUT"`)
        .count("bytes", `stat -c %s stock.dat`),
  },
  {
    id: "cat-icalendar-team",
    program: "file:ics",
    category: "FileContent",
    setup: () => calendarProject("cat-icalendar-team"),
    command: "cat team.ics",
    exitCode: 0,
    versions: ["cat --version | head -n 1"],
    note: "a team calendar written by the capture script",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(PRODID|X-WR-CALNAME):' "$OUT" | tr -d '\\r'`)
        .mustKeep(`grep -E '^STATUS:' "$OUT" | tr -d '\\r'`)
        .count("events", `grep -c '^BEGIN:VEVENT' "$OUT"`)
        .count("recurring", `grep -c '^RRULE:' "$OUT"`),
  },
  {
    id: "cat-gbk-subtitles",
    program: "file:gbk",
    category: "FileContent",
    setup: () => gbkSubtitles("cat-gbk-subtitles"),
    command: "cat tour.zh.srt",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "84 SubRip cues in GBK (make.py in the capture script); only the ASCII parts are readable as UTF-8",
    facts: (f) =>
      f
        .mustKeep(`grep -aE ' --> ' "$OUT" | tail -n 1`)
        .mustKeep(`grep -aoE '\\(SKU [0-9]+\\)' "$OUT"`)
        .count("cues", `grep -ac ' --> ' "$OUT"`),
  },
];
