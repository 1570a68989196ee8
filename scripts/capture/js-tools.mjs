// JavaScript tooling from the npm registry beyond test runners and eslint: prettier --check
// over a copy of undici's sources (one file does not parse), stylelint over mdBook's theme CSS,
// markdownlint over package READMEs, jasmine failures, c8's coverage table under a threshold,
// and the build errors of three bundlers (esbuild, rollup, webpack) over one small web app.
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { cases, INVENTORY } from "./js-inventory.mjs";
import { nodeTools, REPO, scratch, sh, writeTree } from "./lib.mjs";

const MDBOOK_CSS = "/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/book/css";

/** A scratch directory that sees the npm tools as its node_modules. */
function withTools(id, files = {}) {
  const dir = scratch(id);
  writeTree(dir, files);
  symlinkSync(join(nodeTools(), "node_modules"), join(dir, "node_modules"));
  return dir;
}

/**
 * A storefront's browser code: an entry that imports every module, a circular pair, and real
 * mistakes: a misspelled relative import, an import of a name the module does not export, a
 * package that is not installed, a constant declared twice, and JSX in a plain .js file.
 */
function webApp() {
  const files = {
    "src/index.js": `import { renderCart } from "./cart/render.js";
import { loadCatalog } from "./catalog/load.js";
import { formatPrice } from "./util/money.js";
import { track } from "./analytics/track.js";
import { initSearch } from "./search/index.js";
import { checkout } from "./checkout/flow.js";

export async function main(root) {
  const catalog = await loadCatalog("/api/catalog");
  initSearch(root.querySelector("#search"), catalog);
  root.querySelector("#cart").innerHTML = renderCart([], formatPrice);
  root.querySelector("#pay").addEventListener("click", () => checkout(catalog));
  track("page_view", { page: "home" });
}
`,
    "src/cart/render.js": `import { formatPrice } from "../util/money.js";
import { lineTotal } from "./totals.js";

export function renderCart(lines) {
  return lines.map((l) => \`<li>\${l.name} × \${l.qty} = \${formatPrice(lineTotal(l))}</li>\`).join("");
}
`,
    "src/cart/totals.js": `import { roundCents } from "../util/money.js";
import { renderCart } from "./render.js";

export const lineTotal = (l) => roundCents(l.price * l.qty);
export const cartTotal = (lines) => lines.reduce((s, l) => s + lineTotal(l), 0);
export const preview = (lines) => renderCart(lines.slice(0, 3));
`,
    "src/catalog/load.js": `import { parseCatalog } from "./parse.js";

export async function loadCatalog(url) {
  const res = await fetch(url);
  return parseCatalog(await res.json());
}
`,
    "src/catalog/parse.js": `import { slugify } from "../util/strings.js";

export function parseCatalog(rows) {
  return rows.map((r) => ({ ...r, slug: slugify(r.name) }));
}
`,
    "src/util/money.js": `export const roundCents = (x) => Math.round(x);
export const formatPrice = (cents) => (cents / 100).toFixed(2) + " €";
`,
    "src/util/strings.js": `export const slug = (s) => s.toLowerCase().replace(/\\s+/g, "-");
`,
    "src/analytics/track.js": `import { sendBeacon } from "@shop/beacon";

export function track(event, data) {
  sendBeacon("/collect", JSON.stringify({ event, ...data }));
}
`,
    "src/search/index.js": `import { tokenize } from "./tokenise.js";

export function initSearch(input, catalog) {
  input.addEventListener("input", () => {
    const words = tokenize(input.value);
    return catalog.filter((p) => words.every((w) => p.slug.includes(w)));
  });
}
`,
    "src/search/tokenize.js": `export const tokenize = (s) => s.toLowerCase().split(/\\W+/).filter(Boolean);
`,
    "src/checkout/flow.js": `import { cartTotal } from "../cart/totals.js";
import { formatPrice } from "../util/money.js";

export function checkout(lines) {
  const total = cartTotal(lines);
  if (total <= 0) throw new Error("empty cart");
  const label = formatPrice(total);
  const total = label.length;
  return { total, label };
}
`,
  };
  // Enough ordinary modules that the bundlers have something to list besides the mistakes.
  for (let i = 1; i <= 24; i++) {
    const n = String(i).padStart(2, "0");
    files[`src/widgets/widget${n}.js`] = `import { formatPrice } from "../util/money.js";\n\nexport function widget${n}(el, cents) {\n  el.textContent = "Widget ${n}: " + formatPrice(cents);\n  return el;\n}\n`;
  }
  files["src/widgets/widget07.js"] = `import { formatPrice } from "../util/money.js";\n\nexport function widget07(el, cents) {\n  return <span className="widget">{formatPrice(cents)}</span>;\n}\n`;
  files["src/widgets/index.js"] = Array.from({ length: 24 }, (_, i) => `export { widget${String(i + 1).padStart(2, "0")} } from "./widget${String(i + 1).padStart(2, "0")}.js";`).join("\n") + "\n";
  files["src/index.js"] += `\nexport * from "./widgets/index.js";\n`;
  return files;
}

/** Modules with branches a test suite covers unevenly, for a coverage table. */
function coverageProject() {
  const files = { "src/inventory.mjs": INVENTORY };
  const areas = ["orders", "refunds", "shipping", "invoices", "customers", "coupons", "returns", "warehouses", "suppliers", "reports", "payments", "carriers", "taxes", "pricing", "catalog", "reviews", "wishlists", "giftcards"];
  areas.forEach((area, k) => {
    const fns = Array.from(
      { length: 6 },
      (_, j) => `export function ${area}Step${j}(x) {\n  if (x < ${j}) {\n    return "${area}-low-${j}";\n  }\n  if (x > ${j * 10}) {\n    throw new RangeError("${area} ${j} out of range: " + x);\n  }\n  return "${area}-ok-${j}";\n}\n`,
    );
    files[`src/${area}.mjs`] = fns.join("\n");
    // Each area's test calls a different share of its functions, on one branch each.
    const tested = Array.from({ length: 6 - (k % 6) }, (_, j) => `test("${area} step ${j}", () => {\n  assert.equal(${area}Step${j}(${j}), "${area}-ok-${j}");\n});\n`);
    files[`test/${area}.test.mjs`] = `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { ${Array.from({ length: 6 }, (_, j) => `${area}Step${j}`).join(", ")} } from "../src/${area}.mjs";\n\n${tested.join("\n")}`;
  });
  files["test/inventory.test.mjs"] = `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { parseQty, slug } from "../src/inventory.mjs";\n\ntest("parseQty reads 12", () => {\n  assert.equal(parseQty("12"), 12);\n});\n\ntest("slug joins words", () => {\n  assert.equal(slug("Blue Mug"), "blue-mug");\n});\n`;
  return files;
}

/** Code under test that logs as it works, as services do: its lines land between jasmine's dots. */
const ORDERS = `export function createOrder(id, customer, lines) {
  const total = lines.reduce((s, l) => s + l.cents * l.qty, 0);
  console.log(\`[orders] created order \${id} for \${customer}: \${lines.length} lines, \${total} cents\`);
  return { id, customer, lines, total, status: "new" };
}

export function ship(order, carrier) {
  if (order.status !== "paid") throw new Error(\`order \${order.id} is \${order.status}, not paid\`);
  console.log(\`[orders] order \${order.id} handed to \${carrier}\`);
  return { ...order, status: "shipped", carrier };
}
`;

function ordersSpec() {
  const specs = [];
  for (let i = 1; i <= 60; i++) {
    const qty = (i % 4) + 1;
    specs.push(`  it("totals order ${1000 + i}", () => {\n    const o = createOrder(${1000 + i}, "c-${i % 17}", [{ cents: ${i * 25}, qty: ${qty} }]);\n    expect(o.total).toBe(${i * 25 * qty});\n  });\n`);
    if (i === 31) specs.push(`  it("ships a new order once it is paid", () => {\n    const o = createOrder(2001, "c-3", [{ cents: 500, qty: 1 }]);\n    expect(ship(o, "DHL").status).toBe("shipped");\n  });\n`);
  }
  return `import { createOrder, ship } from "../src/orders.mjs";\n\ndescribe("orders", () => {\n${specs.join("\n")}});\n`;
}

/** A README set: the packages' own Markdown, as a documentation folder would hold it. */
const README_PACKAGES = ["express", "ajv", "commander", "debug", "chalk", "cors", "diff", "body-parser", "fast-check", "eventsource"];

export default [
  {
    id: "prettier-check-undici",
    program: "prettier",
    category: "CommandOutput",
    setup: () => {
      const dir = withTools("prettier-check-undici");
      sh(`cp -r ${REPO}/node_modules/undici/lib lib && printf 'export function broken( {\\n  return 1\\n}\\n' > lib/core/tree-cache.js`, { cwd: dir });
      return dir;
    },
    command: 'npx prettier --check "lib/**/*.js"',
    exitCode: 2,
    versions: ["npx prettier --version", `node -p 'require("${REPO}/node_modules/undici/package.json").version'`],
    note: "prettier 3 from the npm registry over a copy of undici's lib/ (the repository's dependency), with one file that does not parse added in the middle",
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\[error\\] .*SyntaxError' "$OUT"`)
        .mustKeep(`tail -n 1 "$OUT"`)
        .count("unformatted", `grep -cE '^\\[warn\\] lib/' "$OUT"`),
  },
  {
    id: "stylelint-mdbook-css",
    program: "stylelint",
    category: "CommandOutput",
    setup: () => {
      const dir = withTools("stylelint-mdbook-css", { ".stylelintrc.json": '{ "extends": "stylelint-config-standard" }\n' });
      sh(`mkdir css && cp ${MDBOOK_CSS}/*.css css/`, { cwd: dir });
      return dir;
    },
    command: 'npx stylelint "css/*.css"',
    exitCode: 2,
    versions: ["npx stylelint --version"],
    note: "stylelint 16 with stylelint-config-standard over the theme CSS of the Rust book as rustup ships it",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^✖ [0-9]+ problems' "$OUT"`)
        .mustKeep(`grep -E '^css/' "$OUT"`)
        .count("descendingSpecificity", `grep -c 'no-descending-specificity$' "$OUT"`)
        .count("emptyLineBeforeRule", `grep -c ' rule-empty-line-before$' "$OUT"`),
  },
  {
    id: "markdownlint-readmes",
    program: "markdownlint",
    category: "CommandOutput",
    setup: () => {
      const dir = withTools("markdownlint-readmes", { ".markdownlint.json": '{ "MD013": false }\n' });
      sh(`mkdir docs && for p in ${README_PACKAGES.join(" ")}; do cp ${REPO}/node_modules/$p/README.md docs/$p.md; done`, { cwd: dir });
      return dir;
    },
    command: "npx markdownlint docs/",
    exitCode: 1,
    versions: ["npx markdownlint --version"],
    note: "markdownlint-cli with line length off, over the READMEs of ten of the repository's dependencies",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^docs/[a-z-]+\\.md' "$OUT" | sort -u`)
        .count("problems", `grep -c '' "$OUT"`)
        .count("headingIncrement", `grep -c 'MD001/heading-increment' "$OUT"`),
  },
  {
    id: "jasmine-failures",
    program: "jasmine",
    category: "CommandOutput",
    setup: () => {
      const body = cases()
        .map(([name, c]) => `  it(${JSON.stringify(name)}, () => {\n    expect(${c.actual}).toEqual(${c.expected});\n  });\n`)
        .join("\n");
      return withTools("jasmine-failures", {
        "src/inventory.mjs": INVENTORY,
        "spec/inventory.spec.mjs": `import { parseQty, priceWithVat, reserve, slug } from "../src/inventory.mjs";\n\ndescribe("inventory", () => {\n${body}});\n`,
        "src/orders.mjs": ORDERS,
        "spec/orders.spec.mjs": ordersSpec(),
        "spec/support/jasmine.json": '{ "spec_dir": "spec", "spec_files": ["**/*.spec.mjs"], "random": false }\n',
        "package.json": '{ "name": "shop", "private": true, "type": "module" }\n',
      });
    },
    command: "npx jasmine",
    exitCode: 3,
    versions: ["npx jasmine --version | head -n 1"],
    note: "jasmine 5 from the npm registry, the suite of scripts/capture/js-inventory.mjs and an orders suite whose code logs each order, in spec order",
    facts: (f) =>
      f
        .errorLines(`grep -E '^[0-9]+\\) (inventory|orders) ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ specs?, [0-9]+ failures?' "$OUT"`)
        .mustKeep(`grep -E '^ +(Expected|RangeError|Error:)' "$OUT" | sed 's/^ *//' | sort -u`),
  },
  {
    id: "c8-coverage-threshold",
    program: "c8",
    category: "CommandOutput",
    setup: () => withTools("c8-coverage-threshold", { ...coverageProject(), "package.json": '{ "name": "shop", "private": true, "type": "module" }\n' }),
    command: "npx c8 --check-coverage --lines 80 --functions 80 --branches 80 node --test test/",
    exitCode: 1,
    versions: ["npx c8 --version", "node --version"],
    note: "nineteen modules (in the capture script) that the tests cover unevenly; node:test's spec reporter, then c8's text table and its threshold errors",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ERROR: Coverage for ' "$OUT"`)
        .mustKeep(`grep -E '^All files' "$OUT"`)
        .mustKeep(`grep -E '^ +(refunds|warehouses)\\.mjs' "$OUT" | sed 's/^ *//'`)
        .count("files", `grep -cE '^ +[a-z]+\\.mjs' "$OUT"`),
  },
  {
    id: "esbuild-bundle-errors",
    program: "esbuild",
    category: "CommandOutput",
    setup: () => withTools("esbuild-bundle-errors", webApp()),
    command: "npx esbuild src/index.js --bundle --format=esm --log-limit=0 --outfile=dist/app.js",
    exitCode: 1,
    versions: ["npx esbuild --version"],
    note: "esbuild 0.24 from the npm registry over the web app of the capture script",
    facts: (f) =>
      f
        .errorLines(`grep -E '✘ \\[ERROR\\]' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -oE 'src/[a-z/]+\\.js:[0-9]+:[0-9]+:' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^[0-9]+ errors?' "$OUT"`),
  },
  {
    id: "esbuild-analyze-express",
    program: "esbuild",
    category: "CommandOutput",
    setup: () => {
      const dir = withTools("esbuild-analyze-express", { "server.js": 'const express = require("express");\nconst app = express();\napp.get("/health", (req, res) => res.json({ ok: true }));\napp.listen(process.env.PORT || 8080);\n' });
      sh(`rm node_modules && mkdir node_modules && for p in $(ls ${REPO}/node_modules); do ln -s ${REPO}/node_modules/$p node_modules/$p; done`, { cwd: dir });
      return dir;
    },
    command: "npx --prefix /tmp/abridge-corpus/_node-tools esbuild server.js --bundle --platform=node --minify --analyze --outfile=dist/server.js",
    exitCode: 0,
    versions: ["/tmp/abridge-corpus/_node-tools/node_modules/.bin/esbuild --version", `node -p 'require("${REPO}/node_modules/express/package.json").version'`],
    note: "a one-route express server bundled for node with the repository's node_modules; the bundle's size, then every input by size",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^ +dist/server\.js +[0-9.]+[kKM]?b' "$OUT" | sed -E 's/^ +//'`)
        .mustKeep(`grep -E '^ +├ ' "$OUT" | head -n 3 | sed -E 's/^ +├ //; s/ +[0-9.]+kb +[0-9.]+%$//'`)
        .count("inputs", `grep -cE '^ *[├└] ' "$OUT"`),
  },
  {
    id: "rollup-build-errors",
    program: "rollup",
    category: "CommandOutput",
    setup: () => withTools("rollup-build-errors", webApp()),
    command: "npx rollup src/index.js --file dist/app.js --format es",
    exitCode: 1,
    versions: ["npx rollup --version"],
    ansi: true,
    note: "rollup 4 from the npm registry over the web app of the capture script; rollup colours its output even into a pipe",
    facts: (f) =>
      f
        .errorLines(`sed -E 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -E '^\\[!\\] '`)
        .mustKeep(`sed -E 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -E '^\\(!\\) |^@shop/beacon '`),
  },
  {
    id: "webpack-build-errors",
    program: "webpack",
    category: "CommandOutput",
    setup: () => withTools("webpack-build-errors", webApp()),
    command: "npx webpack --mode production --entry ./src/index.js --stats detailed",
    exitCode: 1,
    versions: [`node -p '"webpack " + require("webpack/package.json").version + ", webpack-cli " + require("webpack-cli/package.json").version'`],
    note: "webpack 5 and webpack-cli from the npm registry over the web app of the capture script; timings differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ERROR in ' "$OUT"`)
        .mustKeep(`grep -oE 'webpack [0-9.]+ compiled with [0-9]+ errors? and [0-9]+ warnings?' "$OUT"`)
        .count("errors", `grep -c '^ERROR in ' "$OUT"`),
  },
];
