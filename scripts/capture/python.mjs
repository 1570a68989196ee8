// Python programs and test runners: long logs with tracebacks, unittest, pytest.
import { scratch, writeTree } from "./lib.mjs";

const IMPORTER = `"""Imports price rows; logs every row; a malformed row near the end crashes the run."""
import logging
import sys

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("importer")


def parse_price(text):
    amount, currency = text.split(" ")
    return round(float(amount) * 100), currency


def normalise(row):
    cents, currency = parse_price(row["price"])
    return {"sku": row["sku"].upper(), "cents": cents, "currency": currency}


def import_rows(rows):
    out = []
    for i, row in enumerate(rows, 1):
        item = normalise(row)
        out.append(item)
        log.info("row %d sku=%s cents=%d currency=%s", i, item["sku"], item["cents"], item["currency"])
        if i % 500 == 0:
            log.info("progress: %d rows imported", i)
    return out


rows = [{"sku": f"sku-{i:05d}", "price": f"{i % 97}.{i % 100:02d} EUR"} for i in range(1, 4001)]
rows[3811]["price"] = "12,50EUR"
import_rows(rows)
`;

const WORKER = `"""Runs 3,000 jobs; job 1210 names an unknown region, fails deep in a helper and is logged; the run goes on."""
import logging
import sys

logging.basicConfig(stream=sys.stdout, level=logging.DEBUG, format="%(levelname)-7s %(name)s [job %(job)s] %(message)s")
log = logging.LoggerAdapter(logging.getLogger("worker"), {"job": "-"})

CONFIG = {"regions": {f"r{i}": {"quota": 10 + i} for i in range(40)}}
JOBS = [{"id": j, "region": f"r{j % 40}"} for j in range(1, 3001)]
JOBS[1209]["region"] = "r40"


def quota_for(region):
    return CONFIG["regions"][region]["quota"]


def plan(job):
    return {"job": job["id"], "region": job["region"], "quota": quota_for(job["region"])}


def run(job):
    jl = logging.LoggerAdapter(logging.getLogger("worker"), {"job": job["id"]})
    jl.debug("planning")
    p = plan(job)
    jl.info("scheduled in %s with quota %d", p["region"], p["quota"])


failed = []
for job in JOBS:
    try:
        run(job)
    except Exception:
        logging.LoggerAdapter(logging.getLogger("worker"), {"job": job["id"]}).exception("job crashed")
        failed.append(job["id"])
log.info("finished: %d jobs, %d failed (%s)", len(JOBS), len(failed), ", ".join(map(str, failed)))
sys.exit(1 if failed else 0)
`;

const CALC = `"""A small money module under test."""
from decimal import Decimal, ROUND_HALF_EVEN


def to_cents(text):
    return int((Decimal(text) * 100).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def split(cents, parts):
    base, rest = divmod(cents, parts)
    return [base + (1 if i < rest else 0) for i in range(parts)]


def vat(cents, rate):
    return int(Decimal(cents) * Decimal(rate) / 100)


def parse_amount(text):
    number, currency = text.rsplit(" ", 1)
    return to_cents(number), currency
`;

function unittestModule() {
  const cases = [];
  for (let i = 1; i <= 60; i++) {
    cases.push(`    def test_to_cents_${String(i).padStart(3, "0")}(self):
        self.assertEqual(money.to_cents("${i}.${String(i % 100).padStart(2, "0")}"), ${i * 100 + (i % 100)})
`);
    cases.push(`    def test_split_${String(i).padStart(3, "0")}(self):
        self.assertEqual(sum(money.split(${i * 7}, ${(i % 5) + 1})), ${i * 7})
`);
  }
  return `import unittest

import money


class MoneyTest(unittest.TestCase):
${cases.join("\n")}
    def test_vat_rounding(self):
        self.assertEqual(money.vat(1999, "19"), 380)

    def test_split_never_negative(self):
        self.assertEqual(money.split(5, 0), [])

    def test_parse_amount_comma(self):
        self.assertEqual(money.parse_amount("12,50 EUR"), (1250, "EUR"))


if __name__ == "__main__":
    unittest.main()
`;
}

function pytestModule() {
  const tests = [];
  for (let i = 1; i <= 120; i++) {
    tests.push(`def test_to_cents_${String(i).padStart(3, "0")}():
    assert money.to_cents("${i}.${String(i % 100).padStart(2, "0")}") == ${i * 100 + (i % 100)}
`);
    tests.push(`def test_split_${String(i).padStart(3, "0")}():
    assert sum(money.split(${i * 11}, ${(i % 4) + 1})) == ${i * 11}
`);
  }
  tests.splice(
    131,
    0,
    `def test_vat_rounding():
    assert money.vat(1999, "19") == 380
`,
    `def test_parse_amount_comma():
    assert money.parse_amount("12,50 EUR") == (1250, "EUR")
`,
  );
  tests.push(`def test_split_zero_parts():
    assert money.split(5, 0) == []
`);
  return `import money\n\n\n${tests.join("\n\n")}`;
}

function testProject(id, files) {
  const dir = scratch(id);
  writeTree(dir, { "money.py": CALC, ...files });
  return dir;
}

export default [
  {
    id: "python-log-traceback-end",
    program: "python",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("python-log-traceback-end");
      writeTree(dir, { "importer.py": IMPORTER });
      return dir;
    },
    command: "python3 importer.py",
    exitCode: 1,
    versions: ["python3 --version"],
    note: "importer.py (in the capture script) logs 3,811 rows, then row 3812 has a malformed price and raises",
    facts: (f) =>
      f
        .errorLines(`grep -E '^Traceback|^ValueError' "$OUT"`)
        .mustKeep(`grep -oE 'File "[^"]+", line [0-9]+, in (parse_price|normalise)' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "python-worker-traceback-middle",
    program: "python",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("python-worker-traceback-middle");
      writeTree(dir, { "worker.py": WORKER });
      return dir;
    },
    command: "python3 worker.py",
    exitCode: 1,
    versions: ["python3 --version"],
    note: "worker.py (in the capture script) runs 3,000 jobs; job 1210 names region r40, which does not exist, and its KeyError is logged with its traceback",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ERROR|^Traceback|^KeyError' "$OUT"`)
        .mustKeep(`grep -oE 'File "[^"]+", line [0-9]+, in quota_for' "$OUT"`)
        .mustKeep(`grep -oE 'finished: .*' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "unittest-verbose-failures",
    program: "unittest",
    category: "CommandOutput",
    setup: () => testProject("unittest-verbose-failures", { "test_money.py": unittestModule() }),
    command: "python3 -m unittest -v",
    exitCode: 1,
    versions: ["python3 --version"],
    note: "money.py and test_money.py (generated by the capture script): 123 tests, one failure and two errors",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(FAIL|ERROR): |^(AssertionError|ZeroDivisionError|decimal\\.InvalidOperation|ValueError)|^FAILED \\(' "$OUT"`)
        .mustKeep(`grep -E '^Ran [0-9]+ tests' "$OUT"`)
        .count("tests", `grep -oE '^Ran [0-9]+' "$OUT" | grep -oE '[0-9]+'`),
  },
  {
    id: "pytest-failures",
    program: "pytest",
    category: "CommandOutput",
    setup: () => testProject("pytest-failures", { "test_money.py": pytestModule() }),
    command: "python3 -m pytest -p no:cacheprovider",
    exitCode: 1,
    versions: ["python3 -m pytest --version"],
    note: "money.py and test_money.py (generated by the capture script): 243 tests, three fail",
    facts: (f) =>
      f
        .errorLines(`grep -E '^FAILED ' "$OUT"`)
        .errorLines(`grep -E '^E  ' "$OUT" | grep -vE '^E  +(\\+|-|\\?|At index|Use -v|Full diff|where|$)' | sort -u`)
        .mustKeep(`tail -n 1 "$OUT" | sed -E 's/^=+ //; s/ in [0-9.]+s.*$//'`),
  },
  {
    id: "pytest-verbose-failures",
    program: "pytest",
    category: "CommandOutput",
    setup: () => testProject("pytest-verbose-failures", { "test_money.py": pytestModule() }),
    command: "python3 -m pytest -v -p no:cacheprovider",
    exitCode: 1,
    versions: ["python3 -m pytest --version"],
    note: "the same tests with -v: one PASSED/FAILED line per test",
    facts: (f) =>
      f
        .errorLines(`grep -E '^FAILED ' "$OUT"`)
        .mustKeep(`tail -n 1 "$OUT" | sed -E 's/^=+ //; s/ in [0-9.]+s.*$//'`)
        .count("tests", `grep -cE '::test_[a-z_0-9]+ (PASSED|FAILED)' "$OUT"`),
  },
];
