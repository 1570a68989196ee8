// Python linters, formatters and checkers from Debian's packages, over copies of real code
// (standard-library packages, pycodestyle's single module) and a small typed project with real
// mistakes: flake8 (plain; --count --statistics), black --check --diff, isort --check-only
// --diff, mypy (--strict over untyped code; a project), bandit -r.
import { scratch, sh, writeTree } from "./lib.mjs";

const PY_STDLIB = "/usr/lib/python3.11";

/** A scratch directory holding copies of standard-library packages (no bytecode caches). */
function stdlibCopy(id, packages) {
  const dir = scratch(id);
  sh(`cp -r ${packages.map((p) => `${PY_STDLIB}/${p}`).join(" ")} . && rm -rf */__pycache__`, { cwd: dir });
  return dir;
}

/** An inventory service with type annotations and the mistakes mypy is there to catch. */
const MYPY_PROJECT = {
  "inventory/__init__.py": "",
  "inventory/models.py": `from dataclasses import dataclass, field
from datetime import date
from typing import Optional


@dataclass
class Item:
    sku: str
    name: str
    price_cents: int
    quantity: int = 0
    tags: list[str] = field(default_factory=list)
    discontinued: Optional[date] = None


@dataclass
class Warehouse:
    code: str
    items: dict[str, Item] = field(default_factory=dict)

    def add(self, item: Item) -> None:
        self.items[item.sku] = item

    def find(self, sku: str) -> Optional[Item]:
        return self.items.get(sku)

    def total_value(self) -> int:
        return sum(i.price_cents * i.quantity for i in self.items.values())
`,
  "inventory/pricing.py": `from decimal import Decimal
from typing import Iterable

from .models import Item


def with_vat(cents: int, rate: Decimal) -> int:
    return int(cents * (1 + rate))


def discounted(item: Item, percent: float) -> int:
    return item.price_cents - item.price_cents * percent / 100


def cheapest(items: Iterable[Item]) -> Item:
    return min(items, key=lambda i: i.price_cents, default=None)


def price_label(item: Item) -> str:
    return "%s: %d.%02d EUR" % (item.name, item.price_cents // 100)


def bulk_price(item: Item, quantity: int) -> int:
    if quantity > 100:
        return with_vat(item.price_cents * quantity, 0.19)
    return item.price_cents * quantity
`,
  "inventory/stock.py": `from datetime import date
from typing import Optional

from .models import Item, Warehouse


def restock(warehouse: Warehouse, sku: str, amount: int) -> int:
    item = warehouse.find(sku)
    item.quantity += amount
    return item.quantity


def discontinue(item: Item, when: Optional[date] = None) -> None:
    item.discontinued = when or date.today().isoformat()


def low_stock(warehouse: Warehouse, threshold: int = 5) -> list[str]:
    return [i for i in warehouse.items.values() if i.quantity < threshold]


def move(src: Warehouse, dst: Warehouse, sku: str) -> None:
    item = src.items.pop(sku)
    dst.add(item, replace=True)


def tag(item: Item, *tags: str) -> None:
    item.tags.extend(tags)
    item.tags.sort(key=len, reversed=True)
`,
  "inventory/report.py": `import csv
import io
from typing import Iterator

from .models import Item, Warehouse
from .pricing import price_label


def rows(warehouse: Warehouse) -> Iterator[tuple[str, str, int]]:
    for item in warehouse.items.values():
        yield item.sku, price_label(item), item.quantity, item.tags


def to_csv(warehouse: Warehouse) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows(warehouse):
        writer.writerow(row)
    return out.getvalue()


def summary(warehouse: Warehouse) -> dict[str, int]:
    return {
        "items": len(warehouse.items),
        "value": warehouse.total_value(),
        "code": warehouse.code,
    }


def by_tag(warehouse: Warehouse) -> dict[str, list[Item]]:
    out: dict[str, list[Item]] = {}
    for item in warehouse.items.values():
        for t in item.tags:
            out.setdefault(t, []).append(item.sku)
    return out
`,
  "inventory/importer.py": `import json
from pathlib import Path

from .models import Item, Warehouse


def load_items(path: Path) -> list[Item]:
    data = json.loads(path.read_text())
    return [Item(**row) for row in data]


def load_warehouse(path: Path, code: int) -> Warehouse:
    wh = Warehouse(code)
    for item in load_items(path):
        wh.add(item)
    return wh


def merge(a: Warehouse, b: Warehouse) -> Warehouse:
    merged = Warehouse(code=a.code + "+" + b.code)
    for item in [*a.items.values(), *b.items.values()]:
        existing = merged.find(item.sku)
        if existing:
            existing.quantity += item.quantity
        else:
            merged.add(item)
    return merged.items
`,
  "inventory/cli.py": `import argparse
import sys
from pathlib import Path

from .importer import load_warehouse
from .report import summary, to_csv
from .stock import low_stock


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="inventory")
    parser.add_argument("file", type=Path)
    parser.add_argument("--code", default="MAIN")
    parser.add_argument("--threshold", type=int, default=5)
    args = parser.parse_args(argv)
    wh = load_warehouse(args.file, args.code)
    print(to_csv(wh))
    for sku in low_stock(wh, args.threshold):
        print("low stock: " + sku)
    total = summary(wh)["value"]
    print("total value: " + total)
    return "ok"


if __name__ == "__main__":
    sys.exit(main())
`,
};

export default [
  {
    id: "flake8-stdlib-json-http",
    program: "flake8",
    category: "CommandOutput",
    setup: () => stdlibCopy("flake8-stdlib-json-http", ["json", "http"]),
    command: "flake8 json http",
    exitCode: 1,
    versions: ["flake8 --version"],
    note: "Debian's flake8 with its default settings over copies of Python 3.11's json and http packages",
    facts: (f) =>
      f
        .errorLines(`grep -E ': F[0-9]+ ' "$OUT"`)
        .mustKeep(`grep -oE '^[a-z/_]+\\.py' "$OUT" | sort -u`)
        .count("problems", `grep -c '' "$OUT"`)
        .count("filesWithProblems", `grep -oE '^[a-z/_]+\\.py' "$OUT" | sort -u | wc -l`),
  },
  {
    id: "flake8-count-statistics-logging",
    program: "flake8",
    category: "CommandOutput",
    setup: () => stdlibCopy("flake8-count-statistics-logging", ["logging"]),
    command: "flake8 --max-line-length 100 --count --statistics logging",
    exitCode: 1,
    versions: ["flake8 --version"],
    note: "the problems, then a table of counts per code, then the total",
    facts: (f) =>
      f
        .errorLines(`grep -E ': (F[0-9]+|E722) ' "$OUT"`)
        .mustKeep(`tail -n 1 "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ +(E265|E302|E262|E221) ' "$OUT"`)
        .count("codes", `grep -cE '^[0-9]+ +[EFWC][0-9]+ ' "$OUT"`),
  },
  {
    id: "black-check-diff-json",
    program: "black",
    category: "Diff",
    setup: () => stdlibCopy("black-check-diff-json", ["json"]),
    command: "black --check --diff json",
    exitCode: 1,
    versions: ["black --version"],
    note: "the unified diff of each file black would rewrite; the diff headers carry the files' times, which differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^would reformat ' "$OUT"`)
        .mustKeep(`grep -E 'files? would be reformatted' "$OUT"`)
        .count("hunks", `grep -c '^@@ ' "$OUT"`),
  },
  {
    id: "black-check-stdlib-packages",
    program: "black",
    category: "CommandOutput",
    setup: () => stdlibCopy("black-check-stdlib-packages", ["email", "http", "json", "logging", "urllib", "xml"]),
    command: "black --check email http json logging urllib xml",
    exitCode: 1,
    versions: ["black --version"],
    note: "without --diff: a line per file black would rewrite, then the totals; the file order is black's",
    facts: (f) =>
      f
        .mustKeep(`grep -E 'files? would be reformatted' "$OUT"`)
        .count("wouldReformat", `grep -c '^would reformat ' "$OUT"`),
  },
  {
    id: "isort-check-diff-stdlib",
    program: "isort",
    category: "Diff",
    setup: () => stdlibCopy("isort-check-diff-stdlib", ["email", "http", "json"]),
    command: "isort --check-only --diff email http json",
    exitCode: 1,
    versions: ["isort --version | grep -E 'VERSION'"],
    note: "an ERROR line per file whose imports are out of order, each followed by its diff; the file order is the directory walk's",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ERROR: ' "$OUT"`)
        .count("files", `grep -c '^ERROR: ' "$OUT"`),
  },
  {
    id: "mypy-strict-untyped-module",
    program: "mypy",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("mypy-strict-untyped-module");
      sh("cp /usr/lib/python3/dist-packages/pycodestyle.py .", { cwd: dir });
      return dir;
    },
    command: "mypy --strict pycodestyle.py",
    exitCode: 1,
    versions: ["mypy --version", "grep -m1 -E '^__version__' /usr/lib/python3/dist-packages/pycodestyle.py"],
    note: "Debian's pycodestyle module, which has no annotations, under --strict",
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: ' "$OUT" | grep -vE '\\[(no-untyped-def|no-untyped-call|type-arg|no-any-return|var-annotated)\\]$'`)
        .mustKeep(`grep -E '^Found [0-9]+ errors? ' "$OUT"`)
        .count("errors", `grep -c ': error: ' "$OUT"`)
        .count("untypedDefs", `grep -c '\\[no-untyped-def\\]$' "$OUT"`),
  },
  {
    id: "mypy-project-type-errors",
    program: "mypy",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("mypy-project-type-errors");
      writeTree(dir, MYPY_PROJECT);
      return dir;
    },
    command: "mypy --strict --pretty inventory/",
    exitCode: 1,
    versions: ["mypy --version"],
    note: "a package of six modules (in the capture script) with real type mistakes; --pretty quotes each line under a caret",
    facts: (f) =>
      f
        .errorLines(`grep -E '^inventory/[a-z_]+\\.py:[0-9]+: error: ' "$OUT"`)
        .mustKeep(`grep -E '^Found [0-9]+ errors? ' "$OUT"`)
        .count("errors", `grep -cE '^inventory/[a-z_]+\\.py:[0-9]+: error: ' "$OUT"`),
  },
  {
    id: "bandit-r-stdlib-http",
    program: "bandit",
    category: "CommandOutput",
    setup: () => stdlibCopy("bandit-r-stdlib-http", ["http", "json"]),
    command: "bandit -r http json",
    exitCode: 1,
    versions: ["bandit --version | head -n 1"],
    note: "each issue with its test id, severity, confidence and the code around it, then the run's metrics",
    facts: (f) =>
      f
        .errorLines(`grep -E '^>> Issue: ' "$OUT"`)
        .mustKeep(`grep -E '^\\s+Location: ' "$OUT" | sed -E 's/^\\s+//' | sort -u`)
        .mustKeep(`grep -E '^\\s+Total lines of code: ' "$OUT" | sed -E 's/^\\s+//'`)
        .mustKeep(`sed -n '/Total issues (by severity):/,/Total issues (by confidence):/p' "$OUT" | grep -E 'High: ' | sed -E 's/^\\s+//'`)
        .count("issues", `grep -c '^>> Issue: ' "$OUT"`),
  },
];
