// Compiler and build-tool outputs: make/gcc, tsc, cargo, javac.
import { join } from "node:path";
import { cProject } from "./c-project.mjs";
import { scratch, sh, writeTree } from "./lib.mjs";
import { tsProject } from "./ts-project.mjs";

const GCC_ERRORS = `grep -E ': error: |^make: \\*\\*\\*|not remade' "$OUT"`;

/** A tiny crate whose main.rs has real type errors. */
function rustCrate(id) {
  const dir = scratch(id);
  sh("cargo new --offline --vcs none ledger", { cwd: dir });
  const crate = join(dir, "ledger");
  writeTree(crate, {
    "src/main.rs": `use std::collections::HashMap;

#[derive(Debug)]
struct Entry {
    account: String,
    cents: i64,
}

fn parse_line(line: &str) -> Option<Entry> {
    let mut parts = line.split(',');
    let account = parts.next()?.trim().to_string();
    let cents: i64 = parts.next()?.trim().parse().ok()?;
    Some(Entry { account, cents })
}

fn balances(entries: &[Entry]) -> HashMap<String, i64> {
    let mut map = HashMap::new();
    for e in entries {
        *map.entry(e.account.clone()).or_insert(0) += e.cents;
    }
    map
}

fn format_cents(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

fn main() {
    let input = "cash, 1250\\nbank, -300\\ncash, 75";
    let entries: Vec<Entry> = input.lines().filter_map(parse_line).collect();
    let totals = balances(&entries);
    let cash: u32 = totals["cash"];
    let label: String = format_cents(cash);
    let first: &Entry = entries.first();
    println!("{} {} {:?}", label, totals.len(), first);
}
`,
  });
  return crate;
}

export default [
  {
    id: "make-k-c-project-errors",
    program: "make",
    category: "CommandOutput",
    setup: () => cProject("make-k-c-project-errors", { modules: 150 }),
    command: "make -k",
    versions: ["make --version", "gcc --version"],
    note: "a 306-file C project (scripts/capture/c-project.mjs); src/config.c has a missing ';' and an undeclared identifier, hash.c and strutil.c have warnings",
    facts: (f) =>
      f
        .errorLines(GCC_ERRORS)
        .mustKeep(`grep -E ': warning: ' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "make-c-warnings-only",
    program: "make",
    category: "CommandOutput",
    setup: () => cProject("make-c-warnings-only", { fixed: true, modules: 150 }),
    command: "make",
    exitCode: 0,
    versions: ["make --version", "gcc --version"],
    note: "the same C project with config.c fixed: the build succeeds with warnings",
    facts: (f) =>
      f
        .errorLines(`grep -E ': warning: ' "$OUT"`)
        .mustKeep(`grep -oE -- '-o bin/inventory' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "tsc-project-errors",
    program: "tsc",
    category: "CommandOutput",
    setup: () => tsProject("tsc-project-errors"),
    command: "npx tsc -p .",
    versions: ["npx tsc -v"],
    note: "a 7-file TypeScript project (scripts/capture/ts-project.mjs) with real type errors; node_modules links to the repo's",
    facts: (f) =>
      f
        .errorLines(`grep -E 'error TS[0-9]+' "$OUT"`)
        .mustKeep(`grep -oE '^src/[a-z]+\\.ts' "$OUT" | sort -u`),
  },
  {
    id: "tsc-project-errors-pretty",
    program: "tsc",
    category: "CommandOutput",
    setup: () => tsProject("tsc-project-errors-pretty"),
    command: "npx tsc -p . --pretty",
    ansi: true,
    versions: ["npx tsc -v"],
    note: "the same TypeScript project; --pretty prints ANSI colours and code frames",
    facts: (f) =>
      f
        .errorLines(`sed 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -oE 'error TS[0-9]+: .*'`)
        .mustKeep(`sed 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -oE '^Found [0-9]+ errors? in [0-9]+ files?\\.'`)
        .mustKeep(`sed 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -oE '^src/[a-z]+\\.ts:[0-9]+:[0-9]+' | sort -u`),
  },
  {
    id: "cargo-build-type-errors",
    program: "cargo build",
    category: "CommandOutput",
    setup: () => rustCrate("cargo-build-type-errors"),
    command: "cargo build --offline",
    versions: ["cargo --version", "rustc --version"],
    note: "a crate made by `cargo new --offline --vcs none ledger` whose src/main.rs has three type errors",
    facts: (f) =>
      f
        .errorLines(`grep -E '^error(\\[E[0-9]+\\])?: ' "$OUT" | awk '!seen[$0]++'`)
        .mustKeep(`grep -oE -- '--> src/main.rs:[0-9]+:[0-9]+' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cargo-build-json-messages",
    program: "cargo build",
    category: "StructuredData",
    setup: () => rustCrate("cargo-build-json-messages"),
    command: "cargo build --offline --message-format=json",
    versions: ["cargo --version", "rustc --version"],
    note: "the same crate; cargo prints one JSON object per line (NDJSON) on stdout, its own progress on stderr",
    facts: (f) =>
      f
        .errorLines(`grep '^{' "$OUT" | jq -r 'select(.reason=="compiler-message" and .message.level=="error") | .message.rendered' | grep -E '^error' | sort -u`)
        .mustKeep(`grep '^{' "$OUT" | jq -r 'select(.reason=="build-finished") | "\\"success\\":\\(.success)"'`)
        .count("records", `grep -c '^{' "$OUT"`),
  },
  {
    id: "javac-type-errors",
    program: "javac",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("javac-type-errors");
      writeTree(dir, {
        "src/shop/Order.java": `package shop;

import java.util.ArrayList;
import java.util.List;

public class Order {
    private final String id;
    private final List<LineItem> items = new ArrayList<>();

    public Order(String id) { this.id = id; }

    public void add(LineItem item) { items.add(item); }

    public long totalCents() {
        long total = 0;
        for (LineItem item : items) total += item.cents() * item.quantity();
        return total;
    }

    public String id() { return id; }
}
`,
        "src/shop/LineItem.java": `package shop;

public record LineItem(String sku, long cents, int quantity) {}
`,
        "src/shop/Checkout.java": `package shop;

import java.util.Map;

public class Checkout {
    private final Map<String, Integer> stock;

    public Checkout(Map<String, Integer> stock) { this.stock = stock; }

    public int reserve(Order order) {
        int reserved = order.totalCents();
        String label = stock.get(order.id());
        for (LineItem item : order.items) {
            stock.merge(item.sku(), -item.quantity(), Integer::sum);
        }
        return reserved;
    }

    public static void main(String[] args) {
        Checkout c = new Checkout(Map.of("A-1", 3));
        Order o = new Order("o-17");
        o.add(new LineItem("A-1", 1299, 2));
        System.out.println(c.reserve(o, true));
    }
}
`,
      });
      return dir;
    },
    command: "javac -d out src/shop/*.java",
    versions: ["javac -version"],
    note: "three Java files in package shop; Checkout.java has four type errors",
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ errors?$' "$OUT"`),
  },
  {
    id: "node-uncaught-typeerror",
    program: "node",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("node-uncaught-typeerror");
      writeTree(dir, {
        "sync.mjs": `// Mirrors a list of users, logging each step; a record without a profile crashes it.
const users = Array.from({ length: 1800 }, (_, i) => ({
  id: 1000 + i,
  name: "user" + i,
  profile: i === 1377 ? null : { email: "user" + i + "@example.test", plan: i % 3 ? "free" : "pro" },
}));

function domainOf(user) {
  return user.profile.email.split("@")[1];
}

function syncUser(user, stats) {
  const domain = domainOf(user);
  stats[domain] = (stats[domain] ?? 0) + 1;
  console.log(\`[sync] user \${user.id} \${user.name} plan=\${user.profile.plan} domain=\${domain} ok\`);
}

const stats = {};
for (const user of users) syncUser(user, stats);
console.log("[sync] done", stats);
`,
      });
      return dir;
    },
    command: "node sync.mjs",
    versions: ["node --version"],
    note: "sync.mjs (in the capture script) logs 1,377 users, then user 2377 has profile null",
    facts: (f) =>
      f
        .errorLines(`grep -E '^TypeError: ' "$OUT"`)
        .mustKeep(`grep -E '^    at (domainOf|syncUser) ' "$OUT" | sed 's/^ *//'`)
        .count("lines", `wc -l < "$OUT"`),
  },
];

