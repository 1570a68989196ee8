// Compilers, interpreters and test runners of more languages the other captures lack: SBCL
// compiling a system's files with warnings and a read error, and an unhandled error with its
// backtrace after a log; SWI-Prolog loading modules with singleton warnings and syntax errors
// before a goal fails, and a plunit run with failing tests among passes; Guile auto-compiling
// modules with warnings before an unbound variable stops the program; mix compile with warnings
// and a compile error, and mix test with failing ExUnit tests; gdc, valac and nasm with errors
// over several files; Gforth stopping on a division by zero after a log.
import { scratch, writeTree } from "./lib.mjs";

const AREAS = ["money", "sku", "catalog", "pricing", "ledger", "stock", "orders", "shipping", "tax", "report"];
/** A larger service's modules, for the builds whose diagnostics repeat across many files. */
const MODULES = [...AREAS, "accounts", "alerts", "billing", "carts", "coupons", "currency", "exports", "fulfilment", "imports", "invoices", "loyalty", "payments", "refunds", "sessions"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** Common Lisp files, one per area, compiled and loaded in order; a few carry mistakes. */
function lispProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of AREAS.entries()) {
    const fns = [];
    for (let k = 0; k < 5; k++) {
      const body =
        area === "pricing" && k === 2
          ? `(+ qty "0.00")`
          : area === "ledger" && k === 1
            ? `(ledger-round (* qty ${k + 2}))`
            : area === "stock" && k === 3
              ? `(let ((reserved (* qty 2)) (spare 0)) (* qty ${i + 1}))`
              : k === 4
                ? `(let ((scale ${k})) (* qty ${i + k + 1}))`
                : `(* qty ${i + k + 1})`;
      fns.push(`(defun ${area}-step-${k} (qty)\n  "Step ${k} of the ${area} area."\n  ${body})`);
    }
    if (area === "tax") fns.push(`(defun tax-table ()\n  (list (cons :standard 20) (cons :reduced 5)`);
    files[`src/${area}.lisp`] = `;;;; ${cap(area)} steps.\n\n${fns.join("\n\n")}\n`;
  }
  files["build.lisp"] = `(defvar *failed* nil)
(dolist (name '(${AREAS.map((a) => `"${a}"`).join(" ")}))
  (let ((source (format nil "src/~a.lisp" name))
        (fasl (format nil "build/~a.fasl" name)))
    (ensure-directories-exist fasl)
    (multiple-value-bind (output warnings-p failure-p) (compile-file source :output-file (merge-pathnames fasl))
      (declare (ignore warnings-p))
      (when failure-p (setf *failed* t))
      (when output (load output)))))
(format t "~&build ~:[succeeded~;failed~]~%" *failed*)
(sb-ext:exit :code (if *failed* 1 0))
`;
  writeTree(dir, files);
  return dir;
}

/** A Lisp report that logs each order, then signals an error four calls deep. */
function lispCrash(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "report.lisp": `(defparameter *prices* (make-hash-table :test 'equal))
(loop for i from 1 to 30 do (setf (gethash (format nil "SKU-~3,'0d" i) *prices*) (* i 125)))

(defun price-of (sku region)
  (or (gethash sku *prices*)
      (error "no price for ~a in region ~a" sku region)))

(defun line-total (line region)
  (* (second line) (price-of (first line) region)))

(defun order-total (order)
  (reduce #'+ (mapcar (lambda (line) (line-total line (getf order :region))) (getf order :lines))))

(defun run-report (orders)
  (dolist (order orders)
    (format t "order ~a region ~a total ~a~%" (getf order :id) (getf order :region) (order-total order))))

(run-report
 (loop for n from 1 to 40
       collect (list :id (+ 1000 n)
                     :region (nth (mod n 3) '("eu" "us" "apac"))
                     :lines (list (list (format nil "SKU-~3,'0d" (1+ (mod (* n 7) 30))) (1+ (mod n 4)))
                                  (list (format nil "SKU-~3,'0d" (if (= n 37) 31 (1+ (mod n 30)))) 2)))))
`,
  });
  return dir;
}

/** Prolog modules loaded by a main file: singleton variables, one syntax error, an undefined call. */
function prologProject(id) {
  const dir = scratch(id);
  const files = {};
  const mods = ["catalog", "pricing", "stock", "ledger", "orders", "report", "shipping", "tax", "returns", "audit"];
  for (const [i, m] of mods.entries()) {
    const clauses = [];
    for (let k = 0; k < 6; k++) {
      clauses.push(
        m === "pricing" && k === 2
          ? `${m}_step(${k}, Qty, Total) :- Rate is ${k} * 2, Total is Qty * ${i + 1}.`
          : m === "stock" && k === 5
            ? `${m}_step(${k}, Qty, Total) :- Total is Qty * (${i + 1} + ${k}.`
            : (m === "ledger" && (k === 1 || k === 3)) || (m === "tax" && k === 0) || (m === "returns" && k === 4)
              ? `${m}_step(${k}, Qty, Total) :- Spare = Qty, Total is Qty * ${k + 1}.`
              : `${m}_step(${k}, Qty, Total) :- Total is Qty * ${i + k + 1}.`,
      );
    }
    const extra =
      m === "orders"
        ? `\norders_total(Orders, Sum) :-\n    foldl(add_order, Orders, 0, Sum).\n\nadd_order(order(Id, Qty), Acc0, Acc) :-\n    format("order ~w qty ~w~n", [Id, Qty]),\n    stock_step(3, Qty, T),\n    (   Id > 530\n    ->  post_entry(Id, T)\n    ;   true\n    ),\n    Acc is Acc0 + T.\n`
        : "";
    files[`src/${m}.pl`] = `:- module(${m}, [${m}_step/3${m === "orders" ? ", orders_total/2" : ""}]).\n\n${clauses.join("\n")}\n${extra}`;
  }
  files["shop.pl"] = `${mods.map((m) => `:- use_module(src/${m}).`).join("\n")}

main :-
    findall(order(Id, Q), (between(1, 60, N), Id is 500 + N, Q is N mod 5 + 1), Orders),
    orders_total(Orders, Sum),
    format("total ~w~n", [Sum]).
`;
  writeTree(dir, files);
  return dir;
}

/** A plunit suite over a small cart library: most tests pass, five fail in different ways. */
function plunitProject(id) {
  const dir = scratch(id);
  const units = {
    cart: [
      ["empty_total", "cart_total([], T), T =:= 0"],
      ["one_line", "cart_total([line(a, 2, 150)], T), T =:= 300"],
      ["two_lines", "cart_total([line(a, 1, 100), line(b, 3, 50)], T), T =:= 250"],
      ["discount_applied", "cart_total([line(a, 10, 100)], T), T =:= 900"],
      ["negative_quantity", "catch(cart_total([line(a, -1, 100)], _), error(domain_error(_, _), _), true)"],
      ["line_count", "length([line(a, 1, 1), line(b, 1, 1)], N), N =:= 2"],
    ],
    tax: [
      ["standard_rate", "tax_rate(standard, R), R =:= 20"],
      ["reduced_rate", "tax_rate(reduced, R), R =:= 5"],
      ["zero_rate", "tax_rate(zero, R), R =:= 0"],
      ["tax_on_total", "tax_due(standard, 1000, D), D =:= 200"],
      ["unknown_band", "\\+ tax_rate(luxury, _)"],
    ],
    stock: [
      ["reserve_available", "reserve(sku1, 2, Left), Left =:= 8"],
      ["reserve_too_many", "\\+ reserve(sku1, 20, _)"],
      ["reserve_unknown_sku", "reserve(sku9, 1, Left), Left =:= 0"],
      ["restock", "restock(sku2, 5, New), New =:= 9"],
      ["levels_sorted", "levels(L), msort(L, L)"],
    ],
    returns: [
      ["full_refund", "refund(order(1, 300), full, R), R =:= 300"],
      ["partial_refund", "refund(order(1, 300), half, R), R =:= 150"],
      ["restocking_fee", "refund(order(2, 1000), fee, R), R =:= 900"],
      ["no_refund_after_window", "\\+ refund(order(3, 100), late, _)"],
    ],
    ledger: [
      ["post_debit", "post(debit, 100, [], L), L == [debit(100)]"],
      ["post_credit", "post(credit, 50, [], L), L == [credit(50)]"],
      ["balance_mixed", "balance([debit(100), credit(30)], B), B =:= 70"],
      ["balance_empty", "balance([], B), B =:= 0"],
      ["balance_credit_only", "balance([credit(30)], B), B =:= 30"],
    ],
    shipping: [
      ["flat_rate", "shipping_cost(eu, 1, C), C =:= 500"],
      ["heavy_parcel", "shipping_cost(eu, 12, C), C =:= 1100"],
      ["overseas", "shipping_cost(us, 1, C), C =:= 1500"],
      ["free_over_limit", "shipping_cost(eu, 1, 12000, C), C =:= 0"],
    ],
  };
  const tests = Object.entries(units)
    .map(
      ([unit, cases]) =>
        `:- begin_tests(${unit}).\n\n${cases.map(([name, goal]) => `test(${name}) :-\n    ${goal}.`).join("\n\n")}\n\n:- end_tests(${unit}).`,
    )
    .join("\n\n");
  writeTree(dir, {
    "src/shop.pl": `:- module(shop, [cart_total/2, tax_rate/2, tax_due/3, reserve/3, restock/3, levels/1, shipping_cost/3, refund/3, post/4, balance/2]).

cart_total(Lines, Total) :-
    foldl(add_line, Lines, 0, Total).

add_line(line(_, Qty, Price), Acc0, Acc) :-
    Acc is Acc0 + Qty * Price.

tax_rate(standard, 20).
tax_rate(reduced, 5).
tax_rate(zero, 0).

tax_due(Band, Amount, Due) :-
    tax_rate(Band, Rate),
    Due is Amount * Rate // 100.

stock_level(sku1, 10).
stock_level(sku2, 4).
stock_level(sku3, 0).

reserve(Sku, Qty, Left) :-
    stock_level(Sku, Level),
    Qty =< Level,
    Left is Level - Qty.

restock(Sku, Qty, New) :-
    stock_level(Sku, Level),
    New is Level + Qty.

levels(Levels) :-
    findall(L, stock_level(_, L), Levels).

shipping_cost(eu, Kg, Cost) :- Kg =< 10, Cost is 500.
shipping_cost(eu, Kg, Cost) :- Kg > 10, Cost is 500 + (Kg - 10) * 50.
shipping_cost(us, Kg, Cost) :- Cost is 1500 + Kg * 0.

refund(order(_, Total), full, Total).
refund(order(_, Total), half, R) :- R is Total / 2.
refund(order(_, Total), fee, R) :- R is Total - 50.

post(Kind, Amount, Entries, [Entry|Entries]) :-
    Entry =.. [Kind, Amount].

balance(Entries, Balance) :-
    foldl(add_entry, Entries, 0, Balance).

add_entry(debit(A), B0, B) :- B is B0 + A.
add_entry(credit(A), B0, B) :- B is B0 - A.
`,
    "tests/shop_tests.pl": `:- use_module('../src/shop').\n\n${tests}\n`,
  });
  return dir;
}

/** Guile modules auto-compiled on first use, with warnings; the main program logs, then calls a missing procedure. */
function guileProject(id) {
  const dir = scratch(id);
  const mods = ["money", "catalog", "pricing", "stock", "shipping", "tax", "returns", "ledger", "audit", "orders"];
  const files = {};
  for (const [i, m] of mods.entries()) {
    const defs = [];
    for (let k = 0; k < 5; k++) {
      const body =
        m === "pricing" && k === 1
          ? `(* qty discount-rate)`
          : m === "stock" && k === 2
            ? `(${m}-step-0 qty ${k})`
            : (m === "money" && k === 3) || (m === "tax" && k === 4)
              ? `(format #f "~a.~a ~a" (quotient qty 100) (remainder qty 100))`
              : `(* qty ${i + k + 1})`;
      defs.push(`(define (${m}-step-${k} qty)\n  ${body})`);
    }
    const extra =
      m === "orders"
        ? `\n(define (order-total order)\n  (apply + (map (lambda (line) (pricing-step-0 (cdr line))) (cdr order))))\n\n(define (run-orders orders)\n  (for-each\n   (lambda (order)\n     (format #t "order ~a total ~a~%" (car order) (order-total order)))\n   orders)\n  (settle-ledger orders))\n`
        : "";
    files[`shop/${m}.scm`] = `(define-module (shop ${m})\n  ${m === "orders" ? "#:use-module (shop pricing)\n  " : ""}#:export (${[0, 1, 2, 3, 4].map((k) => `${m}-step-${k}`).join(" ")}${m === "orders" ? " run-orders" : ""}))\n\n${defs.join("\n\n")}\n${extra}`;
  }
  files["main.scm"] = `(use-modules ${mods.map((m) => `(shop ${m})`).join(" ")})

(define orders
  (map (lambda (n) (cons (+ 700 n) (list (cons "SKU-1" (+ 1 (modulo n 4))) (cons "SKU-2" 2))))
       (iota 80 1)))

(run-orders orders)
`;
  writeTree(dir, files);
  return dir;
}

/** A mix project: eight modules with unused variables and aliases; `broken` adds a call to an undefined function. */
function mixProject(id, { broken }) {
  const dir = scratch(id);
  const files = {
    "mix.exs": `defmodule Shop.MixProject do
  use Mix.Project

  def project do
    [app: :shop, version: "0.3.0", elixir: "~> 1.14", deps: []]
  end
end
`,
  };
  for (const [i, area] of (broken ? MODULES : AREAS).entries()) {
    const mod = `Shop.${cap(area)}`;
    const fns = [];
    for (let k = 0; k < 4; k++) {
      const body =
        broken && ["ledger", "billing", "payments"].includes(area) && k === 2
          ? `round_cents(qty * ${k + 1})`
          : broken && area === "orders" && k === 1
            ? `Shop.Pricing.quote(qty, :eu)`
            : `qty * ${i + k + 1}`;
      const unused = k % 2 === 1 && (broken || area === "catalog" || area === "stock");
      fns.push(`  def step_${k}(qty${unused ? ", opts" : ""}) do\n    ${body}\n  end`);
    }
    const header = area === "pricing" ? "  alias Shop.Money\n  alias Shop.Catalog\n\n" : "";
    const extra =
      area === "pricing"
        ? `\n\n  def price(sku, qty) when qty > 0 do\n    base = Map.fetch!(%{"SKU-1" => 250, "SKU-2" => 1200, "SKU-3" => 75}, sku)\n    if qty >= 10, do: div(base * qty * 9, 10), else: base * qty\n  end\n\n  def band(total) when total > 10_000, do: :large\n  def band(total) when total > 1_000, do: :medium\n  def band(_total), do: :small`
        : area === "stock"
          ? `\n\n  def reserve(levels, sku, qty) do\n    case Map.get(levels, sku) do\n      nil -> {:error, :unknown_sku}\n      level when level >= qty -> {:ok, Map.put(levels, sku, level - qty)}\n      _level -> {:error, :insufficient}\n    end\n  end`
          : "";
    files[`lib/shop/${area}.ex`] = `defmodule ${mod} do\n  @moduledoc "${cap(area)} steps."\n\n${header}${fns.join("\n\n")}${extra}\nend\n`;
  }
  files["test/test_helper.exs"] = "ExUnit.start()\n";
  files["test/pricing_test.exs"] = `defmodule Shop.PricingTest do
  use ExUnit.Case, async: false

  alias Shop.Pricing

  test "prices a single item" do
    assert Pricing.price("SKU-1", 1) == 250
  end

  test "prices several items" do
    assert Pricing.price("SKU-2", 3) == 3600
  end

  test "bulk discount from ten items" do
    assert Pricing.price("SKU-3", 10) == 700
  end

  test "unknown sku raises" do
    assert_raise KeyError, fn -> Pricing.price("SKU-9", 1) end
  end

  test "zero quantity is refused" do
    assert_raise ArgumentError, fn -> Pricing.price("SKU-1", 0) end
  end

  test "bands" do
    assert Pricing.band(20_000) == :large
    assert Pricing.band(5_000) == :medium
    assert Pricing.band(1_000) == :medium
  end

  for n <- 1..12 do
    test "step #{n} scales linearly" do
      assert Pricing.step_0(unquote(n)) == unquote(n) * 4
    end
  end
end
`;
  files["test/stock_test.exs"] = `defmodule Shop.StockTest do
  use ExUnit.Case, async: false

  alias Shop.Stock

  @levels %{"SKU-1" => 10, "SKU-2" => 0}

  test "reserves available stock" do
    assert {:ok, %{"SKU-1" => 8}} = Stock.reserve(@levels, "SKU-1", 2)
  end

  test "refuses more than available" do
    assert Stock.reserve(@levels, "SKU-2", 1) == {:error, :insufficient}
  end

  test "unknown sku" do
    assert Stock.reserve(@levels, "SKU-7", 1) == {:error, :unknown}
  end

  test "levels after two reservations" do
    {:ok, levels} = Stock.reserve(@levels, "SKU-1", 4)
    {:ok, levels} = Stock.reserve(levels, "SKU-1", 4)
    assert levels == %{"SKU-1" => 2, "SKU-2" => 0}
  end

  for n <- 1..30 do
    test "step #{n}" do
      assert Stock.step_0(unquote(n)) == unquote(n) * 6 + div(unquote(n), 29)
    end
  end
end
`;
  writeTree(dir, files);
  return dir;
}

/** D modules of an order service; three carry type and name errors. */
function dProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of MODULES.entries()) {
    const fns = [];
    for (let k = 0; k < 4; k++) {
      const body =
        i % 3 === 1 && k === 3
          ? `return roundCents(qty * ${i + 1});`
          : area === "tax" && k === 2
          ? `immutable int rate = 20;\n    rate = qty;\n    return rate;`
          : area === "shipping" && k === 1
            ? `int[] zones = [1, 2, 3];\n    return zones[qty] + zones.size;`
            : area === "report" && k === 3
              ? `auto line = format("%d", qty);\n    return qty;`
              : area === "pricing" && k === 1
          ? `string label = qty * ${k + 2};\n    return qty;`
          : area === "ledger" && k === 2
            ? `return roundCents(qty * ${k});`
            : area === "orders" && k === 3
              ? `return ${area}Step0("qty", 2);`
              : `return qty * ${i + k + 1};`;
      fns.push(`int ${area}Step${k}(int qty)\n{\n    ${body}\n}`);
    }
    files[`src/shop/${area}.d`] = `module shop.${area};\n\n${fns.join("\n\n")}\n`;
  }
  files["src/app.d"] = `module app;

import std.stdio;
${MODULES.map((a) => `import shop.${a};`).join("\n")}

void main()
{
    int total = 0;
${MODULES.map((a) => `    total += ${a}Step0(2);`).join("\n")}
    writefln("total %d", total);
}
`;
  writeTree(dir, files);
  return dir;
}

/** Vala classes of an order service; some refer to missing names or return the wrong type. */
function valaProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of MODULES.entries()) {
    const cls = cap(area);
    const methods = [];
    for (let k = 0; k < 4; k++) {
      const body =
        (area === "pricing" || i % 4 === 2) && k === 1
          ? `return qty * discount_rate;`
          : area === "stock" && k === 2
            ? `string level = qty;\n            return level.length;`
            : area === "orders" && k === 0
              ? `return new Ledger ().settle (qty);`
              : area === "tax" && k === 3
                ? `return qty * 20 / 100.0;`
                : area === "report" && k === 1
                  ? `return step_0 (qty, ${k});`
              : `return qty * ${i + k + 1};`;
      methods.push(`        public int step_${k} (int qty) {\n            ${body}\n        }`);
    }
    // A private method nothing calls: valac warns about each.
    const extra = `\n\n        private int round_${area} (int cents) {\n            return cents / 100 * 100;\n        }`;
    files[`src/${area}.vala`] = `namespace Shop {\n    public class ${cls} : Object {\n${methods.join("\n\n")}${extra}\n    }\n}\n`;
  }
  files["src/main.vala"] = `int main (string[] args) {
    int total = 0;
${MODULES.map((a) => `    total += new Shop.${cap(a)} ().step_0 (2);`).join("\n")}
    print ("total %d\\n", total);
    return 0;
}
`;
  writeTree(dir, files);
  return dir;
}

/** x86-64 assembly routines, one file each; three have undefined symbols, bad operands or overflowing data. */
function asmProject(id) {
  const dir = scratch(id);
  const files = {};
  const routines = ["adler32", "base64_encode", "checksum", "copy_block", "crc32", "fnv1a", "hex_dump", "memcmp", "memfill", "parse_int", "popcount", "reverse", "sum_array", "to_lower", "to_upper", "strlen"];
  for (const [i, r] of routines.entries()) {
    const broken =
      r === "crc32"
        ? `    mov eax, rbx\n    xor rax, [crc_table + rcx*4]\n`
        : r === "parse_int"
          ? `    jmp .done_parse\n    imul rax, 10, rdx\n`
          : r === "to_upper"
            ? `    db 300, 'A', 'Z'\n    mov al, 0x1ff\n`
            : r === "hex_dump" || r === "reverse"
              ? `retry\n    lodsb\n    stosb\n`
              : r === "popcount"
                ? `    popcnt rax, [rdi], 1\n    mov [counts + rbx], eax\n`
                : "";
    files[`src/${r}.asm`] = `; ${r}: leaf routine, System V calling convention.
    default rel
    section .text
    global ${r}
${r}:
    push rbp
    mov rbp, rsp
    xor eax, eax
    mov rcx, rsi
.loop_${i}:
    test rcx, rcx
    jz .done
    add al, [rdi + rcx - 1]
    dec rcx
    jmp .loop_${i}
${broken}.done:
    pop rbp
    ret
`;
  }
  files["build.sh"] = `#!/bin/sh
# Assembles every routine; keeps going so that all the errors show at once.
status=0
mkdir -p build
for src in src/*.asm; do
    obj=build/$(basename "$src" .asm).o
    echo "  AS      $src"
    nasm -f elf64 -g -F dwarf -w+all -o "$obj" "$src" || status=1
done
exit $status
`;
  writeTree(dir, files);
  return dir;
}

/** A Forth report that prints each order's line, then divides by a zero count three words deep. */
function forthProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "report.fs": `\\ Order report: prints each order, then the average per region.
create qtys 90 cells allot
: init-qtys ( -- ) 90 0 do i 7 * 11 mod 1+ qtys i cells + ! loop ;
: qty@ ( n -- q ) cells qtys + @ ;
: order-line ( n -- ) ." order " dup 900 + . ." qty " qty@ . cr ;
: all-orders ( -- ) 90 0 do i order-line loop ;
: region-count ( region -- n ) 3 = if 0 else 10 then ;
: region-sum ( region -- sum ) drop 0 90 0 do i qty@ + loop ;
: region-average ( region -- avg ) dup region-sum swap region-count / ;
: region-line ( region -- ) ." region " dup . ." average " region-average . cr ;
: report ( -- ) init-qtys all-orders 4 1 do i region-line loop ;
report
`,
  });
  return dir;
}

export default [
  {
    id: "sbcl-compile-file-warnings",
    program: "sbcl",
    category: "CommandOutput",
    setup: () => lispProject("sbcl-compile-file-warnings"),
    command: "sbcl --non-interactive --load build.lisp",
    exitCode: 1,
    versions: ["sbcl --version"],
    note: "compile-file prints each source's modification time and the time compilation took",
    facts: (f) =>
      f
        .errorLines(`grep -A1 -E '^; caught (WARNING|ERROR):' "$OUT" | grep -vE '^; caught|^--$' | sort -u`)
        .errorLines(`grep -E '^build failed' "$OUT"`)
        .mustKeep(`grep -oE 'end of file on .*/src/[a-z]+\\.lisp' "$OUT"`)
        .mustKeep(`grep -oE 'undefined function: [A-Z:-]+' "$OUT" | sort -u`)
        .count("styleWarnings", `grep -cE '^; caught STYLE-WARNING:' "$OUT"`)
        .count("files", `grep -cE '^; compiling file ' "$OUT"`),
  },
  {
    id: "sbcl-unhandled-error-backtrace",
    program: "sbcl",
    category: "CommandOutput",
    setup: () => lispCrash("sbcl-unhandled-error-backtrace"),
    command: "sbcl --noinform --non-interactive --load report.lisp",
    exitCode: 1,
    versions: ["sbcl --version"],
    note: "the thread's and objects' addresses in the backtrace change on every run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^Unhandled ' "$OUT"`)
        .errorLines(`grep -E '^  no price for SKU-[0-9]+ in region [a-z]+$' "$OUT"`)
        .mustKeep(`grep -E '^order [0-9]+ ' "$OUT" | tail -n 1 | grep -oE '^order [0-9]+'`)
        .mustKeep(`grep -oE '\\(PRICE-OF "SKU-[0-9]+" "[a-z]+"\\)' "$OUT" | head -n 1`)
        .count("orders", `grep -c '^order [0-9]' "$OUT"`),
  },
  {
    id: "swipl-load-errors-goal-fails",
    program: "swipl",
    category: "CommandOutput",
    setup: () => prologProject("swipl-load-errors-goal-fails"),
    command: "swipl -g main -t halt shop.pl",
    versions: ["swipl --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^ERROR: ' "$OUT"`)
        .mustKeep(`grep -E 'Singleton variables' "$OUT" | sort -u`)
        .count("warnings", `grep -cE '^Warning: [^ ]' "$OUT"`)
        .count("orders", `grep -c '^order [0-9]' "$OUT"`),
  },
  {
    id: "swipl-plunit-failures",
    program: "swipl plunit",
    category: "CommandOutput",
    setup: () => plunitProject("swipl-plunit-failures"),
    command: "cd tests && swipl -g run_tests -t halt shop_tests.pl",
    versions: ["swipl --version"],
    note: "test durations vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\s+test [a-z_]+: ' "$OUT"`)
        .mustKeep(`grep -E '^% [0-9]+ tests (failed|passed)' "$OUT"`)
        .count("failed", `grep -oE '^% [0-9]+ tests failed' "$OUT" | grep -oE '[0-9]+'`),
  },
  {
    id: "guile-auto-compile-unbound",
    program: "guile",
    category: "CommandOutput",
    setup: () => guileProject("guile-auto-compile-unbound"),
    command: "guile -L . main.scm",
    env: { XDG_CACHE_HOME: "/tmp/abridge-corpus/guile-auto-compile-unbound/.cache" },
    exitCode: 1,
    versions: ["guile --version | head -n 1"],
    note: "the backtrace shows the addresses of the module and thunk objects, which change on every run",
    facts: (f) =>
      f
        .errorLines(`grep -A1 -E '^[^ ;].*: In procedure ' "$OUT" | grep -v '^--$'`)
        .mustKeep(`grep -E 'warning: ' "$OUT" | grep -oE "(possibly unbound variable|wrong number of arguments to) \\\`[a-z0-9-]+'" | sort -u`)
        .mustKeep(`grep -E '^order [0-9]+ ' "$OUT" | tail -n 1 | grep -oE '^order [0-9]+'`)
        .count("warnings", `grep -cE 'warning: ' "$OUT"`),
  },
  {
    id: "mix-compile-errors",
    program: "mix compile",
    category: "CommandOutput",
    setup: () => mixProject("mix-compile-errors", { broken: true }),
    command: "mix compile",
    env: { MIX_ENV: "dev" },
    exitCode: 1,
    versions: ["elixir --version | tail -n 1"],
    note: "mix compiles modules in parallel, so the order of the warnings may vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\*\\* \\(|^== Compilation error' "$OUT"`)
        .mustKeep(`grep -oE '^Compiling [0-9]+ files? \\(\\.ex\\)' "$OUT"`)
        .count("warnings", `grep -cE '^warning: ' "$OUT"`),
  },
  {
    id: "mix-test-exunit-failures",
    program: "mix test",
    category: "CommandOutput",
    setup: () => mixProject("mix-test-exunit-failures", { broken: false }),
    command: "mix test --seed 0",
    env: { MIX_ENV: "test" },
    exitCode: 2,
    versions: ["elixir --version | tail -n 1"],
    note: "test durations vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^  [0-9]+\\) test ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ tests, [0-9]+ failures?' "$OUT"`)
        .mustKeep(`grep -oE '^     test/[a-z_]+\\.exs:[0-9]+' "$OUT" | sed 's/^ *//' | sort -u`)
        .count("warnings", `grep -cE '^warning: ' "$OUT"`),
  },
  {
    id: "gdc-d-module-errors",
    program: "gdc",
    category: "CommandOutput",
    setup: () => dProject("gdc-d-module-errors"),
    command: "gdc -Wall -Isrc -o shop src/app.d src/shop/*.d",
    exitCode: 1,
    versions: ["gdc --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: ' "$OUT"`)
        .count("errors", `grep -cE ': error: ' "$OUT"`)
        .count("notes", `grep -cE ': note: ' "$OUT"`),
  },
  {
    id: "valac-name-and-type-errors",
    program: "valac",
    category: "CommandOutput",
    setup: () => valaProject("valac-name-and-type-errors"),
    command: "valac -o shop src/*.vala",
    exitCode: 1,
    versions: ["valac --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: |^Compilation failed' "$OUT"`)
        .count("errors", `grep -cE ': error: ' "$OUT"`),
  },
  {
    id: "nasm-assemble-errors",
    program: "nasm",
    category: "CommandOutput",
    setup: () => asmProject("nasm-assemble-errors"),
    command: "sh build.sh",
    exitCode: 1,
    versions: ["nasm -v"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: ' "$OUT"`)
        .mustKeep(`grep -oE '\\[-w\\+[a-z-]+\\]' "$OUT" | sort -u`)
        .count("files", `grep -cE '^  AS ' "$OUT"`)
        .count("warnings", `grep -cE ': warning: ' "$OUT"`),
  },
  {
    id: "gforth-division-by-zero",
    program: "gforth",
    category: "CommandOutput",
    setup: () => forthProject("gforth-division-by-zero"),
    command: "gforth report.fs -e bye",
    exitCode: 1,
    versions: ["gforth --version 2>&1"],
    note: "the backtrace's addresses change on every run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^report\\.fs:[0-9]+: ' "$OUT"`)
        .mustKeep(`grep -E '^Backtrace:' "$OUT"`)
        .mustKeep(`grep -oE 'region-average' "$OUT" | head -n 1`)
        .count("orders", `grep -c '^order [0-9]' "$OUT"`),
  },
];
