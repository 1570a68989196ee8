// Compilers, build tools and test frameworks of languages the other captures lack: gfortran with
// type errors among -Wall warnings, ocamlc stopping on a type error after warnings, Free Pascal
// compiling a program's units with notes, hints and errors, gnatmake -k over Ada packages, erlc
// over modules with unbound variables, an escript crashing after a log, nim c with a type
// mismatch among hints, scons -k with a failing compile step, ant with javac errors among lint
// warnings, a googletest binary and a Catch2 suite with failing assertions, and an OCaml program
// raising after a log with its backtrace.
import { scratch, writeTree } from "./lib.mjs";

const SERVICES = ["billing", "catalog", "checkout", "inventory", "ledger", "mailer", "pricing", "search", "shipping", "tax"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** Fortran modules, one per service, with unused locals; two modules have type errors. */
function fortranProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, svc] of SERVICES.entries()) {
    const subs = [];
    for (let k = 0; k < 4; k++) {
      const body =
        i === 3 && k === 1
          ? `    total = label\n    count = total * 2.5`
          : i === 3 && k === 3
            ? `    call shift_${svc}_${k - 1}(qty)`
            : i === 6 && k === 2
              ? `    rate = undeclared_rate * qty\n    total = rate`
              : `    total = real(qty) * ${(1.25 + i + k / 4).toFixed(2)}`;
      subs.push(`  subroutine step_${svc}_${k}(qty, label, total)
    integer, intent(in) :: qty
    character(len=8), intent(in) :: label
    real, intent(out) :: total
    integer :: count${k % 2 === 0 ? ", spare" : ""}
    real :: rate
${body}
    count = qty
  end subroutine step_${svc}_${k}`);
    }
    files[`src/${svc}.f90`] = `module ${svc}_steps
  implicit none
  private
  public :: ${[0, 1, 2, 3].map((k) => `step_${svc}_${k}`).join(", ")}
contains
${subs.join("\n\n")}
end module ${svc}_steps
`;
  }
  writeTree(dir, files);
  return dir;
}

/** OCaml modules with unused values and partial matches; the stock module returns the wrong type. */
function ocamlProject(id) {
  const dir = scratch(id);
  const files = {};
  const order = ["money", "sku", "catalog", "pricing", "ledger", "stock", "orders", "report"];
  for (const [i, name] of order.entries()) {
    const fns = [];
    for (let k = 0; k < 5; k++) {
      fns.push(`let ${name}_step_${k} items =
  let count = List.length items in
  let scale = ${k + 2} in
  match items with
  | [] -> 0
  | [ x ] -> x * ${k + 1}
  | x :: y :: _ when x > y -> x - y${k % 2 === 0 ? "\n  | _ :: rest -> List.fold_left ( + ) count rest" : ""}
`);
    }
    const extra =
      name === "stock"
        ? `
type level = { sku : string; on_hand : int; reserved : int }

let available (l : level) : int = l.on_hand - l.reserved

let describe (l : level) : string =
  if available l > 0 then l.sku ^ ": " ^ available l
  else l.sku ^ ": out of stock"
`
        : "";
    files[`src/${name}.ml`] = `(* ${cap(name)} steps. *)\n\n${fns.join("\n")}${extra}`;
  }
  files["order"] = order.map((n) => `src/${n}.ml`).join(" ") + "\n";
  writeTree(dir, files);
  return dir;
}

/** A Pascal program using one unit per service; the pricing and tax units do not compile. */
function pascalProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, svc] of SERVICES.entries()) {
    const fns = [];
    for (let k = 0; k < 4; k++) {
      const body =
        svc === "pricing" && k === 1
          ? `  Result := 'n/a';`
          : svc === "pricing" && k === 3
            ? `  Result := Qty * UnknownRate;`
            : svc === "tax" && k === 2
              ? `  Tag := Qty;\n  Result := Qty;`
              : k === 3
                ? `  Tag := 'done';`
                : `  Result := Qty * ${k + i + 1};`;
      fns.push(`function ${cap(svc)}Step${k}(Qty: Integer; Scale: Integer): Integer;
var
  Tag: string;
  Spare${k}: Integer;
begin
${body}
end;`);
    }
    files[`src/${svc}unit.pas`] = `unit ${svc}unit;

{$mode objfpc}

interface

${[0, 1, 2, 3].map((k) => `function ${cap(svc)}Step${k}(Qty: Integer; Scale: Integer): Integer;`).join("\n")}

implementation

${fns.join("\n\n")}

end.
`;
  }
  files["src/shop.pas"] = `program shop;

{$mode objfpc}

uses
  ${SERVICES.map((s) => `${s}unit`).join(", ")};

var
  Total: Integer;
begin
  Total := 0;
${SERVICES.map((s) => `  Total := Total + ${cap(s)}Step0(2, 1);`).join("\n")}
  WriteLn('total ', Total);
end.
`;
  writeTree(dir, files);
  return dir;
}

/** Ada packages, one per service, with unreferenced variables; two bodies have type errors. */
function adaProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, svc] of SERVICES.entries()) {
    const pkg = `Shop_${cap(svc)}`;
    const procs = [];
    for (let k = 0; k < 6; k++) {
      const body =
        svc === "ledger" && k === 1
          ? `      Total := "balance";`
          : svc === "shipping" && k === 4
            ? `      Total := Qty * Weight;\n      Missing_Call (Total);`
            : `      Total := Qty * ${k + i + 1};`;
      procs.push(`   procedure Step_${k} (Qty : Integer; Total : out Integer) is
      Unused_${k} : Integer;
      Weight      : Float := 1.5;
   begin
${body}
   end Step_${k};`);
    }
    files[`${pkg.toLowerCase()}.ads`] = `package ${pkg} is\n${[0, 1, 2, 3, 4, 5].map((k) => `   procedure Step_${k} (Qty : Integer; Total : out Integer);`).join("\n")}\nend ${pkg};\n`;
    files[`${pkg.toLowerCase()}.adb`] = `package body ${pkg} is\n\n${procs.join("\n\n")}\n\nend ${pkg};\n`;
  }
  files["main.adb"] = `${SERVICES.map((s) => `with Shop_${cap(s)};`).join("\n")}
with Ada.Text_IO;

procedure Main is
   Total : Integer;
   Sum   : Integer := 0;
begin
${SERVICES.map((s) => `   Shop_${cap(s)}.Step_0 (2, Total);\n   Sum := Sum + Total;`).join("\n")}
   Ada.Text_IO.Put_Line (Integer'Image (Sum));
end Main;
`;
  writeTree(dir, files);
  return dir;
}

/** Erlang modules with unused functions and variables; two use unbound variables or undefined calls. */
function erlangProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, svc] of SERVICES.entries()) {
    const fns = [];
    for (let k = 0; k < 4; k++) {
      const body =
        svc === "search" && k === 2
          ? `    Total = Qty * Price,\n    {ok, Total + Discount}`
          : svc === "search" && k === 1
            ? `    Hits = index:lookup(Qty),\n    {ok, rank(Hits, Price)}`
            : `    Total = Qty * Price * ${k + 1},\n    {ok, Total}`;
      fns.push(`step_${k}(Qty, Price, Options) ->\n    Label = proplists:get_value(label, Options),\n${body}.`);
    }
    files[`src/${svc}.erl`] = `-module(${svc}).
-export([step_0/3, step_1/3]).

${fns.join("\n\n")}

format_${svc}(Total) ->
    io_lib:format("~s ~p", ["${svc}", Total]).
`;
  }
  writeTree(dir, files);
  return dir;
}

/** An escript that prints each order's total, then crashes on an order missing its price. */
function escriptCrash(id) {
  const dir = scratch(id);
  const orders = [];
  for (let i = 0; i < 140; i++) {
    const svc = SERVICES[i % SERVICES.length];
    orders.push(i === 103 ? `#{id => ${1000 + i}, sku => <<"${svc.toUpperCase()}-${i}">>, qty => 2}` : `#{id => ${1000 + i}, sku => <<"${svc.toUpperCase()}-${i}">>, qty => ${(i % 4) + 1}, price => ${(3.5 + i * 0.75).toFixed(2)}}`);
  }
  writeTree(dir, {
    "totals.escript": `#!/usr/bin/env escript
%% Prints one line per order with a running total.
-mode(compile).

main(_Args) ->
    Orders = orders(),
    Grand = lists:foldl(fun report/2, 0.0, Orders),
    io:format("grand total ~.2f~n", [Grand]).

report(Order, Running) ->
    Total = order_total(Order),
    io:format("order ~p sku ~s total ~8.2f running ~10.2f~n",
              [maps:get(id, Order), maps:get(sku, Order), Total, Running + Total]),
    Running + Total.

order_total(#{qty := Qty} = Order) ->
    line_total(Qty, Order).

line_total(Qty, #{price := Price}) ->
    Qty * Price.

orders() ->
    [
${orders.map((o) => `     ${o}`).join(",\n")}
    ].
`,
  });
  return dir;
}

/** A Nim program whose totals add a float to an int, among unused imports and variables. */
function nimProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, svc] of SERVICES.entries()) {
    const procs = [];
    for (let k = 0; k < 4; k++) {
      procs.push(`proc ${svc}Step${k}*(qty: int, scale: int): int =
  let spare${k} = qty * ${k + 1}
  var label = "${svc}-${k}"
  result = qty * scale + ${i + k}`);
    }
    files[`src/${svc}.nim`] = `import strutils, tables, sequtils\n\n${procs.join("\n\n")}\n`;
  }
  files["src/shop.nim"] = `import ${SERVICES.join(", ")}
import strutils, times, os

proc unitPrice(sku: string): float =
  result = 3.5 + float(sku.len)

var total = 0
${SERVICES.map((s, i) => `total = total + ${s}Step0(${i + 1}, 2)`).join("\n")}
total = total + unitPrice("CATALOG-7")
echo "total ", total
`;
  writeTree(dir, files);
  return dir;
}

/** A C program built by SCons from one source per service; the pricing source does not compile. */
function sconsProject(id) {
  const dir = scratch(id);
  const files = {
    SConstruct: `env = Environment(CCFLAGS=["-Wall", "-Wextra", "-O2"], CPPPATH=["include"])
sources = Glob("src/*.c")
lib = env.StaticLibrary("build/shop", [s for s in sources if s.name != "main.c"])
env.Program("build/shopd", ["src/main.c", lib])
`,
    "include/shop.h": `#ifndef SHOP_H\n#define SHOP_H\n${SERVICES.map((s) => `int ${s}_total(int qty, int scale);`).join("\n")}\n#endif\n`,
  };
  for (const [i, svc] of SERVICES.entries()) {
    const body =
      svc === "pricing"
        ? `    struct rate r = lookup_rate(qty);\n    return r.cents * scale`
        : svc === "search"
          ? `    int hits = qty * scale;\n    if (hits = 0) return -1;\n    return hits;`
          : `    int spare = qty;\n    return qty * scale + ${i};`;
    files[`src/${svc}.c`] = `#include "shop.h"\n\nstatic int unused_${svc}(int x) { return x * 2; }\n\nint ${svc}_total(int qty, int scale) {\n${body}\n}\n`;
  }
  files["src/main.c"] = `#include <stdio.h>\n#include "shop.h"\n\nint main(void) {\n    int sum = 0;\n${SERVICES.map((s, i) => `    sum += ${s}_total(${i + 1}, 2);`).join("\n")}\n    printf("%d\\n", sum);\n    return 0;\n}\n`;
  writeTree(dir, files);
  return dir;
}

/** A Java library built by ant: raw types and deprecated calls warn, two classes do not compile. */
function antProject(id) {
  const dir = scratch(id);
  const files = {
    "build.xml": `<project name="shop" default="jar" basedir=".">
  <property name="src" location="src"/>
  <property name="build" location="build/classes"/>
  <target name="init">
    <mkdir dir="\${build}"/>
  </target>
  <target name="resources" depends="init">
    <copy todir="\${build}">
      <fileset dir="resources"/>
    </copy>
  </target>
  <target name="compile" depends="resources">
    <javac srcdir="\${src}" destdir="\${build}" includeantruntime="false" debug="true">
      <compilerarg value="-Xlint:all"/>
      <compilerarg value="-Xmaxwarns"/>
      <compilerarg value="200"/>
    </javac>
  </target>
  <target name="jar" depends="compile">
    <jar destfile="build/shop.jar" basedir="\${build}"/>
  </target>
</project>
`,
  };
  for (const [i, svc] of SERVICES.entries()) {
    files[`resources/shop/${svc}.properties`] = `service=${svc}\nport=${8000 + i}\n`;
    const cls = cap(svc) + "Service";
    const methods = [];
    for (let k = 0; k < 6; k++) {
      const body =
        svc === "ledger" && k === 1
          ? `        int balance = "open";\n        return balance;`
          : svc === "shipping" && k === 2
            ? `        return carrier.quote(qty);`
            : `        List items = new ArrayList();\n        items.add(qty);\n        return items.size() * ${k + i + 1} + new Integer(qty);`;
      methods.push(`    public int step${k}(int qty) {\n${body}\n    }`);
    }
    files[`src/shop/${cls}.java`] = `package shop;

import java.util.ArrayList;
import java.util.List;

public class ${cls} implements java.io.Serializable {
${methods.join("\n\n")}
}
`;
  }
  writeTree(dir, files);
  return dir;
}

/** A googletest suite over a small pricing library; a few expectations fail. */
function gtestProject(id) {
  const dir = scratch(id);
  const tests = [];
  for (const [i, svc] of SERVICES.entries()) {
    const suite = `${cap(svc)}Test`;
    for (let k = 0; k < 9; k++) {
      const name = ["AddsLines", "RoundsHalfUp", "RejectsNegative", "AppliesDiscount", "HandlesEmpty", "SumsTax", "KeepsOrder", "CapsQuantity", "ParsesSku"][k];
      const fail = (i === 2 && k === 1) || (i === 5 && k === 4) || (i === 6 && k === 3) || (i === 9 && k === 5);
      const check = fail
        ? i === 5
          ? `  std::vector<int> lines = split_qty("${svc}:1,2,,4");\n  ASSERT_EQ(lines.size(), 4u) << "empty field dropped in ${svc}";\n  EXPECT_EQ(lines[2], 0);`
          : `  EXPECT_EQ(total_cents(${k + 2}, ${199 + i}), ${(k + 2) * (199 + i) + 1});\n  EXPECT_NEAR(rate(${i}), ${(0.1 * i).toFixed(2)}, 1e-6) << "rate table for ${svc}";`
        : `  EXPECT_EQ(total_cents(${k + 2}, ${199 + i}), ${(k + 2) * (199 + i)});`;
      tests.push(`TEST(${suite}, ${name}) {\n${check}\n}`);
    }
  }
  writeTree(dir, {
    "shop_test.cc": `#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>

static long total_cents(int qty, int cents) { return static_cast<long>(qty) * cents; }
static double rate(int i) { return 0.1 * i + (i == 9 ? 0.005 : 0.0); }
static std::vector<int> split_qty(const std::string& s) {
  std::vector<int> out;
  std::stringstream in(s.substr(s.find(':') + 1));
  std::string field;
  while (std::getline(in, field, ',')) if (!field.empty()) out.push_back(std::stoi(field));
  return out;
}

${tests.join("\n\n")}
`,
  });
  return dir;
}

/** A Catch2 suite with sections and captured values; some checks fail. */
function catchProject(id) {
  const dir = scratch(id);
  const cases = [];
  for (const [i, svc] of SERVICES.entries()) {
    for (let k = 0; k < 6; k++) {
      const fail = (i === 1 && k === 2) || (i === 4 && k === 0) || (i === 4 && k === 5) || (i === 7 && k === 3) || (i === 8 && k === 1);
      cases.push(`TEST_CASE("${svc} order ${k} totals", "[${svc}]") {
  Cart cart("${svc}");
  for (int q = 1; q <= ${k + 3}; ++q) cart.add("${svc.toUpperCase()}-" + std::to_string(q), q, ${120 + i * 7});
  SECTION("subtotal") {
    CAPTURE(cart.lines());
    CHECK(cart.subtotal() == ${fail ? "Approx(" : ""}${Array.from({ length: k + 3 }, (_, q) => (q + 1) * (120 + i * 7)).reduce((a, b) => a + b, 0) + (fail ? 5 : 0)}${fail ? ")" : ""});
  }
  SECTION("tax") {
    INFO("rate for ${svc} is " << cart.rate());
    REQUIRE(cart.tax() ${fail && k % 2 === 1 ? "<" : ">="} 0);
  }
}`);
    }
  }
  writeTree(dir, {
    "main.cc": `#define CATCH_CONFIG_MAIN\n#include <catch2/catch.hpp>\n`,
    "cart_test.cc": `#include <catch2/catch.hpp>
#include <string>
#include <vector>

struct Cart {
  std::string service;
  std::vector<std::pair<std::string, long>> items;
  explicit Cart(std::string s) : service(std::move(s)) {}
  void add(const std::string& sku, int qty, long cents) { items.emplace_back(sku, qty * cents); }
  int lines() const { return static_cast<int>(items.size()); }
  double subtotal() const { long s = 0; for (auto& i : items) s += i.second; return s; }
  double rate() const { return service.size() * 0.01; }
  double tax() const { return subtotal() * rate(); }
};

${cases.join("\n\n")}
`,
  });
  return dir;
}

/** An OCaml program that prints each order, then raises on an order whose SKU is not in the catalogue. */
function ocamlCrash(id) {
  const dir = scratch(id);
  const orders = [];
  for (let i = 0; i < 130; i++) {
    const svc = SERVICES[i % SERVICES.length];
    orders.push(`  (${1000 + i}, "${svc.toUpperCase()}-${i === 88 ? 999 : i % 40}", ${(i % 4) + 1});`);
  }
  writeTree(dir, {
    "totals.ml": `(* Prints each order's total from the catalogue's unit prices. *)

let catalogue =
  let t = Hashtbl.create 400 in
  List.iter
    (fun svc ->
      for i = 0 to 39 do
        Hashtbl.replace t (Printf.sprintf "%s-%d" svc i) (3.5 +. (0.75 *. float_of_int i))
      done)
    [ ${SERVICES.map((s) => `"${s.toUpperCase()}"`).join("; ")} ];
  t

let unit_price sku = Hashtbl.find catalogue sku

let line_total sku qty = float_of_int qty *. unit_price sku

let orders = [
${orders.join("\n")}
]

let () =
  let grand = ref 0.0 in
  List.iter
    (fun (id, sku, qty) ->
      let total = line_total sku qty in
      grand := !grand +. total;
      Printf.printf "order %d sku %s total %8.2f running %10.2f\\n%!" id sku total !grand)
    orders;
  Printf.printf "grand total %.2f\\n" !grand
`,
  });
  return dir;
}

export default [
  {
    id: "gfortran-type-errors",
    program: "gfortran",
    category: "CommandOutput",
    setup: () => fortranProject("gfortran-type-errors"),
    command: `gfortran -Wall -Wextra -fsyntax-only ${SERVICES.map((s) => `src/${s}.f90`).join(" ")}`,
    exitCode: 1,
    versions: ["gfortran --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^Error: ' "$OUT"`)
        .mustKeep(`grep -B4 -E '^Error: ' "$OUT" | grep -oE '^src/[a-z]+\\.f90:[0-9]+:[0-9]+:' | sort -u`)
        .count("errors", `grep -cE '^Error: ' "$OUT"`)
        .count("warnings", `grep -cE '^Warning: ' "$OUT"`),
  },
  {
    id: "ocamlc-type-error",
    program: "ocamlc",
    category: "CommandOutput",
    setup: () => ocamlProject("ocamlc-type-error"),
    command: "ocamlc -w +A-4-40-41-42-44-70 -I src -c $(cat order)",
    exitCode: 2,
    versions: ["ocamlc -version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^Error: ' "$OUT"`)
        .mustKeep(`grep -B4 -E '^Error: ' "$OUT" | grep -E '^File "src/'`)
        .count("warnings", `grep -cE '^Warning [0-9]+' "$OUT"`)
        .count("partialMatches", `grep -cE '^Warning 8 ' "$OUT"`),
  },
  {
    id: "fpc-unit-errors",
    program: "fpc",
    category: "CommandOutput",
    setup: () => pascalProject("fpc-unit-errors"),
    command: "mkdir -p build && fpc -vewnhi -Fusrc -FUbuild -FEbuild src/shop.pas",
    exitCode: 1,
    versions: ["fpc -iV"],
    facts: (f) =>
      f
        .errorLines(`grep -E '(Error|Fatal): ' "$OUT"`)
        .mustKeep(`grep -E '^Compiling ' "$OUT" | tail -n 1`)
        .count("notes", `grep -cE ' Note: ' "$OUT"`)
        .count("hints", `grep -cE ' Hint: ' "$OUT"`)
        .count("warnings", `grep -cE ' Warning: ' "$OUT"`),
  },
  {
    id: "gnatmake-keep-going-errors",
    program: "gnatmake",
    category: "CommandOutput",
    setup: () => adaProject("gnatmake-keep-going-errors"),
    command: "gnatmake -k -gnatwa main.adb",
    exitCode: 4,
    versions: ["gnatmake --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: |^gnatmake: ' "$OUT"`)
        .count("warnings", `grep -cE ': warning: ' "$OUT"`)
        .count("compiled", `grep -cE -- '-gcc-[0-9]+ -c ' "$OUT"`),
  },
  {
    id: "erlc-unbound-variables",
    program: "erlc",
    category: "CommandOutput",
    setup: () => erlangProject("erlc-unbound-variables"),
    command: "mkdir -p ebin && erlc -Wall -o ebin src/*.erl",
    exitCode: 1,
    versions: ["erl -noshell -eval 'io:format(\"OTP ~s~n\", [erlang:system_info(otp_release)]), halt().'"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^src/[a-z]+\\.erl:[0-9]+:[0-9]+: ' "$OUT" | grep -v ' Warning: '`)
        .count("warnings", `grep -cE '^src/[a-z]+\\.erl:[0-9]+:[0-9]+: Warning: ' "$OUT"`),
  },
  {
    id: "escript-function-clause-crash",
    program: "escript",
    category: "CommandOutput",
    setup: () => escriptCrash("escript-function-clause-crash"),
    command: "escript totals.escript",
    exitCode: 127,
    versions: ["erl -noshell -eval 'io:format(\"OTP ~s~n\", [erlang:system_info(otp_release)]), halt().'"],
    note: "the module name escript gives the compiled script carries numbers that change on every run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^escript: exception ' "$OUT"`)
        .mustKeep(`grep -E '^  in function ' "$OUT"`)
        .mustKeep(`grep -E '^order [0-9]+ ' "$OUT" | tail -n 1 | grep -oE '^order [0-9]+'`)
        .count("orders", `grep -c '^order [0-9]' "$OUT"`),
  },
  {
    id: "nim-type-mismatch",
    program: "nim",
    category: "CommandOutput",
    setup: () => nimProject("nim-type-mismatch"),
    command: "nim c --colors:off --hints:on --nimcache:build/cache src/shop.nim",
    exitCode: 1,
    versions: ["nim --version | head -n 1"],
    note: "the progress dots' count depends on the standard library's modules",
    facts: (f) =>
      f
        .errorLines(`grep -E ' Error: ' "$OUT"`)
        .mustKeep(`grep -E '^expression: ' "$OUT"`)
        .count("hints", `grep -cE ' Hint: ' "$OUT"`)
        .count("warnings", `grep -cE ' Warning: ' "$OUT"`),
  },
  {
    id: "scons-keep-going-compile-error",
    program: "scons",
    category: "CommandOutput",
    setup: () => sconsProject("scons-keep-going-compile-error"),
    command: "scons -k",
    exitCode: 2,
    versions: ["scons --version | grep -m1 -oE 'SCons: v[^ ,]+'", "gcc --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: |^scons: \\*\\*\\* ' "$OUT"`)
        .mustKeep(`grep -E '^scons: done building targets' "$OUT"`)
        .count("warnings", `grep -cE ': warning: ' "$OUT"`)
        .count("compiles", `grep -cE '^gcc -o ' "$OUT"`),
  },
  {
    id: "ant-javac-errors",
    program: "ant",
    category: "CommandOutput",
    setup: () => antProject("ant-javac-errors"),
    command: "ant",
    exitCode: 1,
    versions: ["ant -version", "javac -version"],
    note: "ant's total time varies",
    facts: (f) =>
      f
        .errorLines(`grep -E '\\[javac\\] .*: error: ' "$OUT"`)
        .errorLines(`grep -E '^BUILD FAILED' "$OUT"`)
        .mustKeep(`grep -E '\\[javac\\] [0-9]+ (errors?|warnings?)$' "$OUT"`)
        .mustKeep(`grep -E 'Compile failed' "$OUT"`)
        .count("warnings", `grep -cE '\\[javac\\] .*: warning: ' "$OUT"`),
  },
  {
    id: "googletest-expectation-failures",
    program: "googletest",
    category: "CommandOutput",
    setup: () => gtestProject("googletest-expectation-failures"),
    command: "g++ -std=c++17 -o shop_test shop_test.cc -lgtest -lgtest_main -pthread && ./shop_test",
    exitCode: 1,
    versions: ["dpkg-query -W -f '${Version}' libgtest-dev", "g++ --version | head -n 1"],
    note: "test durations may vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\[  FAILED  \\] [A-Za-z]+\\.[A-Za-z]+$' "$OUT"`)
        .errorLines(`grep -E '^shop_test\\.cc:[0-9]+: Failure' "$OUT"`)
        .mustKeep(`grep -E '^\\[  PASSED  \\]|FAILED TESTS?$' "$OUT"`)
        .count("tests", `grep -cE '^\\[ RUN      \\]' "$OUT"`)
        .count("failed", `grep -oE '^\\[  FAILED  \\] [A-Za-z]+\\.[A-Za-z]+' "$OUT" | sort -u | wc -l`),
  },
  {
    id: "catch2-failed-checks",
    program: "catch2",
    category: "CommandOutput",
    setup: () => catchProject("catch2-failed-checks"),
    command: "g++ -std=c++17 -o cart_test main.cc cart_test.cc && ./cart_test --use-colour no",
    exitCode: 8,
    versions: ["dpkg-query -W -f '${Version}' catch2", "g++ --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^(test cases|assertions):' "$OUT"`)
        .mustKeep(`grep -A1 -E '^-{20,}' "$OUT" | grep -E '^[a-z]+ order [0-9] totals$' | sort -u`)
        .count("failures", `grep -cE 'FAILED:$' "$OUT"`),
  },
  {
    id: "ocaml-not-found-backtrace",
    program: "ocamlrun",
    category: "CommandOutput",
    setup: () => ocamlCrash("ocaml-not-found-backtrace"),
    command: "ocamlc -g -o totals totals.ml && OCAMLRUNPARAM=b ./totals",
    exitCode: 2,
    versions: ["ocamlc -version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^Fatal error: exception ' "$OUT"`)
        .mustKeep(`grep -E '^Called from |^Raised at ' "$OUT" | grep -m2 totals\\.ml`)
        .mustKeep(`grep -E '^order [0-9]+ ' "$OUT" | tail -n 1 | grep -oE '^order [0-9]+'`)
        .count("orders", `grep -c '^order [0-9]' "$OUT"`),
  },
];
