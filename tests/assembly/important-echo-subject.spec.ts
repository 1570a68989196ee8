// An error line that repeats a chosen one word for word ("ERROR 404: File not found.")
// fails another item each time: the line above it that introduces it, ending in a colon
// ("http://host/b.html:"), names which, and is offered however alike the errors are.
import { keepImportant } from "../../assembly/important";

const HINT = "; read more: x";
const PAGES = ["berlin", "lisbon", "oslo", "porto", "madrid", "rome"];
const MISSING = ["vienna", "prague", "dublin", "krakow", "zurich", "ghent", "lyon", "bern", "riga", "sofia", "turin", "minsk"];

/**
 * A fetcher's log: the response headers of six pages saved, then of twelve missing,
 * each missing page's URL (ending in a colon, or not with `colon` false) over the same
 * error line, word for word; the totals last.
 */
function fetchLog(colon: bool): string {
  let text = "";
  for (let i = 0; i < PAGES.length; i++) {
    text += "  HTTP/1.0 200 OK\n  Server: SimpleHTTP/0.6 Python/3.11.7\n  Date: Sun, 29 Nov 2026 15:54:58 GMT\n  Content-type: text/html\n  Content-Length: 42\n";
    text += "2026-11-29 15:54:58 URL:http://127.0.0.1:18737/stores/" + PAGES[i] + ".html [42/42] -> \"mirror/" + PAGES[i] + ".html\" [1]\n";
  }
  for (let i = 0; i < MISSING.length; i++) {
    text += "  HTTP/1.0 404 File not found\n  Server: SimpleHTTP/0.6 Python/3.11.7\n  Date: Sun, 29 Nov 2026 15:54:58 GMT\n  Connection: close\n  Content-Length: 335\n";
    text += "http://127.0.0.1:18737/stores/" + MISSING[i] + ".html" + (colon ? ":" : "") + "\n";
    text += "2026-11-29 15:54:58 ERROR 404: File not found.\n";
  }
  return text + "FINISHED --2026-11-29 15:54:58--\nDownloaded: 6 files, 239 in 0s (11.4 MB/s)\n";
}

function urlsShown(out: string, colon: bool): i32 {
  let n = 0;
  for (let i = 0; i < MISSING.length; i++) if (out.includes("http://127.0.0.1:18737/stores/" + MISSING[i] + ".html" + (colon ? ":\n" : "\n"))) n++;
  return n;
}

describe("keepImportant: the item each repeated error fails", () => {
  it("shows every missing page's URL above its repeated error, marked gap by gap", () => {
    const text = fetchLog(true);
    const out = keepImportant(text, 2400, 0.5, HINT);
    expect(text.length).toBeGreaterThan(2400);
    expect(out.length).toBeLessThanOrEqual(2400);
    expect(urlsShown(out, true)).toBe(MISSING.length);
  });

  it("shows them under a small budget too, numbered", () => {
    const out = keepImportant(fetchLog(true), 1200, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(1200);
    expect(urlsShown(out, true)).toBe(MISSING.length);
  });

  it("leaves a line above that introduces nothing (no colon) to head and tail", () => {
    const out = keepImportant(fetchLog(false), 1200, 0.5, HINT);
    expect(urlsShown(out, false)).toBeLessThan(MISSING.length);
  });
});
