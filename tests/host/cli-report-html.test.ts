// The HTML report opened in a real headless Chromium (Debian's `chromium`):
// no console errors, nothing loaded from outside the file, a row expands by
// mouse and by keyboard to the full output beside what the model saw, and the
// layout holds at desktop and phone widths. Screenshots go to tests/output/.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, runCli } from "./support/run-cli.js";

function findChromium(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ["chromium", "chromium-browser"]) {
    try {
      return execFileSync("which", [name], { encoding: "utf8" }).trim() || null;
    } catch {
      // not on PATH: try the next name
    }
  }
  return null;
}

const executablePath = findChromium();
const OUTPUT = fileURLToPath(new URL("../output/", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "abridge-html-"));
const log = join(dir, "replay.jsonl");
const html = join(dir, "report.html");
const MAKE = "toolu_01Qm7Zs4wVbN2kLx8RtYpA1c";
const LS = "toolu_01Lc5Nw7Qe2Ua9Kd4Hf6Zr3t";

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("abridge report --html (written without a browser)", () => {
  beforeAll(() => {
    const files = ["claude-code-session.jsonl", "codex-rollout.jsonl", "codex-rollout-legacy.jsonl", "generic.jsonl"].map((f) => fixture(`transcripts/${f}`));
    expect(runCli(["replay", ...files, "--log", log]).status).toBe(0);
    const r = runCli(["report", log, "--html", html]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^abridge: wrote .*report\.html \(16 calls, [\d,]+ KB\)\n$/);
  });

  it("is one self-contained file with every output HTML-escaped", () => {
    const page = readFileSync(html, "utf8");
    expect(page).not.toMatch(/<(?:link|img|iframe)\b|\ssrc=|@import|url\(/i);
    expect(page).not.toMatch(/href="(?!#)/);
    // Raw ANSI never reaches the page; the colours do, as spans.
    expect(page).not.toContain("\x1b");
    expect(page).toMatch(/<span style="color:#[0-9a-f]{6};font-weight:bold">/);
    // cargo's backtrace frames `<fn() -> core::result::Result<…> as …>::call_once` arrive as text.
    expect(page).not.toContain("<fn() -> core::result");
    expect(page).toContain("&lt;fn() -&gt; core::result::Result&lt;(), alloc::string::String&gt;");
  });
});

describe.skipIf(executablePath === null)(`HTML report in headless Chromium${executablePath === null ? " (skipped: no chromium on PATH; apt-get install chromium)" : ""}`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: executablePath! });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(width: number, height: number): Promise<{ page: Page; errors: string[]; external: string[] }> {
    const page = await browser.newPage({ viewport: { width, height } });
    const errors: string[] = [];
    const external: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("request", (r) => {
      if (!/^(?:file|data|about):/.test(r.url())) external.push(r.url());
    });
    await page.goto(pathToFileURL(html).href);
    return { page, errors, external };
  }

  const rowOf = (page: Page, callId: string) => page.locator("details.call").filter({ has: page.locator(".call-meta", { hasText: `call ${callId} ` }) });

  it("expands a row to the full output beside what the model saw, markers explained", async () => {
    const { page, errors, external } = await open(1280, 800);
    expect(await page.locator("details.call").count()).toBe(16);
    expect(await page.locator("svg.chart rect.raw").count()).toBe(16);
    expect(await page.locator("details.call[open]").count()).toBe(0);

    const row = rowOf(page, MAKE);
    await row.locator("summary").click();
    expect(await row.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    const llm = row.locator("pre.llm");
    await expect.poll(() => llm.isVisible()).toBe(true);
    expect(await llm.innerText()).toMatch(/\[\.\.\.[\d,]+ chars omitted\.\.\.\] lines \d+–\d+ of 616/);
    expect(await row.locator("pre.llm .marker").count()).toBeGreaterThan(0);
    expect(await row.locator(".markers li").first().innerText()).toMatch(/characters \(lines \d+–\d+ of 616\) of the cleaned output were left out here/);
    // The error line the model saw is highlighted as kept in the full output, with its line number.
    const errorLine = row.locator("pre.out:not(.llm) > span", { hasText: "u301.c:4:3: error: expected" });
    expect(await errorLine.getAttribute("class")).toBe("kept");
    expect(await errorLine.locator(".n").innerText()).toBe(String(readFileSync(fixture("make-k-c-syntax-error/output"), "utf8").split("\n").findIndex((l) => l.startsWith("u301.c:4:3: error")) + 1));
    // Both panes side by side on a desktop.
    const [left, right] = await row.locator(".pane").evaluateAll((panes) => panes.map((p) => p.getBoundingClientRect().left));
    expect(right!).toBeGreaterThan(left! + 300);

    await row.scrollIntoViewIfNeeded();
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: join(OUTPUT, "report.png") });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });

  it("opens a row from the keyboard and shows ANSI colour as spans", async () => {
    const { page, errors } = await open(1280, 800);
    const row = rowOf(page, LS);
    await row.locator("summary").focus();
    await page.keyboard.press("Enter");
    expect(await row.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    const coloured = row.locator("pre.out:not(.llm) span[style*='color:']");
    expect(await coloured.count()).toBeGreaterThan(10);
    expect(await row.locator("pre.out:not(.llm)").innerText()).not.toContain("\x1b");
    // A chart bar links to its row and opens it.
    await page.locator('svg.chart a[href="#call-1"]').click();
    expect(await page.locator("#call-1").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("fits a phone's width: panes stacked, no sideways scrolling of the page", async () => {
    const { page, errors } = await open(390, 844);
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: join(OUTPUT, "report-phone.png") });
    const row = rowOf(page, MAKE);
    await row.locator("summary").click();
    const [left, right] = await row.locator(".pane").evaluateAll((panes) => panes.map((p) => p.getBoundingClientRect()));
    expect(right!.top).toBeGreaterThan(left!.bottom - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT, "report-phone-row.png") });
    expect(errors).toEqual([]);
    await page.close();
  });
});
