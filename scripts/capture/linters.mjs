// Linters and static checkers, mostly over real code on the machine: eslint (stylish and
// JSON), tsc --strict --noEmit, shellcheck, pyflakes, pylint, cppcheck, gcc -Wall -Wextra,
// cargo clippy, yamllint, xmllint, go vet.
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { cProject } from "./c-project.mjs";
import { nodeTools, REPO, scratch, sh, writeTree } from "./lib.mjs";
import { STORE } from "./memory.mjs";

const PY_STDLIB = "/usr/lib/python3.11";
const WRAPT = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/wrapt/_wrappers.c";

/** A JavaScript app with real mistakes, linted with eslint's recommended rules. */
function eslintProject(id) {
  const dir = scratch(id);
  const files = {
    "eslint.config.mjs": `import js from "@eslint/js";\n\nexport default [js.configs.recommended, { languageOptions: { globals: { console: "readonly", process: "readonly" } } }];\n`,
    "package.json": '{ "name": "shop-api", "private": true, "type": "module" }\n',
  };
  for (let i = 1; i <= 24; i++) {
    const bugs = [];
    if (i % 3 === 0) bugs.push(`export function unusedArgs${i}(req, res, next) {\n  return res.json({ ok: true });\n}\n`);
    if (i % 5 === 0) bugs.push(`export function compare${i}(a) {\n  if (a == NaN) return 0;\n  return a;\n}\n`);
    if (i % 7 === 0) bugs.push(`export function lookup${i}(map, key) {\n  const found = map[key];\n  return fonud ?? null;\n}\n`);
    if (i === 11) bugs.push(`export function loop${i}(items) {\n  for (let i = 0; i < items.length; i--) {\n    console.log(items[i]);\n  }\n}\n`);
    if (i === 17) bugs.push(`export function route${i}(kind) {\n  switch (kind) {\n    case "a":\n      return 1;\n    case "a":\n      return 2;\n  }\n}\n`);
    files[`src/routes/route${String(i).padStart(2, "0")}.js`] = `import { readFile } from "node:fs/promises";\n\nexport async function handler${i}(path) {\n  const text = await readFile(path, "utf8");\n  return JSON.parse(text);\n}\n\n${bugs.join("\n")}`;
  }
  writeTree(dir, files);
  symlinkSync(join(nodeTools(), "node_modules"), join(dir, "node_modules"));
  return dir;
}

const CLIPPY_CRATE = `pub fn total(prices: &Vec<i64>) -> i64 {
    let mut sum = 0;
    for i in 0..prices.len() {
        sum = sum + prices[i];
    }
    return sum;
}

pub fn label(name: &String) -> String {
    if name.len() == 0 {
        return "unnamed".to_string();
    }
    format!("{}", name)
}

pub fn is_free(price: f64) -> bool {
    price == 0.0
}

pub fn first_expensive(prices: &[i64]) -> Option<&i64> {
    prices.iter().filter(|p| **p > 1000).next()
}

pub fn clamp_qty(q: i32) -> i32 {
    if q < 0 { 0 } else if q > 99 { 99 } else { q }
}
`;

const BAD_YAML = `# Deployment settings for the shop services
services:
  api:
    image: shop/api:1.4.2
    replicas: 3
    env:
      - name: DATABASE_URL
        value: postgres://db.internal:5432/shop
      - name: LOG_LEVEL
        value: info
    ports: [ 8080 , 8443 ]
  worker:
    image: shop/worker:1.4.2
    replicas: yes
    env:
      - name: QUEUE
        value: orders
      - name: QUEUE
        value: refunds
  cron:
    image: shop/cron:1.4.2
    schedule: "*/5 * * * *"   
    command: ["/bin/sh", "-c", "bin/sweep --older-than 30d"]
    resources:
        limits:
          cpu: 500m
          memory: 256Mi
services:
  extra: true
`;

const BAD_XML = `<?xml version="1.0" encoding="UTF-8"?>
<catalog>
${Array.from({ length: 120 }, (_, i) => `  <product sku="SKU-${String(i).padStart(4, "0")}">\n    <name>Product ${i}</name>\n    <price currency="EUR">${(i * 1.37).toFixed(2)}</price>\n  </product>`).join("\n").replace("<name>Product 77</name>", "<name>Product 77 & Sons</name>").replace("<price currency=\"EUR\">131.52</price>", "<price currency=\"EUR\">131.52</prize>")}
</catalog>
`;

const GO_VET = `package main

import (
	"fmt"
	"sync"
)

type counter struct {
	mu sync.Mutex
	n  int
}

func report(c counter) string { return fmt.Sprintf("count=%d", c.n) }

func main() {
	c := counter{}
	for i := 0; i < 10; i++ {
		c.n += i
	}
	fmt.Printf("total %d items in %s\\n", c.n)
	fmt.Println(report(c))
	var label string
	fmt.Printf("label %d\\n", label)
	if c.n != c.n {
		fmt.Println("impossible")
	}
}
`;

export default [
  {
    id: "eslint-recommended-errors",
    program: "eslint",
    category: "CommandOutput",
    setup: () => eslintProject("eslint-recommended-errors"),
    command: "npx eslint src/",
    versions: ["npx eslint --version"],
    note: "eslint 9 from the npm registry with js.configs.recommended; 24 route files (in the capture script), some with real mistakes",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ +[0-9]+:[0-9]+ +error .*(no-undef|use-isnan|for-direction|no-duplicate-case)$' "$OUT"`)
        .mustKeep(`grep -E '^✖ [0-9]+ problems? ' "$OUT"`),
  },
  {
    id: "eslint-json-format",
    program: "eslint",
    category: "StructuredData",
    setup: () => eslintProject("eslint-json-format"),
    command: "npx eslint -f json src/",
    versions: ["npx eslint --version"],
    note: "the same project, eslint's JSON formatter (one array on one line, after npm's warning)",
    facts: (f) =>
      f
        .mustKeep(`grep '^\\[' "$OUT" | jq -r '.[] | .messages[] | select(.ruleId=="no-undef" or .ruleId=="use-isnan" or .ruleId=="for-direction") | .message' | sort -u`)
        .count("errors", `grep '^\\[' "$OUT" | jq '[.[].errorCount] | add'`),
  },
  {
    id: "tsc-strict-noemit",
    program: "tsc",
    category: "CommandOutput",
    cwd: REPO,
    command: "npx tsc --noEmit --strict --noUnusedLocals --noUnusedParameters --exactOptionalPropertyTypes -p bench/../tsconfig.json",
    versions: ["npx tsc -v"],
    note: "this repository's host code under stricter flags than its own build uses; depends on the commit",
    facts: (f) =>
      f
        .errorLines(`grep -E 'error TS[0-9]+: ' "$OUT" | head -n 12`)
        .count("errors", `grep -cE 'error TS[0-9]+: ' "$OUT"`),
  },
  {
    id: "shellcheck-system-scripts",
    program: "shellcheck",
    category: "CommandOutput",
    cwd: "/usr/bin",
    command: "shellcheck zgrep gettext.sh ldd",
    versions: ["shellcheck --version | sed -n 2p"],
    note: "Debian's own shell scripts in /usr/bin",
    facts: (f) =>
      f
        .errorLines(`grep -E '^In [a-z.]+ line [0-9]+:' "$OUT" | head -n 3`)
        .mustKeep(`grep -oE 'SC[0-9]{4}' "$OUT" | sort | uniq -c | sort -k1,1nr -k2 | head -n 3 | awk '{print $2}'`)
        .count("findings", `grep -cE '^ *\\^-* ?SC[0-9]{4}|^ *\\^-- SC' "$OUT"`),
  },
  {
    id: "shellcheck-gcc-format",
    program: "shellcheck",
    category: "CommandOutput",
    cwd: "/usr/bin",
    command: "shellcheck -f gcc zgrep gettext.sh ldd",
    versions: ["shellcheck --version | sed -n 2p"],
    note: "the same scripts, one finding per line",
    facts: (f) =>
      f
        .errorLines(`grep -E ': warning: ' "$OUT"`)
        .count("findings", `grep -c '' "$OUT"`),
  },
  {
    id: "pyflakes-stdlib-email",
    program: "pyflakes",
    category: "CommandOutput",
    cwd: PY_STDLIB,
    command: "pyflakes3 email json http logging unittest asyncio xml",
    versions: ["pyflakes3 --version"],
    note: "Debian's python3.11 standard library",
    facts: (f) =>
      f
        .mustKeep(`grep -E 'undefined name' "$OUT" | head -n 3`)
        .count("findings", `grep -c '' "$OUT"`),
  },
  {
    id: "pylint-stdlib-argparse",
    program: "pylint",
    category: "CommandOutput",
    cwd: PY_STDLIB,
    command: "pylint --persistent=n argparse.py",
    versions: ["pylint --version | head -n 1"],
    note: "Debian's pylint over the standard library's argparse.py",
    facts: (f) =>
      f
        .errorLines(`grep -E ': E[0-9]{4}: ' "$OUT"`)
        .mustKeep(`grep -E '^Your code has been rated at ' "$OUT"`)
        .count("findings", `grep -cE '^argparse.py:[0-9]+:[0-9]+: [CRWEF][0-9]{4}: ' "$OUT"`),
  },
  {
    id: "cppcheck-c-project",
    program: "cppcheck",
    category: "CommandOutput",
    setup: () => {
      const dir = cProject("cppcheck-c-project", { modules: 60 });
      writeTree(dir, { "src/store.c": STORE });
      return dir;
    },
    command: "cppcheck --enable=warning,style,performance,portability src/",
    exitCode: 0,
    versions: ["cppcheck --version"],
    note: "the C project of scripts/capture/c-project.mjs plus store.c of scripts/capture/memory.mjs (an out-of-bounds read, a use after free); a progress line per file",
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: ' "$OUT"`)
        .count("findings", `grep -cE ': (warning|error|style|performance|portability): ' "$OUT"`),
  },
  {
    id: "gcc-wall-wextra-wrapt",
    program: "gcc",
    category: "CommandOutput",
    cwd: "/tmp",
    command: `gcc -Wall -Wextra -fsyntax-only $(python3-config --includes) ${WRAPT}`,
    exitCode: 0,
    versions: ["gcc --version | head -n 1"],
    note: "wrapt's C extension against the pyenv Python's headers: -Wextra flags every unused parameter",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '\\[-W[a-z-]+\\]' "$OUT" | sort | uniq -c | sort -k1,1nr | head -n 2 | awk '{print $2}'`)
        .count("warnings", `grep -cE ': warning: ' "$OUT"`),
  },
  {
    id: "gcc-wall-wextra-errors",
    program: "gcc",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("gcc-wall-wextra-errors");
      const fns = Array.from({ length: 40 }, (_, i) => `int scale_${i}(int v, int unused_${i}) {\n    int r = v * ${i + 1};\n    return r;\n}\n`).join("\n");
      writeTree(dir, {
        "report.c": `#include <stdio.h>\n#include <string.h>\n\n${fns}\nint summary(const char *name, unsigned count) {\n    char buf[16];\n    int n;\n    if (count < 0) return -1;\n    sprintf(buf, "%s:%d", name, count);\n    for (int i = 0; i < strlen(buf); i++) n += buf[i];\n    return n\n}\n\nint main(void) {\n    printf("%d\\n", summary("orders", 12));\n    return undefined_total;\n}\n`,
      });
      return dir;
    },
    command: "gcc -Wall -Wextra -c report.c",
    versions: ["gcc --version | head -n 1"],
    note: "40 functions with an unused parameter each, then two errors near the end",
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: ' "$OUT"`)
        .count("warnings", `grep -cE ': warning: ' "$OUT"`),
  },
  {
    id: "cargo-clippy-warnings",
    program: "cargo clippy",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("cargo-clippy-warnings");
      sh("cargo new --offline --vcs none --lib pricing", { cwd: dir });
      writeTree(join(dir, "pricing"), { "src/lib.rs": CLIPPY_CRATE });
      return join(dir, "pricing");
    },
    command: "cargo clippy --offline -- -W clippy::pedantic",
    exitCode: 0,
    versions: ["cargo clippy --version"],
    note: "a small crate (in the capture script) with idioms clippy flags",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^warning: ' "$OUT" | grep -v 'generated [0-9]+ warning' | sort -u | head -n 6`)
        .mustKeep(`grep -E 'generated [0-9]+ warnings?' "$OUT"`),
  },
  {
    id: "yamllint-deploy",
    program: "yamllint",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("yamllint-deploy");
      writeTree(dir, { "deploy.yaml": BAD_YAML });
      return dir;
    },
    command: "yamllint -f parsable deploy.yaml",
    versions: ["yamllint --version"],
    note: "a deployment file (in the capture script) with a duplicate key, a truthy value and spacing problems",
    facts: (f) =>
      f
        .errorLines(`grep -E '\\[error\\]' "$OUT"`)
        .count("findings", `grep -c '' "$OUT"`),
  },
  {
    id: "yamllint-pyenv-workflow",
    program: "yamllint",
    category: "CommandOutput",
    cwd: "/root/.pyenv/.github/workflows",
    command: "yamllint *.yml",
    versions: ["yamllint --version"],
    note: "pyenv's own GitHub workflows as shipped in its checkout",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^[a-z_]+\\.yml$' "$OUT" | head -n 3`)
        .count("findings", `grep -cE '^ +[0-9]+:[0-9]+ ' "$OUT"`),
  },
  {
    id: "xmllint-catalog-errors",
    program: "xmllint",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("xmllint-catalog-errors");
      writeTree(dir, { "catalog.xml": BAD_XML });
      return dir;
    },
    command: "xmllint --noout catalog.xml",
    versions: ["xmllint --version 2>&1 | head -n 1"],
    note: "an unescaped & and a mismatched closing tag",
    facts: (f) => f.errorLines(`grep -E '^catalog.xml:[0-9]+: parser error' "$OUT"`),
  },
  {
    id: "go-vet-findings",
    program: "go vet",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("go-vet-findings");
      writeTree(dir, { "go.mod": "module example.test/vet\n\ngo 1.19\n", "main.go": GO_VET });
      return dir;
    },
    command: "go vet .",
    env: { GOPROXY: "off" },
    versions: ["go version"],
    note: "a lock copied by value, Printf verbs that do not match, a self-comparison",
    facts: (f) => f.errorLines(`grep -E '^\\./main\\.go:[0-9]+:[0-9]+: ' "$OUT"`),
  },
];
