import { digestStructured } from "../../assembly/digest/structured";
import { DigestContext } from "../../assembly/digest/shared/types";
import { indexJson } from "../../assembly/json";
import { isHighSurrogate, isLowSurrogate } from "../../assembly/util/chars";

const ctx = new DigestContext("bash", "{}", 0);

function llm(text: string, budget: i32): string {
  return digestStructured(text, budget, ctx, "").llm;
}

function facts(text: string, budget: i32): string {
  return digestStructured(text, budget, ctx, "").facts;
}

/** The output is one valid JSON value (checked by the core's own validator). */
function isJson(s: string): bool {
  return indexJson(s, 0, s.length) !== null;
}

function hasLoneSurrogate(s: string): bool {
  for (let i = 0; i < s.length; i++) {
    const c = <i32>s.charCodeAt(i);
    if (isHighSurrogate(c)) {
      if (i + 1 >= s.length || !isLowSurrogate(<i32>s.charCodeAt(i + 1))) return true;
      i++;
    } else if (isLowSurrogate(c)) return true;
  }
  return false;
}

/** [0,1,…,n-1] compact. */
function numbers(n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push(i.toString());
  return "[" + parts.join(",") + "]";
}

/** An object with n keys "k0".."k{n-1}", pretty-printed with two spaces. */
function wideObject(n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push('  "k' + i.toString() + '": "value number ' + i.toString() + '"');
  return "{\n" + parts.join(",\n") + "\n}";
}

describe("StructuredData: JSON documents", () => {
  it("returns a document that fits as it is", () => {
    const t = '{"a": 1, "b": [1, 2]}';
    expect(llm(t, 100)).toBe(t);
    expect(facts(t, 100)).toBe('"type":"object","keys":2,"level":0');
  });

  it("shortens a long array to its first items, the count and its last item", () => {
    const out = llm(numbers(1000), 200);
    expect(out.length).toBeLessThanOrEqual(200);
    expect(isJson(out)).toBe(true);
    expect(out.startsWith("[0,1,")).toBe(true);
    expect(out.endsWith(",999]")).toBe(true);
    // first k items + marker + last item = 1,000
    const marker = out.indexOf('"\u2026+');
    expect(marker).toBeGreaterThan(0);
    const shownBefore = out.substring(1, marker).split(",").length - 1;
    const omitted = I32.parseInt(out.substring(marker + 3, out.indexOf(" items")).replaceAll(",", ""));
    expect(shownBefore + omitted + 1).toBe(1000);
    // The marker states the total as well, so no arithmetic is needed for "how many".
    expect(out.includes(" items (1,000 in all)\"")).toBe(true);
    // Below 10 members the sum is obvious: no total.
    const few = llm('[' + '"' + "a".repeat(40) + '",'.repeat(1) + '"b","c","d","e","f","g","' + "h".repeat(40) + '"]', 60);
    expect(few.includes("\u2026+")).toBe(true);
    expect(few.includes(" in all")).toBe(false);
  });

  it("sums the count members of an array's records over every item, the omitted ones too", () => {
    // eslint -f json: one record per file, each counting its own problems (tests/fixtures/corpus/eslint-json-format).
    let t = "[";
    for (let i = 0; i < 24; i++) {
      if (i > 0) t += ",";
      const errors = i % 3 == 0 ? 2 : 0;
      t += '{"filePath":"/src/routes/route' + i.toString() + '.js","messages":[{"ruleId":"no-undef","line":' + (i + 1).toString() + '}],"errorCount":' + errors.toString();
      t += ',"warningCount":' + (i == 5 ? "1" : "0") + ',"discount":7,"ratioCount":0.5}';
    }
    t += "]";
    const out = llm(t, 600);
    expect(isJson(out)).toBe(true);
    // 8 files with 2 errors each, one warning; "discount" is not a count, a fraction is not one either.
    expect(out.includes(" items (24 in all; errorCount 16, warningCount 1 in all)\"")).toBe(true);
    expect(out.includes("discount 56")).toBe(false);
    expect(out.includes("ratioCount")).toBe(true);
    expect(out.includes("ratioCount 0")).toBe(false);
    // Nothing counted above zero: the marker says what it said.
    const none = llm(t.replaceAll('"errorCount":2', '"errorCount":0').replace('"warningCount":1', '"warningCount":0'), 600);
    expect(none.includes(" items (24 in all)\"")).toBe(true);
    // Records that count their own all do: when the first record has no count member, none is summed.
    const unlike = llm('[{"name":"a"},' + t.substring(1), 600);
    expect(isJson(unlike)).toBe(true);
    expect(unlike.includes("errorCount 16")).toBe(false);
    expect(unlike.includes(" items (25 in all)\"")).toBe(true);
  });

  it("keeps every top-level key of a wide object while it can, then counts the rest", () => {
    const t = wideObject(30);
    const roomy = llm(t, 900);
    expect(roomy.length).toBeLessThanOrEqual(900);
    expect(isJson(roomy)).toBe(true);
    for (let i = 0; i < 30; i++) expect(roomy.includes('"k' + i.toString() + '"')).toBe(true);
    const tight = llm(t, 120);
    expect(tight.length).toBeLessThanOrEqual(120);
    expect(isJson(tight)).toBe(true);
    expect(tight.includes(' keys (30 in all)"') || tight.includes('"object with 30 keys"')).toBe(true);
  });

  it("shows the entries of a lockfile's direct dependencies wherever they are", () => {
    // 300 installed packages; the project depends on two of them, deep in the alphabet.
    const entries = new Array<string>();
    entries.push('"": {"name": "app", "dependencies": {"pkg-150": "^1.0.0"}, "devDependencies": {"pkg-290": "^2.0.0"}}');
    for (let i = 0; i < 300; i++) {
      const n = i.toString();
      entries.push('"node_modules/pkg-' + n + '": {"version": "' + n + '.0.1", "integrity": "sha512-' + "x".repeat(80) + '", "license": "MIT"}');
    }
    const t = '{"name": "app", "lockfileVersion": 3, "packages": {' + entries.join(", ") + "}}";
    const out = llm(t, 1500);
    expect(out.length).toBeLessThanOrEqual(1500);
    expect(isJson(out)).toBe(true);
    expect(out.includes('"node_modules/pkg-150": {"version": "150.0.1"')).toBe(true);
    expect(out.includes('"node_modules/pkg-290": {"version": "290.0.1"')).toBe(true);
    // One marker counts every entry left out, the picked ones excepted.
    const at = out.indexOf('"\u2026": "+');
    const omitted = I32.parseInt(out.substring(at + 7, out.indexOf(" keys (301 in all)", at)).replaceAll(",", ""));
    const shown = out.split('"node_modules/').length - 1 + 1; // + the "" entry
    expect(shown + omitted).toBe(301);
    // The same document without the lockfile's marks is shortened by position only.
    const plain = llm(t.replace('"lockfileVersion": 3, ', ""), 1500);
    expect(plain.includes('"node_modules/pkg-150"')).toBe(false);
  });

  it("shows the records of an array that hold its rarest values wherever they are", () => {
    // 60 files' reports: most clean, eight with the same finding, one with a finding of
    // its own (record 37) and one with a parse failure (record 44).
    const records = new Array<string>();
    for (let i = 0; i < 60; i++) {
      let messages = "[]";
      if (i % 7 == 2) messages = '[{"rule": "no-unused-vars", "line": ' + (i + 3).toString() + "}]";
      if (i == 37) messages = '[{"rule": "use-isnan", "line": 9}]';
      records.push('{"file": "src/f' + i.toString() + '.js", "messages": ' + messages + ', "fatal": ' + (i == 44 ? "1" : "0") + ', "text": "' + "x".repeat(60) + '"}');
    }
    const t = "[" + records.join(", ") + "]";
    const out = llm(t, 1200);
    expect(out.length).toBeLessThanOrEqual(1200);
    expect(isJson(out)).toBe(true);
    expect(out.includes('"use-isnan"')).toBe(true);
    expect(out.includes('"src/f44.js"')).toBe(true);
    // The marker counts every record left out, the picked ones excepted.
    const at = out.indexOf('"\u2026+');
    const omitted = I32.parseInt(out.substring(at + 3, out.indexOf(" items (60 in all)", at)));
    expect(out.split('{"file": ').length - 1 + omitted).toBe(60);
    // Records in their order: f44 after f37, both after the marker.
    expect(out.indexOf('"src/f37.js"')).toBeGreaterThan(at);
    expect(out.indexOf('"src/f44.js"')).toBeGreaterThan(out.indexOf('"src/f37.js"'));
    // A path that tells every record apart picks none: without the rare values, by position.
    const plain = llm(t.replace('"use-isnan"', '"no-unused-vars"').replace('"fatal": 1', '"fatal": 0'), 1200);
    expect(plain.includes('"src/f37.js"')).toBe(false);
    expect(plain.includes('"src/f44.js"')).toBe(false);
  });

  it("shows a record cut to its depth by the member that says what it is", () => {
    // 12 reports of one shape, e.g.
    //   {"file": "src/f2.js", "errors": [{"rule": "r2", "message": "Unexpected console statement"}], "fixed": []}
    // "file" is unique to each record, "fixed" is always empty, "rule" is short: the findings'
    // messages vary and recur (three kinds), so in 400 units each record shown stands for them:
    //   [{"…": "+2 keys","errors": [{"…": "+1 key","message": "Unexpected console statement"}]},"…+8 items (12 in all)",…]
    const kinds = ["Unexpected console statement", "Empty block statement found", "Unreachable code after return"];
    const records = new Array<string>();
    for (let i = 0; i < 12; i++) {
      const finding = '{"rule": "r' + (i % 3).toString() + '", "message": "' + kinds[i % 3] + '"}';
      records.push('{"file": "src/f' + i.toString() + '.js", "errors": [' + finding + '], "fixed": []}');
    }
    const t = "[" + records.join(", ") + "]";
    const out = llm(t, 400);
    expect(out.length).toBeLessThanOrEqual(400);
    expect(isJson(out)).toBe(true);
    for (let k = 0; k < kinds.length; k++) expect(out.includes('"message": "' + kinds[k] + '"')).toBe(true);
    expect(out.includes('"fixed"')).toBe(false);
    // Messages each record's own say nothing of which records matter: the last member is shown.
    const own = new Array<string>();
    for (let i = 0; i < 12; i++) {
      const finding = '{"rule": "r' + (i % 3).toString() + '", "message": "' + kinds[i % 3] + " at line " + i.toString() + '"}';
      own.push('{"file": "src/f' + i.toString() + '.js", "errors": [' + finding + '], "fixed": []}');
    }
    const plain = llm("[" + own.join(", ") + "]", 300);
    expect(isJson(plain)).toBe(true);
    expect(plain.includes('"fixed"')).toBe(true);
  });

  it("weighs a nested array's strings one by one when it looks for the telling member", () => {
    // 12 records {"file": "src/fN.js", "errors": [{"rule": "rK", "tags": ["tag-a", "tag-b", "tag-c", "tag-d"]}], "fixed": []}
    // (K = N % 3): each tag is 5 units, though a record's four come to 20, over the 16 a telling text
    // averages at least, and they are alike in every record. No nested member is taken for the one
    // that tells the records apart, so the findings keep their rule:
    //   {"file": "src/f0.js","errors": [{"rule": "r0","tags": "[array of 4 items]"}],"fixed": []}
    const records = new Array<string>();
    for (let i = 0; i < 12; i++) records.push('{"file": "src/f' + i.toString() + '.js", "errors": [{"rule": "r' + (i % 3).toString() + '", "tags": ["tag-a", "tag-b", "tag-c", "tag-d"]}], "fixed": []}');
    const out = llm("[" + records.join(", ") + "]", 400);
    expect(isJson(out)).toBe(true);
    expect(out.includes('"rule": "r0"')).toBe(true);
    expect(out.includes('"…": "+1 key"')).toBe(false);
  });

  it("shows a string whose escapes alone made it long, whole", () => {
    // 30 characters, written with 150 units of escapes; maxString is never below 8.
    const t = '[' + '"' + "\\u0041".repeat(30) + '",' + '"' + "b".repeat(400) + '"]';
    const out = llm(t, 200);
    expect(out.includes("(+0 chars)")).toBe(false);
  });

  it("keeps the source's indentation when the shortened document fits with it", () => {
    const t = '{\n  "list": ' + numbers(300) + ',\n  "name": "x"\n}';
    const out = llm(t, 400);
    expect(out.includes('\n  "list": [\n    0,')).toBe(true);
    expect(isJson(out)).toBe(true);
  });

  it("cuts a long string with the count of what it left out", () => {
    const t = '{"s":"' + "x".repeat(100000) + '"}';
    const out = llm(t, 200);
    expect(out.length).toBeLessThanOrEqual(200);
    expect(isJson(out)).toBe(true);
    expect(out.includes("\u2026(+")).toBe(true);
    expect(out.includes(" chars)")).toBe(true);
  });

  it("never splits a surrogate pair when it cuts a string", () => {
    // "😀" is d83d de00; 3,000 of them.
    const t = '{"s":"' + "\uD83D\uDE00".repeat(3000) + '"}';
    for (let b = 20; b < 120; b += 7) {
      const out = llm(t, b);
      expect(out.length).toBeLessThanOrEqual(b);
      expect(hasLoneSurrogate(out)).toBe(false);
    }
  });

  it("summarises deep nesting with counts", () => {
    const t = '{"a":{"b":{"c":{"d":{"e":' + wideObject(12) + "}}}}}";
    const out = llm(t, 80);
    expect(out.length).toBeLessThanOrEqual(80);
    expect(isJson(out)).toBe(true);
    expect(out.includes("object with")).toBe(true);
  });

  it("survives 10,000 levels of nesting without recursion", () => {
    const deep = "[".repeat(10000) + "1" + "]".repeat(10000);
    const out = llm(deep, 100);
    expect(out.length).toBeLessThanOrEqual(100);
    expect(isJson(out)).toBe(true);
    const obj = '{"a":'.repeat(10000) + "null" + "}".repeat(10000);
    const o = llm(obj, 100);
    expect(isJson(o)).toBe(true);
    expect(facts(obj, 100)).toBe(facts(obj, 100));
    // Unclosed: text, not a trap.
    const open = "[".repeat(10000);
    expect(llm(open, 100).length).toBeLessThanOrEqual(100);
    expect(facts(open, 100).startsWith('"type":"text","parsed":false')).toBe(true);
  });

  it("handles a 5 MB array", () => {
    const t = numbers(700000);
    expect(t.length).toBeGreaterThan(4500000);
    const out = llm(t, 4000);
    expect(out.length).toBeLessThanOrEqual(4000);
    expect(isJson(out)).toBe(true);
    expect(out.endsWith(",699999]")).toBe(true);
    expect(facts(t, 4000).startsWith('"type":"array","items":700000')).toBe(true);
  });

  it("stays within budgets 0, 1 and tiny, and is JSON whenever it says anything", () => {
    const t = wideObject(50);
    expect(llm(t, 0)).toBe("");
    for (let b = 1; b < 60; b++) {
      const out = llm(t, b);
      expect(out.length).toBeLessThanOrEqual(b);
      if (out.length > 0) expect(isJson(out)).toBe(true);
    }
  });

  it("reads CRLF documents", () => {
    const t = '{\r\n  "list": ' + numbers(200) + ',\r\n  "name": "crlf"\r\n}\r\n';
    const out = llm(t, 150);
    expect(out.length).toBeLessThanOrEqual(150);
    expect(isJson(out)).toBe(true);
    expect(out.includes('"name"')).toBe(true);
  });

  it("keeps a lone surrogate escape as valid JSON", () => {
    // \ud800 alone, as an escape: valid JSON text.
    const t = '{"s":"\\ud800' + "y".repeat(500) + '","n":1}';
    const out = llm(t, 60);
    expect(out.length).toBeLessThanOrEqual(60);
    expect(isJson(out)).toBe(true);
  });
});

describe("StructuredData: lines around a document", () => {
  it("keeps a warning line before the JSON apart from it", () => {
    const t = "npm warn config something\n" + wideObject(40);
    const d = digestStructured(t, 400, ctx, "");
    expect(d.llm.length).toBeLessThanOrEqual(400);
    expect(d.llm.startsWith("npm warn config something\n{")).toBe(true);
    const json = d.llm.substring(d.llm.indexOf("\n") + 1);
    expect(isJson(json)).toBe(true);
    expect(d.facts.includes('"linesBefore":1')).toBe(true);
  });

  it("summarises a failed run by its error line", () => {
    const t = "npm error code ELSPROBLEMS\n" + wideObject(40) + "\nnpm error A complete log\n";
    const d = digestStructured(t, 500, new DigestContext("bash", "{}", 1), "");
    expect(d.summary).toBe("Error: npm error code ELSPROBLEMS");
    expect(d.llm.includes("npm error code ELSPROBLEMS")).toBe(true);
    expect(d.llm.length).toBeLessThanOrEqual(500);
  });

  it("gives a failed run's error lines before the JSON what they need", () => {
    // The lines npm prints before `npm ls --all --json` fails (tests/fixtures/corpus/npm-ls-all-json).
    const invalid = [
      "npm error invalid: @modelcontextprotocol/sdk@1.23.0 /work/main/node_modules/@modelcontextprotocol/sdk",
      "npm error invalid: @opentelemetry/resources@2.7.1 /work/main/node_modules/@opentelemetry/resources",
      "npm error invalid: @opentelemetry/sdk-trace-base@2.7.1 /work/main/node_modules/@opentelemetry/sdk-trace-base",
    ];
    const pre = 'npm warn Unknown user config "nodedir". This will stop working in the next major version of npm. See `npm help npmrc` for supported config options.\nnpm error code ELSPROBLEMS\n' + invalid.join("\n") + "\n";
    const t = pre + wideObject(400) + "\nnpm error A complete log of this run can be found in: /root/.npm/_logs/2026-11-22T08_57_54_865Z-debug-0.log\n";
    const d = digestStructured(t, 800, new DigestContext("bash", '{"command":"npm ls --all --json"}', 1), "");
    expect(d.llm.length).toBeLessThanOrEqual(800);
    for (let i = 0; i < invalid.length; i++) expect(d.llm.includes(invalid[i])).toBe(true, invalid[i]);
    expect(d.llm.includes('"k0"')).toBe(true);
    // A run that succeeded gives the lines around their usual share: the warning goes first.
    const ok = digestStructured(t, 800, ctx, "");
    expect(ok.llm.includes(invalid[2])).toBe(false);
  });
});

describe("StructuredData: NDJSON", () => {
  it("shows the record before a failure's, its context, where it fits", () => {
    // Shaped like `go test -json` (tests/fixtures/corpus/go-test-json-failures): a failing
    // test's message is the output event just before its "--- FAIL".
    const ev = (action: string, test: string, output: string): string => {
      let r = '{"Time":"2026-11-25T01:18:55.954494937Z","Action":"' + action + '","Package":"example.test/shop/inventory","Test":"' + test + '"';
      if (output.length > 0) r += ',"Output":"' + output + '"';
      return r + "}";
    };
    const parts = new Array<string>();
    for (let i = 0; i < 60; i++) {
      const name = "TestPriceWithVat/vat_" + (1000 + i).toString().substring(1);
      parts.push(ev("run", name, ""));
      parts.push(ev("output", name, "=== RUN   " + name + "\\n"));
      parts.push(ev("pass", name, ""));
    }
    const message = ev("output", "TestReserve", "    inventory_test.go:71: Reserve: insufficient stock for A-7: 2 \\u003c 3\\n");
    parts.push(ev("run", "TestReserve", ""));
    parts.push(message);
    parts.push(ev("output", "TestReserve", "--- FAIL: TestReserve (0.00s)\\n"));
    parts.push(ev("fail", "TestReserve", ""));
    for (let i = 60; i < 120; i++) parts.push(ev("pass", "TestPriceWithVat/vat_" + (1000 + i).toString().substring(1), ""));
    const t = parts.join("\n") + "\n";
    const d = digestStructured(t, 4000, new DigestContext("bash", '{"command":"go test -json ./inventory/"}', 1), "read more: abridge_read id=go-test-json-failures offset=1");
    expect(d.llm.length).toBeLessThanOrEqual(4000);
    expect(d.llm.includes("--- FAIL: TestReserve (0.00s)")).toBe(true);
    expect(d.llm.includes(message)).toBe(true);
  });

  it("shows a failure's record whole when focusing it would drop little, focused when it would drop much", () => {
    // Shaped like tests/fixtures/corpus/cat-jsonl-events-errors: a job log whose failing
    // record (line 301) differs from the others by its status and an "error" message.
    const job = (i: i32, failed: bool): string =>
      '{"ts": "2024-03-14T02:' + (10 + i / 60).toString() + ":" + (10 + i % 60).toString() + 'Z", "level": "' + (failed ? "error" : "info") + '", "job": ' + i.toString() +
      ', "queue": "invoices", "status": "' + (failed ? "failed" : "ok") + '", "duration_ms": 27' + (failed ? ', "error": "SMTP 421 4.7.0 Try again later, closing connection"' : "") + "}";
    const parts = new Array<string>();
    for (let i = 0; i < 600; i++) parts.push(job(i, i == 300));
    const d = digestStructured(parts.join("\n") + "\n", 800, new DigestContext("bash", "{}", 1), "");
    expect(d.llm.length).toBeLessThanOrEqual(800);
    // 183 units whole; focused (about 165) it would lose only the duration.
    expect(d.llm.includes("\n301: " + parts[300] + "\n")).toBe(true);
    // A record whose message is a small part of it is still focused on the message.
    const long = new Array<string>();
    const pad = ', "retries": 0, "attempt": 1, "shard": 4, "region": "eu", "cpu_ms": 12, "mem_mb": 64, "cached": false, "priority": 3}';
    for (let i = 0; i < 600; i++) long.push(job(i, i == 300).replace("}", pad));
    const f = digestStructured(long.join("\n") + "\n", 800, new DigestContext("bash", "{}", 1), "");
    expect(f.llm.includes("\n301: " + long[300] + "\n")).toBe(false);
    expect(f.llm.includes('"error":"SMTP 421 4.7.0 Try again later, closing connection"')).toBe(true);
  });

  it("counts records and keys, keeps first and last whole", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 1000; i++) parts.push('{"id":' + i.toString() + ',"ok":true}');
    const t = parts.join("\n") + "\n";
    const d = digestStructured(t, 300, ctx, "");
    expect(d.llm.length).toBeLessThanOrEqual(300);
    expect(d.summary).toBe("NDJSON, 1,000 records");
    // Under 2,000 units the records are numbered under one marker.
    expect(d.llm.startsWith('NDJSON, 1,000 records; keys: id (1000), ok (1000)\n[...')).toBe(true);
    expect(d.llm.includes(' of 1,000 lines shown, numbered\n1: {"id":0,"ok":true}\n')).toBe(true);
    expect(d.llm.endsWith('\n1000: {"id":999,"ok":true}')).toBe(true);
    expect(d.facts).toBe('"type":"ndjson","records":1000,"items":1000,"objects":1000,"keys":2,"otherLines":0');
  });

  it("counts a key with few values by value and shows the records with a rare one", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 1000; i++) {
      const level = i == 613 || i == 777 ? "warn" : "info";
      parts.push('{"id":' + i.toString() + ',"level":"' + level + '","msg":"step ' + i.toString() + ' done"}');
    }
    const d = digestStructured(parts.join("\n"), 600, ctx, "");
    expect(d.llm.length).toBeLessThanOrEqual(600);
    expect(d.llm.startsWith('NDJSON, 1,000 records; keys: id (1000), level (1000: "info" 998, "warn" 2), msg (1000)\n')).toBe(true);
    expect(d.llm.includes("\n614: " + parts[613] + "\n")).toBe(true);
    expect(d.llm.includes("\n778: " + parts[777] + "\n")).toBe(true);
    // Values common enough are not picked out, and few records get no counts by value.
    const even = new Array<string>();
    for (let i = 0; i < 1000; i++) even.push('{"id":' + i.toString() + ',"ok":' + (i % 2 == 0 ? "true" : "false") + "}");
    const e = digestStructured(even.join("\n"), 300, ctx, "");
    expect(e.llm.includes("ok (1000: true 500, false 500)")).toBe(true);
    expect(e.llm.includes('{"id":500,')).toBe(false);
    const few = digestStructured('{"a":1}\n{"a":2}\n{"a":1}\n' + '{"a":1}\n'.repeat(10), 40, ctx, "");
    expect(few.llm.startsWith("NDJSON, 13 records; keys: a (13)")).toBe(true);
  });

  it("keeps the last record at every budget that holds the header, both ends and one marker", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 1000; i++) parts.push('{"id":' + i.toString() + ',"ok":' + (i % 2 == 0 ? "true" : "false") + "}");
    const t = parts.join("\n");
    for (let b = 200; b <= 420; b += 5) {
      const out = llm(t, b);
      expect(out.length).toBeLessThanOrEqual(b);
      expect(out.endsWith("\n1000: " + parts[999])).toBe(true);
    }
  });

  it("handles identical records, CRLF and blank lines", () => {
    const t = '{"a":1}\r\n'.repeat(500) + "\r\n" + '{"a":1}\r\n';
    const d = digestStructured(t, 120, ctx, "");
    expect(d.llm.length).toBeLessThanOrEqual(120);
    expect(d.facts.includes('"records":501')).toBe(true);
  });

  it("keeps the error lines among records", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 300; i++) parts.push('{"step":' + i.toString() + "}");
    parts.push("error: could not compile `x`");
    for (let i = 0; i < 300; i++) parts.push('{"step":' + (300 + i).toString() + "}");
    const d = digestStructured(parts.join("\n"), 400, new DigestContext("bash", "{}", 101), "");
    expect(d.llm.includes("error: could not compile `x`")).toBe(true);
    expect(d.summary).toBe("error: could not compile `x`");
    expect(d.llm.length).toBeLessThanOrEqual(400);
  });

  it("fits the tiniest budgets", () => {
    const t = '{"a":1}\n'.repeat(200);
    for (let b = 0; b < 50; b++) expect(llm(t, b).length).toBeLessThanOrEqual(b);
  });
});

/** `n` pretty-printed objects one after another, as `jq '.packages[…], …'` prints them. */
function prettyStream(n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) {
    parts.push('{\n  "name": "pkg-' + i.toString() + '",\n  "version": "1.' + i.toString() + '.0",\n  "license": "MIT",\n  "engines": {\n    "node": ">=20"\n  }\n}');
  }
  return parts.join("\n") + "\n";
}

describe("StructuredData: a stream of pretty-printed values", () => {
  it("counts the values, shows each shortened as JSON when they fit that way", () => {
    const d = digestStructured(prettyStream(4), 400, ctx, "");
    expect(d.llm.length).toBeLessThanOrEqual(400);
    expect(d.summary).toBe("JSON stream, 4 objects");
    expect(d.llm.startsWith("JSON stream, 4 objects\n")).toBe(true);
    const lines = d.llm.split("\n");
    for (let i = 1; i < lines.length; i++) expect(isJson(lines[i]) || lines[i].startsWith("{")).toBe(true);
    expect(d.llm.includes('"version": "1.3.0"')).toBe(true);
    expect(d.facts.includes('"type":"stream","values":4')).toBe(true);
  });
  it("the first values and the last one, a marker for those between", () => {
    const d = digestStructured(prettyStream(200), 800, ctx, "");
    expect(d.llm.length).toBeLessThanOrEqual(800);
    // Many objects: their keys counted as JSON lines' are ("license" holds one value only).
    expect(d.llm.startsWith("JSON stream, 200 objects; keys: name (200), version (200), license (200), engines (200)\n")).toBe(true);
    expect(d.llm.includes('"pkg-0"')).toBe(true);
    expect(d.llm.includes('"pkg-199"')).toBe(true);
    expect(d.llm.includes(" chars omitted...] lines ")).toBe(true);
    expect(d.llm.endsWith("}")).toBe(true);
  });
  it("the objects a rare value sets apart, wherever they are, and the values counted", () => {
    const t = prettyStream(200).replace('"pkg-97",\n  "version": "1.97.0",\n  "license": "MIT"', '"pkg-97",\n  "version": "1.97.0",\n  "license": "GPL-3.0"');
    const d = digestStructured(t, 800, ctx, "");
    expect(d.llm.length).toBeLessThanOrEqual(800);
    expect(d.llm.includes('license (200: "MIT" 199, "GPL-3.0" 1)')).toBe(true);
    expect(d.llm.includes('"GPL-3.0"')).toBe(true);
    expect(d.llm.includes('"pkg-97"')).toBe(true);
    expect(d.llm.indexOf('"pkg-0"') < d.llm.indexOf('"pkg-97"') && d.llm.indexOf('"pkg-97"') < d.llm.indexOf('"pkg-199"')).toBe(true);
  });
  it("whole when it fits; NDJSON and one document stay what they are", () => {
    const t = prettyStream(2);
    expect(digestStructured(t, 10000, ctx, "").llm).toBe(t);
    expect(digestStructured(t, 10000, ctx, "").summary).toBe("JSON stream, 2 objects");
    expect(digestStructured('{"a":1}\n{"a":2}\n{"a":3}\n', 10000, ctx, "").summary).toBe("NDJSON, 3 records");
    expect(digestStructured('{\n  "a": 1\n}\n', 10000, ctx, "").summary.startsWith("JSON object")).toBe(true);
    // Text after the first value: a document and the lines after it, not a stream.
    expect(digestStructured('{\n "a": 1\n}\nnot json\n{\n "a": 2\n}\n', 10000, ctx, "").facts.includes('"linesAfter":4')).toBe(true);
  });
  it("fits the tiniest budgets", () => {
    const t = prettyStream(50);
    for (let b = 0; b < 60; b += 7) expect(digestStructured(t, b, ctx, "").llm.length).toBeLessThanOrEqual(b);
  });
});

describe("StructuredData: not JSON", () => {
  it("treats empty and garbage input as text", () => {
    expect(llm("", 10)).toBe("");
    expect(facts("", 10)).toBe('"type":"text","parsed":false,"lines":0');
    const garbage = "{{{{ not json ]]]] " + "z".repeat(2000);
    const out = llm(garbage, 100);
    expect(out.length).toBeLessThanOrEqual(100);
    expect(out.includes("chars omitted")).toBe(true);
  });

  it("treats one huge line of text as text", () => {
    const t = "x".repeat(200000);
    expect(llm(t, 500).length).toBeLessThanOrEqual(500);
  });
});
