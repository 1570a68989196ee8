// Inventories the other captures lack: file(1) naming the type of every entry of a directory of
// helpers (mostly links, some scripts and binaries), and npm pack --dry-run listing what a
// package's tarball would hold, as npm notices.
import { scratch, writeTree } from "./lib.mjs";

function packageTree(id) {
  const dir = scratch(id);
  const files = {
    "package.json": JSON.stringify({ name: "@shop/pricing", version: "4.1.0", description: "Prices, taxes and discounts for the shop", main: "lib/index.js", license: "MIT", files: ["lib", "types", "README.md"] }, null, 2) + "\n",
    "README.md": "# @shop/pricing\n\nPrices with VAT, discounts and rounding.\n",
    "test/pricing.test.js": "// not packed\n",
  };
  const areas = ["vat", "discount", "rounding", "currency", "coupon", "bundle", "shipping", "tax-zones", "refund", "invoice", "receipt", "ledger", "exchange", "margin", "promo", "loyalty", "gift-card", "subscription", "instalment", "surcharge"];
  const modules = areas.flatMap((a) => [a, `${a}-rules`, `${a}-format`]);
  modules.forEach((m, i) => {
    files[`lib/${m}.js`] = `// ${m}\nexports.${m.replace(/-./g, (s) => s[1].toUpperCase())} = (cents) => cents;\n${"// ".padEnd(60 + i * 40, "-")}\n`;
    files[`lib/${m}.js.map`] = JSON.stringify({ version: 3, file: `${m}.js`, sources: [`../src/${m}.ts`], mappings: "AAAA".repeat(10 + i) }) + "\n";
    files[`types/${m}.d.ts`] = `export declare function ${m.replace(/-./g, (s) => s[1].toUpperCase())}(cents: number): number;\n`;
  });
  files["lib/index.js"] = modules.map((m) => `Object.assign(exports, require("./${m}"));`).join("\n") + "\n";
  writeTree(dir, files);
  return dir;
}

export default [
  {
    id: "file-types-git-core",
    program: "file",
    category: "CommandOutput",
    cwd: "/tmp",
    command: "file /usr/lib/git-core/*",
    exitCode: 0,
    versions: ["file --version | head -n 1", "git --version"],
    note: "git's helper directory as this machine's git package installs it (build ids and the set of helpers depend on the package)",
    facts: (f) =>
      f
        .mustKeep(`grep -E 'Perl script|Unicode text' "$OUT" | cut -d: -f1`)
        .mustKeep(`grep -E 'ELF 64-bit' "$OUT" | cut -d: -f1 | sed -n '1p;$p'`)
        .count("links", `grep -c 'symbolic link to' "$OUT"`)
        .count("shellScripts", `grep -c 'POSIX shell script' "$OUT"`)
        .count("elf", `grep -c 'ELF 64-bit' "$OUT"`),
  },
  {
    id: "npm-pack-dry-run",
    program: "npm pack",
    category: "CommandOutput",
    setup: () => packageTree("npm-pack-dry-run"),
    command: "npm pack --dry-run",
    exitCode: 0,
    versions: ["npm --version"],
    note: "a package of sixty modules with their maps and types (in the capture script) whose files field leaves out its tests",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '(name|filename|unpacked size|total files): .*' "$OUT"`)
        .mustKeep(`tail -n 1 "$OUT"`)
        .count("files", `grep -cE '^npm notice [0-9.]+k?B ' "$OUT"`),
  },
];
