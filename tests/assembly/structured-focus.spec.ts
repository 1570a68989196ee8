import { indexJson } from "../../assembly/json";
import { focusRecord } from "../../assembly/digest/structured/focus";

function focus(record: string, cap: i32): string {
  const idx = indexJson(record, 0, record.length);
  return idx === null ? "<invalid>" : focusRecord(record, idx, cap);
}

// A go test -json output event (tests/fixtures/corpus/go-test-json-failures, line 192): "<" is "\u003c" in the source.
const GO_EVENT = '{"Time":"2026-11-25T01:18:55.954494937Z","Action":"output","Package":"example.test/shop/inventory","Test":"TestReserve","Output":"    inventory_test.go:71: Reserve: insufficient stock for A-7: 2 \\u003c 3\\n"}';

describe("focusRecord: a failure's record by its message", () => {
  it("keeps the message in its source text, short scalars beside it, and counts the rest", () => {
    expect(focus(GO_EVENT, 160)).toBe('{"Action":"output","Test":"TestReserve","Output":"    inventory_test.go:71: Reserve: insufficient stock for A-7: 2 \\u003c 3\\n","…":"+2 keys"}');
  });

  it("follows the keys down to a nested message and prefers the one with an error keyword (cargo)", () => {
    const record = '{"reason":"compiler-message","package_id":"path+file:///tmp/ledger#0.1.0","message":{"rendered":"error[E0308]: mismatched types\\n  --> src/main.rs:32:21\\n","level":"error","children":[],"notes":"a long note that has nothing to say about the failure at all"}}';
    const out = focus(record, 200);
    expect(out).toBe('{"reason":"compiler-message","message":{"rendered":"error[E0308]: mismatched types\\n  --> src/main.rs:32:21\\n","level":"error","…":"+2 keys"},"…":"+1 key"}');
  });

  it("cuts a long message at an escape's boundary and says how much is left", () => {
    const out = focus(GO_EVENT, 100);
    expect(out.length).toBeLessThanOrEqual(100);
    expect(out.includes("…(+")).toBe(true);
    // Still JSON: the cut never splits "\u003c" or "\n".
    expect(indexJson(out, 0, out.length) !== null).toBe(true);
  });

  it("gives up on a record of short values only, or when too little of the message fits", () => {
    expect(focus('{"Action":"fail","Elapsed":0}', 100)).toBe("");
    expect(focus(GO_EVENT, 40)).toBe("");
    expect(focus("[1,2,3]", 100)).toBe("");
  });
});
